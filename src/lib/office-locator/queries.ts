/**
 * What the office locator reads (spec 1 §2.1, §2.7; spec 2 §2), one query each (src/lib/api/query.ts), from what
 * its address points to: the places of the country shown, asked once per country and kept (going back to a
 * country asks nothing); and, on the locator's own page for a visitor with no country of their own, the country
 * of the visitor's address, which the page then opens on.
 */
import { atom, computed } from 'nanostores';
import type { Lang } from '../../i18n/languages.ts';
import { query } from '../api/query.ts';
import { ALL_PLACE_TYPES, getLocations } from '../api/service-options/contract.ts';
import { getCountryByClient } from '../api/reference/contract.ts';
import { $session } from '../session/session-store.ts';
import { defaultLocatorCountry, type LocatorTarget } from './locator.ts';

interface LocatorPage {
  lang: Lang;
  /** Codes of the countries with offices. */
  officeCountries: readonly string[];
  /** What the address points to; null for a shape the route table refuses. */
  address: LocatorTarget | null;
}

/** The open page; null until it opens. */
export const $locatorPage = atom<LocatorPage | null>(null);

const ownCountry = computed($session, (user) => user?.countryCode ?? null);

export const $visitorCountry = query(
  getCountryByClient,
  computed([$locatorPage, ownCountry], (page, own) => (page && !page.address?.countryCode && !own ? {} : null)),
);

/**
 * The country shown: the one of the address; on the locator's own page the customer's, else the visitor's (only a
 * country with offices); null while there is none.
 */
export const $locatorCountry = computed(
  [$locatorPage, ownCountry, $visitorCountry],
  (page, own, visitor) =>
    page?.address?.countryCode ??
    (page ? defaultLocatorCountry([own, visitor.data?.countryCode], page.officeCountries) : null),
);

export const $countryPlaces = query(
  getLocations,
  computed([$locatorPage, $locatorCountry], (page, countrycode) =>
    page && countrycode ? { query: { countrycode, typeids: ALL_PLACE_TYPES, lang: page.lang } } : null,
  ),
);

/** Opens the page on what its address points to. */
export function openLocator(lang: Lang, officeCountries: readonly string[], address: LocatorTarget | null): void {
  $locatorPage.set({ lang, officeCountries, address });
}

/** The address changed (a link followed, back or forward). */
export function moveLocator(address: LocatorTarget | null): void {
  const page = $locatorPage.get();
  if (page) $locatorPage.set({ ...page, address });
}
