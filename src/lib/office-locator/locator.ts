/**
 * The office locator's rules (spec 1 §2.1, §2.7; spec 2 §2): where the address points (a country, a place),
 * which places show for a chosen type, and their order.
 */
import { localeOf, type Lang } from '../../i18n/languages.ts';
import { OFFICE_TYPE_IDS } from '../reference/schemas.ts';
import { requireRoute } from '../routes/route-table.ts';

export type PlaceTypeFilter = 'all' | keyof typeof OFFICE_TYPE_IDS;
export const PLACE_TYPE_FILTERS: readonly PlaceTypeFilter[] = ['all', 'reception', 'outlet', 'locker'];

export interface LocatorTarget {
  /** Upper-case ISO code, or null on the locator's own page. */
  countryCode: string | null;
  /** The place's id as written (three letters or 1–5 digits), or null. */
  placeId: string | null;
}

/**
 * What /{lang}/office/office-locator[/{countryCode}[/{id}]] points to. A shape the route table refuses
 * (the server answers those with 404 before the page loads) gives null.
 */
export function locatorTarget(pathname: string): LocatorTarget | null {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [, office, locator, countryCode, placeId, ...rest] = parts;
  if (office !== 'office' || locator !== 'office-locator' || rest.length > 0) return null;
  if (countryCode === undefined) return { countryCode: null, placeId: null };
  const country = requireRoute('office-locator.place').constraints?.['countryCode'];
  const place = requireRoute('office-locator.place').constraints?.['id'];
  if (!country?.test(countryCode)) return null;
  if (placeId === undefined) return { countryCode: countryCode.toUpperCase(), placeId: null };
  if (!place?.test(placeId)) return null;
  return { countryCode: countryCode.toUpperCase(), placeId };
}

/** Whether a place answers to the id of the address (letters in any case). */
export function isPlace(place: { id: string }, id: string): boolean {
  return place.id.toUpperCase() === id.toUpperCase();
}

/** The places of one type (or all), by city and then id, in the page's language. */
export function placesOfType<P extends { id: string; typeIds: readonly number[]; cityName: string }>(
  places: readonly P[],
  filter: PlaceTypeFilter,
  lang: Lang,
): P[] {
  const collator = new Intl.Collator(localeOf(lang), { numeric: true });
  return places
    .filter((p) => filter === 'all' || p.typeIds.includes(OFFICE_TYPE_IDS[filter]))
    .sort((a, b) => collator.compare(a.cityName, b.cityName) || collator.compare(a.id, b.id));
}

/**
 * The country the locator opens on when the address names none: the customer's own, else the one of the
 * visitor's address; only a country with offices.
 */
export function defaultLocatorCountry(
  candidates: readonly (string | null | undefined)[],
  withOffices: readonly string[],
): string | null {
  for (const code of candidates) {
    const upper = code?.toUpperCase();
    if (upper && withOffices.includes(upper)) return upper;
  }
  return null;
}
