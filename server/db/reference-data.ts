/** Loads the reference data files of src/content/data, parsed with their schemas. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './database.ts';
import { cities, countries, countryRates, currencies, offices, plans } from './schema.ts';
import {
  countriesSchema,
  countryCitiesListSchema,
  countryPlansListSchema,
  countryRatesSchema,
  currenciesSchema,
  officesSchema,
  warehousesSchema,
} from '../../src/lib/reference/schemas.ts';
import { landedCostDataSchema } from '../../src/lib/reference/landed-cost-schema.ts';

const DATA = join(import.meta.dirname, '..', '..', 'src', 'content', 'data');

function load<S extends z.core.$ZodType>(file: string, schema: S): z.core.output<S> {
  return z.parse(schema, JSON.parse(readFileSync(join(DATA, file), 'utf8')));
}

/** The mailbox warehouses, which the server keeps in memory: addresses copy them when mailboxes open. */
export const loadWarehouses = () => load('warehouses.json', warehousesSchema);

/** The landed-cost figures (issue 24), which the server keeps in memory: no table holds them. */
export const loadLandedCostData = () => load('landed-cost.json', landedCostDataSchema);

export function loadReferenceData() {
  return {
    countries: load('countries.json', countriesSchema),
    plans: load('plans.json', countryPlansListSchema),
    offices: load('offices.json', officesSchema),
    currencies: load('currencies.json', currenciesSchema),
    countryRates: load('country-rates.json', countryRatesSchema),
    cities: load('cities.json', countryCitiesListSchema),
    warehouses: loadWarehouses(),
    landedCost: loadLandedCostData(),
  };
}

const REFERENCE_TABLES = [countries, plans, offices, currencies, countryRates, cities] as const;

/**
 * Replaces the reference tables with the files of src/content/data. Run it inside a transaction: readers see
 * the old data or the new, never none.
 */
export async function writeReferenceData(db: Db): Promise<void> {
  const data = loadReferenceData();
  for (const table of REFERENCE_TABLES) await db.delete(table);
  await db.insert(countries).values(data.countries);
  await db
    .insert(plans)
    .values(
      data.plans.flatMap((cp) =>
        cp.plans.map((p, position) => ({ ...p, countryCode: cp.countryCode, position, amount: p.amount.toFixed(2) })),
      ),
    );
  await db
    .insert(offices)
    .values(data.offices.map((o) => ({ id: o.id, countryCode: o.countryCode, typeIds: o.typeIds, data: o })));
  await db
    .insert(currencies)
    .values(data.currencies.map((c) => ({ ...c, usdRate: c.usdRate === null ? null : String(c.usdRate) })));
  await db.insert(countryRates).values(data.countryRates);
  await db
    .insert(cities)
    .values(data.cities.flatMap((cc) => cc.cities.map((city) => ({ ...city, countryCode: cc.countryCode }))));
}

/**
 * Brings the reference tables of an existing database up to date with src/content/data (the server does it at
 * every start, so new reference data reaches databases seeded before it). One transaction, serialised between
 * API processes starting together by an advisory lock.
 */
export async function refreshReferenceData(db: Db): Promise<void> {
  await db.transaction(async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(${REFERENCE_LOCK})`);
    await writeReferenceData(t);
  });
}

/** Any fixed number: the advisory lock key of the reference data refresh. */
const REFERENCE_LOCK = 8_030_201;
