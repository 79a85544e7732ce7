/** The maps service's place search (spec 2 §7 Widgets): where the address picker starts. */
import { http } from '../http.ts';
import { call } from '../call.ts';
import { ApiError } from '../errors.ts';
import { geocodeResultSchema, type GeocodeQuery, type GeocodeResult } from './contract.ts';

/** The customer's street, city or country on the map; null when not even the country is known. */
export async function geocode(query: GeocodeQuery): Promise<GeocodeResult | null> {
  const searchParams = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  try {
    return await call(geocodeResultSchema, () => http.get('v1/geocode', { searchParams }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
