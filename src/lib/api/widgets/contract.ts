/**
 * Contract of the tool box's calls (spec 2 §7 Widgets and Reference data): currencies and the converter,
 * country rates and the rate calculation.
 */
import { z } from '../../zod.ts';
import { DEFAULT_LANG, LANGUAGES } from '../../../i18n/languages.ts';
import { countryCodeQuerySchema } from '../../reference/schemas.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';

// ---------------------------------------------------------------------------
// Currencies: GET api/currencies?language, GET api/currencies/convert?currencyFrom&currencyTo&amount

export const currenciesQuerySchema = z.object({ language: z._default(z.enum(LANGUAGES), DEFAULT_LANG) });

/** Currency option (spec 2 §3), named in the asked language. */
export const currencyOptionSchema = z.object({
  currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  currencyName: z.string(),
});
export type CurrencyOption = z.infer<typeof currencyOptionSchema>;
export const currencyOptionsSchema = z.array(currencyOptionSchema);

/** The largest amount the converter takes. */
export const MAX_CONVERT_AMOUNT = 1_000_000_000;

export const convertQuerySchema = z.object({
  currencyFrom: z.pipe(
    z.string().check(z.regex(/^[A-Za-z]{3}$/)),
    z.transform((s) => s.toUpperCase()),
  ),
  currencyTo: z.pipe(
    z.string().check(z.regex(/^[A-Za-z]{3}$/)),
    z.transform((s) => s.toUpperCase()),
  ),
  amount: z.coerce.number().check(z.positive(), z.lte(MAX_CONVERT_AMOUNT)),
});

/**
 * The converted amount travels in this response header (spec 2 §7), as a decimal number; "-1" when either
 * currency has no published rate (the converter then shows validation.unavailableCurrency).
 */
export const CONVERT_RESULT_HEADER = 'x-result';
export const UNAVAILABLE_RESULT = -1;
/** The `x-result` header's value: a decimal number, -1 included (read as a number, which the document shows). */
export const convertResultSchema = z.pipe(
  z.pipe(z.string().check(z.trim(), z.regex(/^-?\d+(?:\.\d+)?$/)), z.transform(Number)),
  z.number(),
);

// ---------------------------------------------------------------------------
// Country rates: GET api/countryRates (all), GET api/countryRates?origin&destination&weight&unit (a calculation)

/** Spec 2 §9: kg id 0, lb id 1. */
export const WEIGHT_UNITS = { kg: 0, lb: 1 } as const;
export const weightUnitSchema = z.pipe(z.coerce.number(), z.literal([0, 1]));
export type WeightUnit = 0 | 1;
/** The heaviest parcel the calculator prices, per unit. */
export const MAX_WEIGHT = { 0: 70, 1: 154 } as const;
export const KG_PER_LB = 0.45359237;

const RATE_PARAMS = ['origin', 'destination', 'weight', 'unit'] as const;

/**
 * The query of GET api/countryRates: the four parameters of a calculation, each problem under its field (a parcel
 * no heavier than MAX_WEIGHT in its unit), read as a RateQuery; or none of them, for every country rate (then
 * `undefined`).
 */
export const countryRatesQuerySchema = z.pipe(
  z
    .object({
      origin: z.optional(countryCodeQuerySchema),
      destination: z.optional(countryCodeQuerySchema),
      weight: z.optional(z.coerce.number().check(z.positive())),
      unit: z.optional(weightUnitSchema),
    })
    .check(
      z.superRefine((q, ctx) => {
        if (RATE_PARAMS.every((name) => q[name] === undefined)) return;
        for (const name of RATE_PARAMS) {
          if (q[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'required', input: q });
        }
        if (q.weight !== undefined && q.unit !== undefined && q.weight > MAX_WEIGHT[q.unit]) {
          ctx.addIssue({ code: 'custom', path: ['weight'], message: 'too heavy', input: q });
        }
      }),
    ),
  z.transform(({ origin, destination, weight, unit }): RateQuery | undefined =>
    origin === undefined || destination === undefined || weight === undefined || unit === undefined
      ? undefined
      : { origin, destination, weight, unit },
  ),
);

/** A calculation's parameters: the route (alpha-2 codes), the weight and its unit. */
export interface RateQuery {
  origin: string;
  destination: string;
  weight: number;
  unit: WeightUnit;
}

/** Rate result (spec 2 §3): transit days and the price for each plan. */
export const rateResultSchema = z.object({
  transitDays: z.string(),
  rates: z.array(
    z.object({
      subscriptionPlanId: z.literal([1, 2, 3, 5]),
      value: z.number().check(z.nonnegative()),
      currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
    }),
  ),
});
export type RateResult = z.infer<typeof rateResultSchema>;

/** Each entry of GET api/countryRates without a query: the price table of one origin and destination. */
export const countryRateResponseSchema = z.object({
  originCountryCode: z.string(),
  destinationCountryCode: z.string(),
  transitDays: z.string(),
  rates: z.array(
    z.object({
      subscriptionPlanId: z.literal([1, 2, 3, 5]),
      firstHalfKg: z.number(),
      additionalHalfKg: z.number(),
      currency: z.string(),
    }),
  ),
});
export const countryRatesResponseSchema = z.array(countryRateResponseSchema);
export type CountryRateResponse = z.infer<typeof countryRateResponseSchema>;

/**
 * The price of a parcel (spec 2 §3 Rate result): the first half kilogram, then each further half kilogram
 * begun; pounds are converted to kilograms first. Rounded to cents.
 */
export function priceFor(
  rate: { firstHalfKg: number; additionalHalfKg: number },
  weight: number,
  unit: WeightUnit,
): number {
  const kg = unit === WEIGHT_UNITS.lb ? weight * KG_PER_LB : weight;
  // A hair of tolerance so 1.5 kg is three halves, not four, despite floating point.
  const halves = Math.max(1, Math.ceil(kg / 0.5 - 1e-9));
  return Math.round((rate.firstHalfKg + rate.additionalHalfKg * (halves - 1)) * 100) / 100;
}

// ---------------------------------------------------------------------------
// The calls: open to everyone.

const tag = 'Widgets';

export const getCurrencies = endpoint({
  tag,
  summary: "The converter's currencies, by code, named in the language",
  method: 'GET',
  path: 'api/currencies',
  query: currenciesQuerySchema,
  answer: currencyOptionsSchema,
});

export const convertCurrency = endpoint({
  tag,
  summary: 'An amount in another currency, answered in the x-result header (the body is empty)',
  description:
    'Spec 2 §7 Widgets: the result travels in the x-result response header; -1 when either currency has no rate.',
  method: 'GET',
  path: 'api/currencies/convert',
  query: convertQuerySchema,
  answer: null,
  status: 200,
  answerHeaders: {
    [CONVERT_RESULT_HEADER]: {
      description: 'The converted amount, to 4 decimals; -1 when either currency has no published rate',
      schema: convertResultSchema,
    },
  },
});

export const getCountryRates = endpoint({
  tag,
  summary: 'A rate calculation (origin, destination, weight, unit); without them, every country rate',
  description:
    'With the four parameters: the transit days and the price on each plan (404 for a route without rates). ' +
    'With none: the price table of every origin and destination.',
  method: 'GET',
  path: 'api/countryRates',
  query: countryRatesQuerySchema,
  answer: z.union([rateResultSchema, countryRatesResponseSchema]),
  errors: { 404: [ErrorCode.notFound] },
});
