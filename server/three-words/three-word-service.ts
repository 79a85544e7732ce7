/**
 * The three-word address service (spec 2 §7 Widgets; docs/decisions/019): one interface, two adapters.
 *
 * - EmbeddedThreeWords (default, server/three-words/embedded-three-words.ts): the project's own open encoding of
 *   5.5 m squares as three English words, offline.
 * - What3wordsThreeWords (server/three-words/what3words.ts): the what3words REST API v3, when W3W_API_KEY is set.
 *
 * The API routes (server/api/three-words/three-words.routes.ts) speak only to this interface.
 */
import type { Lang } from '../../src/i18n/languages.ts';
import type { AddressResult, LatLng, Suggestion } from '../../src/lib/api/three-words/contract.ts';

export type { AddressResult, LatLng, Suggestion };

export interface AutosuggestRequest {
  /** As typed: two words and the start of the third, a leading /// allowed. */
  input: string;
  /** Only squares in this country (ISO 3166-1 alpha-2, upper case). */
  country?: string | undefined;
  /** Squares nearer this point first. */
  focus?: LatLng | undefined;
  /** Language of the place names (and, where the adapter has several, of the words). */
  language?: Lang | undefined;
  /** At most this many suggestions (1 to 50). */
  limit: number;
}

export interface ThreeWordService {
  /** Which adapter answers (logged at start; never the key). */
  readonly kind: 'embedded' | 'what3words';
  /** The square of a three-word address (no ///); null when there is no such address. */
  forward(words: string): Promise<AddressResult | null>;
  /**
   * The three-word address of a point. Null for 0,0 (spec 1 §4.12: ignored); a point outside the globe
   * (latitude beyond ±90, longitude beyond ±180, not a number) throws a ThreeWordRangeError.
   */
  reverse(lat: number, lng: number, language: Lang): Promise<AddressResult | null>;
  /** Suggestions for a partly typed address: exact match first; at most `limit`. */
  autosuggest(request: AutosuggestRequest): Promise<Suggestion[]>;
}

/** A point that is not on the globe. */
export class ThreeWordRangeError extends RangeError {
  constructor(lat: number, lng: number) {
    super(`No such point: ${lat},${lng}`);
    this.name = 'ThreeWordRangeError';
  }
}

/** The remote service failed, refused the key, or did not answer in time. */
export class ThreeWordUpstreamError extends Error {
  /** The upstream's HTTP status, when it answered. */
  readonly status: number | undefined;
  /** The upstream's error code (what3words' `error.code`), when it gave one. */
  readonly code: string | undefined;

  constructor(message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ThreeWordUpstreamError';
    this.status = options.status;
    this.code = options.code;
  }
}

export const isValidPoint = (lat: number, lng: number): boolean =>
  Number.isFinite(lat) && Number.isFinite(lng) && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;

/** The address as a suggestion label: ///words. */
export const labelOf = (words: string): string => `///${words}`;

/** Spec 1 §5's check, asked of a service: at most 50 suggestions, clipped to the country. */
export const suggestionsIn =
  (service: ThreeWordService) =>
  (words: string, country: string): Promise<Suggestion[]> =>
    service.autosuggest({ input: words, country, limit: 50 });
