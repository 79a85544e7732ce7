/** The three-word address calls (spec 2 §7 Widgets "Three-word service"; docs/decisions/019). */
import { http } from '../http.ts';
import { call } from '../call.ts';
import { ApiError } from '../errors.ts';
import type { Lang } from '../../../i18n/languages.ts';
import {
  addressResultSchema,
  autosuggestResultSchema,
  MAX_SUGGESTIONS,
  type AddressResult,
  type LatLng,
  type Suggestion,
} from './contract.ts';
import { threeWordWords } from '../../three-words/three-word-address.ts';

/** The square of a three-word address (a leading /// is fine); null when there is no such address. */
export async function forward(words: string): Promise<AddressResult | null> {
  try {
    return await call(addressResultSchema, () =>
      http.get('v1/threewords/forward', { searchParams: { words: threeWordWords(words) } }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The three-word address of a point, in `language` where the service has words in it (the embedded service
 * answers English words whatever the language). Coordinates 0,0 are ignored (spec 1 §4.12): null, no request.
 */
export async function reverse(lat: number, lng: number, language: Lang): Promise<AddressResult | null> {
  if (lat === 0 && lng === 0) return null;
  return call(addressResultSchema, () => http.get('v1/threewords/reverse', { searchParams: { lat, lng, language } }));
}

export interface AutosuggestOptions {
  /** What the customer typed so far: two words and the start of the third. */
  input: string;
  /** Only squares in this country (alpha-2). Spec 1 §5: the address field suggests only once a country is set. */
  country?: string | undefined;
  /** Squares nearer this point first. */
  focus?: LatLng | undefined;
  language?: Lang | undefined;
  /** At most this many (1 to 50; default 50). */
  limit?: number | undefined;
}

/** Suggestions for a partly typed three-word address, exact match first. */
export async function autosuggest(options: AutosuggestOptions): Promise<Suggestion[]> {
  const searchParams: Record<string, string | number> = { input: options.input.trim() };
  if (options.country) searchParams.country = options.country;
  if (options.focus) searchParams.focus = `${options.focus.lat.toFixed(6)},${options.focus.lng.toFixed(6)}`;
  if (options.language) searchParams.language = options.language;
  searchParams.limit = Math.max(1, Math.min(MAX_SUGGESTIONS, Math.trunc(options.limit ?? MAX_SUGGESTIONS)));
  const { suggestions } = await call(autosuggestResultSchema, () =>
    http.get('v1/threewords/autosuggest', { searchParams }),
  );
  return suggestions;
}
