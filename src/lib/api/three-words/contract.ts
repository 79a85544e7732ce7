/**
 * Contract of the three-word address service (spec 2 §7 Widgets "Three-word service"; docs/decisions/019):
 *
 * - GET api/v1/threewords/forward?words=a.b.c → AddressResult (404 NOT_FOUND: no such address)
 * - GET api/v1/threewords/reverse?lat&lng&language → AddressResult (0,0 and out-of-range points: 400)
 * - GET api/v1/threewords/autosuggest?input&country&focus&language&limit → { suggestions } (at most 50)
 *
 * Open to visitors, limited per caller address (429 with Retry-After). Behind them, either the project's own
 * embedded encoding (English words) or the what3words API; an upstream failure of the latter answers 502
 * UPSTREAM_UNAVAILABLE.
 */
import { z } from '../../zod.ts';
import { DEFAULT_LANG, LANGUAGES } from '../../../i18n/languages.ts';
import { countryCodeQuerySchema } from '../../reference/schemas.ts';
import { isThreeWordAddress, threeWordWords } from '../../three-words/three-word-address.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';

/** Spec 2 §7: autosuggest answers at most 50 suggestions. */
export const MAX_SUGGESTIONS = 50;

const latitude = z.number().check(z.gte(-90), z.lte(90));
const longitude = z.number().check(z.gte(-180), z.lte(180));

export const latLngSchema = z.object({ lat: latitude, lng: longitude });
export type LatLng = z.infer<typeof latLngSchema>;

/** The square of an address: its south-west and north-east corners. */
export const squareSchema = z.object({ southwest: latLngSchema, northeast: latLngSchema });
export type Square = z.infer<typeof squareSchema>;

/** An ISO 3166-1 alpha-2 code, or null for none (the sea). */
const countrySchema = z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/)));

/** Address result (spec 2 §3): the square's centre, the square, the words (no ///) and the square's country. */
export const addressResultSchema = z.object({
  lat: latitude,
  lng: longitude,
  geometry: squareSchema,
  words: z.string().check(z.minLength(1)),
  country: countrySchema,
});
export type AddressResult = z.infer<typeof addressResultSchema>;

/**
 * Three-word suggestion (spec 2 §3): `words` without ///, the square's `country`, `place` (the nearest place or,
 * for the embedded service, the country's name in the asked language), `text` (the words) and `label` (///words).
 */
export const suggestionSchema = z.object({
  words: z.string().check(z.minLength(1)),
  country: countrySchema,
  place: z.string(),
  text: z.string(),
  label: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const autosuggestResultSchema = z.object({
  suggestions: z.array(suggestionSchema).check(z.maxLength(MAX_SUGGESTIONS)),
});
export type AutosuggestResult = z.infer<typeof autosuggestResultSchema>;

const languageSchema = z._default(z.enum(LANGUAGES), DEFAULT_LANG);

/** A three-word address as typed (a leading /// allowed and dropped); the general pattern of spec 1 §5. */
export const threeWordsSchema = z
  .pipe(z.string().check(z.trim(), z.maxLength(200)), z.transform(threeWordWords))
  .check(z.refine((words) => words !== '' && isThreeWordAddress(words), 'Not a three-word address'));

export const forwardQuerySchema = z.object({ words: threeWordsSchema });
export type ForwardQuery = z.input<typeof forwardQuerySchema>;

const coordinate = (schema: z.ZodMiniNumber<number>) =>
  z.pipe(z.pipe(z.string().check(z.trim(), z.minLength(1)), z.transform(Number)), schema);

export const reverseQuerySchema = z
  .object({ lat: coordinate(latitude), lng: coordinate(longitude), language: languageSchema })
  .check(z.refine((q) => q.lat !== 0 || q.lng !== 0, { message: 'Coordinates 0,0 are ignored', path: ['lat'] }));
export type ReverseQuery = z.input<typeof reverseQuerySchema>;

/** `lat,lng` as the focus of an autosuggest. */
export const focusSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim(), z.regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, 'Expected lat,lng')),
    z.transform((s: string) => {
      const [lat, lng] = s.split(',').map(Number);
      return { lat: lat!, lng: lng! };
    }),
  ),
  latLngSchema,
);

export const autosuggestQuerySchema = z.object({
  input: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  /** Only suggestions in this country (alpha-2, any case). */
  country: z.optional(countryCodeQuerySchema),
  /** Suggestions nearer this point first. */
  focus: z.optional(focusSchema),
  language: languageSchema,
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_SUGGESTIONS)), MAX_SUGGESTIONS),
});
export type AutosuggestQuery = z.input<typeof autosuggestQuerySchema>;

export const ThreeWordsErrorCode = {
  /** The what3words API failed or did not answer in time (502). */
  upstreamUnavailable: 'UPSTREAM_UNAVAILABLE',
} as const;

// ---------------------------------------------------------------------------
// The calls: open to everyone, limited per caller address; an upstream failure of what3words is a 502.

const tag = 'Three-word addresses';
const limited = { 429: [ErrorCode.tooManyAttempts], 502: [ThreeWordsErrorCode.upstreamUnavailable] } as const;

export const getThreeWordSquare = endpoint({
  tag,
  summary: 'The square of a three-word address (forward)',
  method: 'GET',
  path: 'api/v1/threewords/forward',
  query: forwardQuerySchema,
  answer: addressResultSchema,
  errors: { ...limited, 404: [ErrorCode.notFound] },
});

export const getThreeWordAddress = endpoint({
  tag,
  summary: 'The three-word address of a point (reverse); 0,0 is refused',
  method: 'GET',
  path: 'api/v1/threewords/reverse',
  query: reverseQuerySchema,
  answer: addressResultSchema,
  errors: limited,
});

export const getThreeWordSuggestions = endpoint({
  tag,
  summary: 'Suggestions for a partly typed three-word address, exact match first (at most 50)',
  method: 'GET',
  path: 'api/v1/threewords/autosuggest',
  query: autosuggestQuerySchema,
  answer: autosuggestResultSchema,
  errors: limited,
});
