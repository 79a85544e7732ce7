/**
 * Landed-cost estimates on the server (issue 24): the rules of src/lib/landed-cost with the figures of
 * src/content/data/landed-cost.json (kept in memory) and the reference tables (country rates, currencies,
 * countries), for the call GET api/v1/landedcost and for the packages that have not shipped yet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { LandedCost } from '../../src/lib/api/landed-cost/contract.ts';
import { WEIGHT_UNITS } from '../../src/lib/api/widgets/contract.ts';
import { shopsSchema } from '../../src/lib/content/schemas.ts';
import {
  NOT_SHIPPED_STATUS_IDS,
  SHOP_GOODS_CATEGORY,
  landedCost,
  type LandedCostInput,
  type RouteRates,
  type UsdRateOf,
} from '../../src/lib/landed-cost/index.ts';
import { planIdSchema, rateSchema } from '../../src/lib/reference/schemas.ts';
import type { Db } from '../db/database.ts';
import { loadLandedCostData } from '../db/reference-data.ts';
import { countries, countryRates, currencies, users, type shipments } from '../db/schema.ts';

type ShipmentRow = typeof shipments.$inferSelect;

const DATA = loadLandedCostData();

/** Merchants of the shopping directory by name (any case), with the goods category of their shop. */
const MERCHANT_CATEGORY = new Map(
  z
    .parse(
      shopsSchema,
      JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'src', 'content', 'data', 'shops.json'), 'utf8')),
    )
    .map((shop) => [shop.name.trim().toLowerCase(), SHOP_GOODS_CATEGORY[shop.category]]),
);

/** The goods category of a package's merchant: its shop's, when the shopping directory lists it. */
export const merchantCategory = (merchant: string | null): string | null =>
  (merchant && MERCHANT_CATEGORY.get(merchant.trim().toLowerCase())) ?? null;

/** Every currency's rate per US dollar, as stored. */
async function usdRates(db: Db): Promise<UsdRateOf> {
  const rows = await db.select().from(currencies);
  const rates = new Map(rows.map((r) => [r.currencyCode, r.usdRate === null ? null : Number(r.usdRate)]));
  return (code) => rates.get(code);
}

/** The country rates from `origins` to `destination`, by origin. */
async function routesTo(db: Db, origins: readonly string[], destination: string): Promise<Map<string, RouteRates>> {
  if (origins.length === 0) return new Map();
  const rows = await db
    .select()
    .from(countryRates)
    .where(
      and(inArray(countryRates.originCountryCode, [...origins]), eq(countryRates.destinationCountryCode, destination)),
    );
  return new Map(
    rows.map((r) => [
      r.originCountryCode,
      { transitDays: r.transitDays, rates: z.parse(z.array(rateSchema), r.rates) },
    ]),
  );
}

/** The currency of a country (countries.json), if the service knows the country. */
async function currencyOf(db: Db, countryCode: string): Promise<string | undefined> {
  const [row] = await db
    .select({ currencyCode: countries.currencyCode })
    .from(countries)
    .where(eq(countries.code, countryCode));
  return row?.currencyCode;
}

/** A stored plan id as a plan the rates price (basic for anything else). */
const pricedPlan = (planId: number | undefined) => planIdSchema.safeParse(planId).data ?? 1;

/** The plan of the logged-in customer, if any. */
export async function planOfUser(db: Db, userGuid: string | undefined): Promise<number | undefined> {
  if (!userGuid) return undefined;
  const [row] = await db.select({ planId: users.planId }).from(users).where(eq(users.guid, userGuid));
  return row ? pricedPlan(row.planId) : undefined;
}

/**
 * The estimate the call answers; null for a route without rates. The answer's currency is `currency`, else the
 * destination's own (US dollars for a destination the service doesn't list). Throws LandedCostError for a currency
 * without a rate.
 */
export async function estimateFor(
  db: Db,
  input: Omit<LandedCostInput, 'currency'> & { currency?: string | undefined },
): Promise<LandedCost | null> {
  const route = (await routesTo(db, [input.origin], input.destination)).get(input.origin);
  if (!route) return null;
  const currency = input.currency ?? (await currencyOf(db, input.destination)) ?? 'USD';
  return landedCost({ ...input, currency }, DATA, route, await usdRates(db));
}

/** A stored decimal string as a positive number, or null. */
const positive = (value: string | null | undefined) => {
  const n = value === null || value === undefined ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** What an estimate reads of the packages' owner: read with the packages by the caller. */
export interface EstimateOwner {
  countryCode: string;
  planId: number;
}

/**
 * Each package's estimate while it has not shipped, for its owner: its declared value (else its invoice's cost,
 * else none, and the estimate says so), its weight and its merchant's goods category, from its origin to the
 * owner's country, priced on the owner's plan, in the owner's country's currency. Null once it has departed, for a
 * route without rates, or before it is weighed.
 */
export async function packageEstimates(
  db: Db,
  owner: EstimateOwner | null,
  rows: readonly ShipmentRow[],
): Promise<(row: ShipmentRow) => LandedCost | null> {
  const waiting = rows.filter((r) => NOT_SHIPPED_STATUS_IDS.includes(r.lastPi));
  if (waiting.length === 0 || !owner) return () => null;
  const routes = await routesTo(db, [...new Set(waiting.map((r) => r.originCountryCode))], owner.countryCode);
  if (routes.size === 0) return () => null;
  const currency = (await currencyOf(db, owner.countryCode)) ?? 'USD';
  const rates = await usdRates(db);
  const planId = pricedPlan(owner.planId);
  const estimates = new Map<string, LandedCost>();
  for (const row of waiting) {
    const route = routes.get(row.originCountryCode);
    const weight = positive(row.weightKg);
    if (!route || weight === null) continue;
    const declared = positive(row.customsDeclaredValue);
    const invoiced = positive(row.invoice?.cost);
    const [found, foundCurrency] =
      declared !== null
        ? [declared, row.customsDeclaredCurrency ?? row.currency]
        : invoiced !== null
          ? [invoiced, row.currency]
          : [null, row.currency];
    // A value in a currency without a rate can't be counted: the estimate goes without it, and says so.
    const [value, valueCurrency] = found !== null && rates(foundCurrency) ? [found, foundCurrency] : [0, 'USD'];
    const estimate = landedCost(
      {
        origin: row.originCountryCode,
        destination: owner.countryCode,
        weight,
        unit: WEIGHT_UNITS.kg,
        value,
        valueCurrency,
        category: merchantCategory(row.merchant),
        planId,
        currency: rates(currency) ? currency : 'USD',
        valueMissing: value === 0,
      },
      DATA,
      route,
      rates,
    );
    if (estimate) estimates.set(row.awb, estimate);
  }
  return (row) => estimates.get(row.awb) ?? null;
}

/** One package's estimate for its owner (the tracking page); null when it has shipped or has no owner. */
export async function shipmentEstimate(
  db: Db,
  row: ShipmentRow,
  owner: EstimateOwner | null,
): Promise<LandedCost | null> {
  if (!row.userGuid) return null;
  return (await packageEstimates(db, owner, [row]))(row);
}
