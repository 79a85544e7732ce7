/**
 * The maps service's place search (spec 2 §7 Widgets "Maps service"): where a customer's street, city or
 * country is. The API depends on this interface only.
 *
 * The embedded geocoder knows no streets: it places a city by the product's own offices in it (their middle)
 * and a country by its largest land (Natural Earth), and says which it found — the picker then opens at that
 * zoom and the customer moves the pin to their door.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { offices } from '../db/schema.ts';
import type { Office } from '../../src/lib/reference/schemas.ts';
import type { GeocodeResult } from '../../src/lib/api/maps/contract.ts';
import { countryCentre } from './country-at-point.ts';

export interface GeocodeRequest {
  /** ISO alpha-2, upper case. */
  country: string;
  city: string;
  street: string;
}

export interface Geocoder {
  locate(request: GeocodeRequest): Promise<GeocodeResult | null>;
}

/** Zoom per precision (spec 2 §9: middle 5 for a country, high 17 for a place). */
export const GEOCODE_ZOOM = { street: 17, city: 12, country: 5 } as const;

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Cities by the offices in them, countries by their land. */
export class EmbeddedGeocoder implements Geocoder {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async locate({ country, city }: GeocodeRequest): Promise<GeocodeResult | null> {
    const wanted = fold(city);
    if (wanted) {
      const rows = await this.db.select({ data: offices.data }).from(offices).where(eq(offices.countryCode, country));
      const inCity = rows
        .map((r) => r.data as Office)
        .filter((o) => fold(o.cityName.en) === wanted || fold(o.cityName.ar) === wanted);
      if (inCity.length > 0) {
        const lat = inCity.reduce((sum, o) => sum + o.geoLatitude, 0) / inCity.length;
        const lng = inCity.reduce((sum, o) => sum + o.geoLongitude, 0) / inCity.length;
        return { lat, lng, zoom: GEOCODE_ZOOM.city, precision: 'city' };
      }
    }
    const centre = countryCentre(country);
    return centre ? { ...centre, zoom: GEOCODE_ZOOM.country, precision: 'country' } : null;
  }
}
