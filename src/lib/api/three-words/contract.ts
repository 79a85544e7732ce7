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
import { isThreeWordAddress, threeWordWords } from '../../three-words/three-word-address.ts';

/** Spec 2 §7: autosuggest answers at most 50 suggestions. */
export const MAX_SUGGESTIONS = 50;

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

export const latLngSchema = z.object({ lat: latitude, lng: longitude });
export type LatLng = z.infer<typeof latLngSchema>;

/** The square of an address: its south-west and north-east corners. */
export const squareSchema = z.object({ southwest: latLngSchema, northeast: latLngSchema });
export type Square = z.infer<typeof squareSchema>;

/** An ISO 3166-1 alpha-2 code, or null for none (the sea). */
const countrySchema = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .nullable();

/** Address result (spec 2 §3): the square's centre, the square, the words (no ///) and the square's country. */
export const addressResultSchema = z.object({
  lat: latitude,
  lng: longitude,
  geometry: squareSchema,
  words: z.string().min(1),
  country: countrySchema,
});
export type AddressResult = z.infer<typeof addressResultSchema>;

/**
 * Three-word suggestion (spec 2 §3): `words` without ///, the square's `country`, `place` (the nearest place or,
 * for the embedded service, the country's name in the asked language), `text` (the words) and `label` (///words).
 */
export const suggestionSchema = z.object({
  words: z.string().min(1),
  country: countrySchema,
  place: z.string(),
  text: z.string(),
  label: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const autosuggestResultSchema = z.object({ suggestions: z.array(suggestionSchema).max(MAX_SUGGESTIONS) });
export type AutosuggestResult = z.infer<typeof autosuggestResultSchema>;

const languageSchema = z.enum(['en', 'ar']).default('en');

/** A three-word address as typed (a leading /// allowed and dropped); the general pattern of spec 1 §5. */
export const threeWordsSchema = z
  .string()
  .trim()
  .max(200)
  .transform(threeWordWords)
  .refine((words) => words !== '' && isThreeWordAddress(words), 'Not a three-word address');

export const forwardQuerySchema = z.object({ words: threeWordsSchema });
export type ForwardQuery = z.input<typeof forwardQuerySchema>;

const coordinate = (schema: z.ZodNumber) => z.string().trim().min(1).transform(Number).pipe(schema);

export const reverseQuerySchema = z
  .object({ lat: coordinate(latitude), lng: coordinate(longitude), language: languageSchema })
  .refine((q) => q.lat !== 0 || q.lng !== 0, { message: 'Coordinates 0,0 are ignored', path: ['lat'] });
export type ReverseQuery = z.input<typeof reverseQuerySchema>;

/** `lat,lng` as the focus of an autosuggest. */
export const focusSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, 'Expected lat,lng')
  .transform((s) => {
    const [lat, lng] = s.split(',').map(Number);
    return { lat: lat!, lng: lng! };
  })
  .pipe(latLngSchema);

export const autosuggestQuerySchema = z.object({
  input: z.string().trim().min(1).max(100),
  /** Only suggestions in this country (alpha-2, any case). */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase())
    .optional(),
  /** Suggestions nearer this point first. */
  focus: focusSchema.optional(),
  language: languageSchema,
  limit: z.coerce.number().int().min(1).max(MAX_SUGGESTIONS).default(MAX_SUGGESTIONS),
});
export type AutosuggestQuery = z.input<typeof autosuggestQuerySchema>;

export const ThreeWordsErrorCode = {
  /** The what3words API failed or did not answer in time (502). */
  upstreamUnavailable: 'UPSTREAM_UNAVAILABLE',
} as const;
