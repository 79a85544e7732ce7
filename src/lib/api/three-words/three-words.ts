/**
 * The three-word autosuggest call (spec 2 §7 Widgets "Three-word service"; docs/decisions/019) as the field's
 * check needs it: the input trimmed, a focus written as the query wants it, the limit kept within the API's. The
 * picker reads the square calls as queries (src/lib/three-words/queries.ts).
 */
import { call } from '../call.ts';
import type { Lang } from '../../../i18n/languages.ts';
import { MAX_SUGGESTIONS, getThreeWordSuggestions, type LatLng, type Suggestion } from './contract.ts';

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
  const { focus } = options;
  const { suggestions } = await call(getThreeWordSuggestions, {
    query: {
      input: options.input.trim(),
      country: options.country || undefined,
      focus: focus ? `${focus.lat.toFixed(6)},${focus.lng.toFixed(6)}` : undefined,
      language: options.language,
      limit: Math.max(1, Math.min(MAX_SUGGESTIONS, Math.trunc(options.limit ?? MAX_SUGGESTIONS))),
    },
  });
  return suggestions;
}
