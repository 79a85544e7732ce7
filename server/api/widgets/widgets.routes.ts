/**
 * The tool box's calls (spec 2 §7 Widgets and Reference data): currencies and the converter, country rates and
 * the rate calculation. Open to everyone; read from the reference tables seeded from src/content/data.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONVERT_RESULT_HEADER,
  UNAVAILABLE_RESULT,
  convertCurrency,
  getCountryRates,
  getCurrencies,
  priceFor,
  type CountryRateResponse,
  type RateResult,
} from '../../../src/lib/api/widgets/contract.ts';
import { rateSchema, type Rate } from '../../../src/lib/reference/schemas.ts';
import { currencyOptions } from '../../../src/lib/widgets/converter.ts';
import { countryRates, currencies } from '../../db/schema.ts';
import { notFound } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';

/**
 * `amount` in `from` expressed in `to`, by way of their rates per US dollar, rounded to 4 decimals; -1 when
 * either rate is unknown (no such currency, or no published rate).
 */
export function convertAmount(amount: number, fromUsdRate: number | null, toUsdRate: number | null): number {
  if (!fromUsdRate || !toUsdRate || fromUsdRate <= 0 || toUsdRate <= 0) return UNAVAILABLE_RESULT;
  const value = (amount * toUsdRate) / fromUsdRate;
  // Rounded half up on the decimal value (15 significant digits): 1.00005 is 1.0001, whatever its binary form.
  return Math.round(Number((value * 1e4).toPrecision(15))) / 1e4;
}

/** A rate as stored (a decimal string, or null: not published) as a number. */
const rateOf = (stored: string | null | undefined): number | null => {
  if (stored === null || stored === undefined) return null;
  const n = Number(stored);
  return Number.isFinite(n) && n > 0 ? n : null;
};

const ratesOf = (stored: unknown): Rate[] =>
  z.parse(z.array(rateSchema), stored).sort((a, b) => a.subscriptionPlanId - b.subscriptionPlanId);

export function widgetsRoutes(router: ApiRouter): void {
  // Sorted by currency code: the same order in both languages, and the order the converter's lists show codes in.
  router.handle(getCurrencies, async (c, { query }) => {
    const rows = await c.var.deps.db.select().from(currencies).orderBy(asc(currencies.currencyCode));
    return currencyOptions(rows, query.language);
  });

  // The result travels in the x-result header (spec 2 §7); the body is empty.
  router.handle(convertCurrency, async (c, { query: { currencyFrom, currencyTo, amount } }) => {
    const rows = await c.var.deps.db
      .select()
      .from(currencies)
      .where(inArray(currencies.currencyCode, [currencyFrom, currencyTo]));
    const usdRate = (code: string) => rateOf(rows.find((r) => r.currencyCode === code)?.usdRate);
    const result = convertAmount(amount, usdRate(currencyFrom), usdRate(currencyTo));
    c.header(CONVERT_RESULT_HEADER, String(result));
    return c.body(null, 200);
  });

  // Without a calculation's parameters, every country rate (spec 2 §7: "no payload returns all country rates").
  router.handle(getCountryRates, async (c, { query }) => {
    const { db } = c.var.deps;
    if (!query) {
      const rows = await db
        .select()
        .from(countryRates)
        .orderBy(asc(countryRates.originCountryCode), asc(countryRates.destinationCountryCode));
      return rows.map((r): CountryRateResponse => ({
        originCountryCode: r.originCountryCode,
        destinationCountryCode: r.destinationCountryCode,
        transitDays: r.transitDays,
        rates: ratesOf(r.rates),
      }));
    }
    const { origin, destination, weight, unit } = query;
    const [row] = await db
      .select()
      .from(countryRates)
      .where(and(eq(countryRates.originCountryCode, origin), eq(countryRates.destinationCountryCode, destination)));
    if (!row) throw notFound();
    const body: RateResult = {
      transitDays: row.transitDays,
      rates: ratesOf(row.rates).map((rate) => ({
        subscriptionPlanId: rate.subscriptionPlanId,
        value: priceFor(rate, weight, unit),
        currency: rate.currency,
      })),
    };
    return body;
  });
}
