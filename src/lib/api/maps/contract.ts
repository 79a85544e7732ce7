/**
 * Contract of the maps service's place search (spec 2 §7 Widgets "Maps service"; spec 1 §4.12): where the
 * three-word address picker starts when the field is empty — the customer's street, city or country.
 *
 * GET api/v1/geocode?country&city&street → { lat, lng, zoom, precision }
 */
import { z } from '../../zod.ts';
import { countryCodeQuerySchema } from '../../reference/schemas.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';

export const GEOCODE_PRECISIONS = ['street', 'city', 'country'] as const;
export type GeocodePrecision = (typeof GEOCODE_PRECISIONS)[number];

export const geocodeQuerySchema = z.object({
  country: countryCodeQuerySchema,
  city: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
  street: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
});
export type GeocodeQuery = z.input<typeof geocodeQuerySchema>;

export const geocodeResultSchema = z.object({
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
  /** How close the map should look: 17 for a street, 12 for a city, 5 for a country (spec 2 §9). */
  zoom: z.number().check(z.gte(0), z.lte(22)),
  /** What was found: the search goes as far as the data allows, and says which. */
  precision: z.enum(GEOCODE_PRECISIONS),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

export const locatePlace = endpoint({
  tag: 'Maps',
  summary: "Where the address picker starts: the customer's street, else city, else country",
  description: 'Open to visitors (the signup form uses it), limited per caller address. 404: not even the country.',
  method: 'GET',
  path: 'api/v1/geocode',
  query: geocodeQuerySchema,
  answer: geocodeResultSchema,
  errors: { 404: [ErrorCode.notFound], 429: [ErrorCode.tooManyAttempts] },
});
