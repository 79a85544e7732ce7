/**
 * What the edit-profile page reads (spec 1 §2.1 account/edit-profile, spec 2 §7), one query each
 * (src/lib/api/query.ts), each asked once per page: the customer's profile, the ID types of the
 * profile's country (once the profile is in), and every country of the world for the nationality.
 */
import { computed } from 'nanostores';
import { query, type Query } from '../api/query.ts';
import { getProfile } from '../api/customers/contract.ts';
import { getAllCountries, getIdTypes } from '../api/reference/contract.ts';
import type { Lang } from '../../i18n/languages.ts';
import { forCustomer } from '../session/session-store.ts';

const customer = forCustomer((guid) => ({ params: { guid } }));

export const $profile = query(getProfile, customer);

/** The types the profile's country accepts, with the customer's current one kept. */
export const $idTypes = query(
  getIdTypes,
  computed($profile, ({ data }) =>
    data ? { params: { code: data.countryCode }, query: { currentIdType: data.idType ?? undefined } } : null,
  ),
);

const allCountries = new Map<Lang, Query<typeof getAllCountries>>();

/** Every country of the world, named in the page's language: one store a language. */
export function allCountriesIn(lang: Lang): Query<typeof getAllCountries> {
  let store = allCountries.get(lang);
  if (!store) allCountries.set(lang, (store = query(getAllCountries, { query: { language: lang } })));
  return store;
}
