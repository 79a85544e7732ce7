/** Reference data (spec 2 §7): countries, plans, cities, ID types and country settings. Open to everyone. */
import { asc } from 'drizzle-orm';
import {
  getAllCountries,
  getCities,
  getCountries,
  getCountry,
  getCountryByClient,
  getIdTypes,
  getMembershipPlans,
  getThreeWordsSetting,
  idTypeSchema,
  type CountryResponse,
  type IdType,
} from '../../../src/lib/api/reference/contract.ts';
import { countries } from '../../db/schema.ts';
import type { ApiRouter } from '../router.ts';
import { knownCountry } from '../known-country.ts';
import { clientCountry } from '../client-country.ts';
import { citiesStartingWith, planList, worldCountries, type CountryRow } from '../../reference/lookups.ts';

const toCountry = (c: CountryRow): CountryResponse => ({
  code: c.code,
  nameEn: c.nameEn,
  nameAr: c.nameAr,
  isZipCodeRequired: c.isZipCodeRequired,
  hasAddresses: c.hasAddresses,
  enableWhat3Words: c.enableWhat3Words,
  phoneCode: c.phoneCode,
  currencyCode: c.currencyCode,
});

/** The country's accepted ID types, plus the user's current one (if a known type) so a saved profile stays valid. */
export function idTypesOf(country: CountryRow, current?: string | null): IdType[] {
  const types = country.idTypes.flatMap((t) => {
    const parsed = idTypeSchema.safeParse(t);
    return parsed.success ? [parsed.data] : [];
  });
  const extra = idTypeSchema.safeParse(current);
  if (extra.success && !types.includes(extra.data)) types.push(extra.data);
  return types;
}

export function referenceRoutes(router: ApiRouter): void {
  router.handle(getCountries, async (c) => {
    const rows = await c.var.deps.db.select().from(countries).orderBy(asc(countries.nameEn));
    return rows.map(toCountry);
  });

  router.handle(getCountry, async (c, { params }) => toCountry(await knownCountry(c.var.deps.db, params.code)));

  router.handle(getAllCountries, async (c, { query }) => worldCountries(c.var.deps.db, query.language));

  // The visitor's country as the edge in front reports it (Cloudflare's CF-IPCountry by default); without a
  // trusted proxy the header could be anyone's word. When the edge names no country the service knows, the
  // offline IP database has its say on the client's address (loopback and private addresses: none). Else null,
  // and the client falls back to 'default'.
  router.handle(getCountryByClient, async (c) => ({ countryCode: await clientCountry(c) }));

  // 'default' asks for the default list (spec 2 §9: the default country code), as for a visitor of unknown country.
  router.handle(getMembershipPlans, async (c, { params }) => {
    const { db } = c.var.deps;
    if (params.code.toLowerCase() === 'default') return planList(db, 'default');
    return planList(db, (await knownCountry(db, params.code)).code);
  });

  router.handle(getIdTypes, async (c, { params, query }) =>
    idTypesOf(await knownCountry(c.var.deps.db, params.code), query.currentIdType),
  );

  // The same flag GET api/countries/{code} answers, seeded from the file the site's forms are built from
  // (src/content/data/countries.json), so the API and the address form can't disagree.
  router.handle(
    getThreeWordsSetting,
    async (c, { params }) => (await knownCountry(c.var.deps.db, params.code)).enableWhat3Words,
  );

  router.handle(getCities, async (c, { params }) => {
    const { db } = c.var.deps;
    return citiesStartingWith(db, (await knownCountry(db, params.code)).code, params.name);
  });
}
