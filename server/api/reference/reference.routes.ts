/** Reference data (spec 2 §7): countries, plans, cities and ID types. Open to everyone. */
import { asc } from 'drizzle-orm';
import {
  idTypeSchema,
  type CountryByClient,
  type CountryResponse,
  type IdType,
} from '../../../src/lib/api/reference/contract.ts';
import { countries } from '../../db/schema.ts';
import { notFound } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { clientAddress } from '../client-address.ts';
import { citiesStartingWith, findCountry, planList, type CountryRow } from './lookups.ts';

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
  router.get('/api/countries', async (c) => {
    const rows = await c.var.deps.db.select().from(countries).orderBy(asc(countries.nameEn));
    return c.json(rows.map(toCountry));
  });

  router.get('/api/countries/:code', async (c) => {
    const country = await findCountry(c.var.deps.db, c.req.param('code'));
    if (!country) throw notFound();
    return c.json(toCountry(country));
  });

  // The visitor's country as the edge in front reports it (Cloudflare's CF-IPCountry by default); without a
  // trusted proxy the header could be anyone's word. When the edge names no country the service knows, the
  // offline IP database has its say on the client's address (loopback and private addresses: none). Else null,
  // and the client falls back to 'default'.
  router.get('/api/v1/countries/resolvebyclient', async (c) => {
    const { trustProxy, countryHeader, countryByIp, db } = c.var.deps;
    const reported = trustProxy ? c.req.header(countryHeader) : undefined;
    let country = reported ? await findCountry(db, reported) : undefined;
    if (!country) {
      const located = countryByIp.lookup(clientAddress(c));
      if (located) country = await findCountry(db, located);
    }
    const body: CountryByClient = { countryCode: country?.code ?? null };
    return c.json(body);
  });

  // 'default' asks for the default list (spec 2 §9: the default country code), as for a visitor of unknown country.
  router.get('/api/v1/countries/:code/membershipplans', async (c) => {
    const { db } = c.var.deps;
    const code = c.req.param('code') ?? '';
    if (code.toLowerCase() === 'default') return c.json(await planList(db, 'default'));
    const country = await findCountry(db, code);
    if (!country) throw notFound();
    return c.json(await planList(db, country.code));
  });

  router.get('/api/v1/countries/:code/idTypes', async (c) => {
    const country = await findCountry(c.var.deps.db, c.req.param('code'));
    if (!country) throw notFound();
    return c.json(idTypesOf(country, c.req.query('currentIdType')));
  });

  router.get('/api/shareddata/:code/city/:name', async (c) => {
    const { db } = c.var.deps;
    const country = await findCountry(db, c.req.param('code'));
    if (!country) throw notFound();
    return c.json(await citiesStartingWith(db, country.code, c.req.param('name') ?? ''));
  });
}
