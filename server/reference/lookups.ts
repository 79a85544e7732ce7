/** Reference-data lookups the API's calls share: countries, plan lists, cities, offices. */
import { createRequire } from 'node:module';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { cities, countries, offices, plans } from '../db/schema.ts';
import type { City, MembershipPlansResponse, WorldCountry } from '../../src/lib/api/reference/contract.ts';
import { planIdSchema, type Office, type Plan } from '../../src/lib/reference/schemas.ts';
import { zipCodeRequired } from '../../src/lib/profile/profile-rules.ts';
import { regionName } from '../../src/lib/reference/region-names.ts';
import { localeOf, pickLang, type Lang } from '../../src/i18n/languages.ts';

export type CountryRow = typeof countries.$inferSelect;

/** The country of an ISO code (any case), if the service knows it. */
export async function findCountry(db: Db, code: string | undefined): Promise<CountryRow | undefined> {
  const upper = (code ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return undefined;
  const [row] = await db.select().from(countries).where(eq(countries.code, upper));
  return row;
}

let worldCodes: readonly string[] | undefined;

/** Every ISO 3166-1 alpha-2 code, from i18n-iso-countries' table (the one server/geo/country-at-point.ts reads). */
function isoCountryCodes(): readonly string[] {
  worldCodes ??= (createRequire(import.meta.url)('i18n-iso-countries/codes.json') as string[][]).flatMap(([alpha2]) =>
    alpha2 ? [alpha2] : [],
  );
  return worldCodes;
}

/**
 * Every country of the world, named in `lang` and sorted as that language sorts: the service's own countries
 * keep the names its other answers give them, the rest are named as Node knows them (regionName: Unicode CLDR).
 */
export async function worldCountries(db: Db, lang: Lang): Promise<WorldCountry[]> {
  const known = new Map((await db.select().from(countries)).map((row) => [row.code, row]));
  const collator = new Intl.Collator(localeOf(lang));
  return [...new Set([...isoCountryCodes(), ...known.keys()])]
    .map((code): WorldCountry => {
      const row = known.get(code);
      return {
        code,
        name: row ? pickLang(lang, { en: row.nameEn, ar: row.nameAr }) : regionName(code, lang),
        isZipCodeRequired: zipCodeRequired(row),
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The plans offered in a country: its own list, else the default one; in list order. */
export async function planList(db: Db, countryCode: string): Promise<MembershipPlansResponse> {
  const rowsOf = (code: string) =>
    db.select().from(plans).where(eq(plans.countryCode, code)).orderBy(asc(plans.position));
  let listCode = countryCode;
  let rows = await rowsOf(countryCode);
  if (rows.length === 0) {
    listCode = 'default';
    rows = await rowsOf('default');
  }
  return {
    countryCode: listCode,
    plans: rows.map((r): Plan => ({
      planId: planIdSchema.parse(r.planId),
      amount: Number(r.amount),
      currencyCode: r.currencyCode,
      duration: r.duration,
      mandateAutoRenew: r.mandateAutoRenew,
      renewalAllowedInLastDays: r.renewalAllowedInLastDays,
    })),
  };
}

/** Plan `planId` as the country's list offers it, if it does. */
export async function offeredPlan(db: Db, countryCode: string, planId: number): Promise<Plan | undefined> {
  return (await planList(db, countryCode)).plans.find((p) => p.planId === planId);
}

// Case is compared in JavaScript: PostgreSQL's lower() folds only ASCII under the C locale (PGlite's), and a
// country has tens of cities, not thousands.
const fold = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

const toCity = (r: typeof cities.$inferSelect): City => ({ cityName: r.cityName, zipCode: r.zipCode, state: r.state });

/** The country's city of that name, whatever its case, with its canonical name. */
export async function findCity(db: Db, countryCode: string, name: string): Promise<City | undefined> {
  const wanted = fold(name);
  const rows = await db.select().from(cities).where(eq(cities.countryCode, countryCode));
  const row = rows.find((r) => fold(r.cityName) === wanted);
  return row && toCity(row);
}

/** The country's cities whose name starts with `prefix` (any case), sorted by name, at most `limit`. */
export async function citiesStartingWith(db: Db, countryCode: string, prefix: string, limit = 20): Promise<City[]> {
  const wanted = fold(prefix);
  const rows = await db.select().from(cities).where(eq(cities.countryCode, countryCode));
  return rows
    .filter((r) => fold(r.cityName).startsWith(wanted))
    .sort((a, b) => a.cityName.localeCompare(b.cityName, localeOf('en')))
    .slice(0, limit)
    .map(toCity);
}

/**
 * The customer's own entity (the office their shipments go to): the reception in their city if there is one,
 * else the country's first reception.
 */
export async function customerEntity(db: Db, countryCode: string, city: string | null): Promise<string | null> {
  const rows = await db.select().from(offices).where(eq(offices.countryCode, countryCode));
  const receptions = rows
    .map((r) => r.data as Office)
    .filter((o) => o.typeIds.includes(4) && /^[A-Z]{3}$/.test(o.id))
    .sort((a, b) => a.id.localeCompare(b.id));
  const here = city ? receptions.find((o) => fold(o.cityName.en) === fold(city)) : undefined;
  return (here ?? receptions[0])?.id ?? null;
}
