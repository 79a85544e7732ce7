/**
 * Contract of the landed-cost estimate (issue 24): what a parcel costs to land at the customer's door — freight
 * from the country rates on the chargeable weight, duty, the destination's tax, the service's own fees — with the
 * rule that made each line. The rules are src/lib/landed-cost/; their figures are src/content/data/landed-cost.json,
 * each with its source and date.
 */
import { z } from '../../zod.ts';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { countryCodeQuerySchema, currencyCodeSchema } from '../../reference/schemas.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';
import { EXEMPTIONS } from '../../landed-cost/codes.ts';
import { MAX_WEIGHT, WEIGHT_UNITS, weightUnitSchema } from '../widgets/contract.ts';
import {
  CM_PER_IN,
  DIMENSION_UNITS,
  MAX_DECLARED_VALUE,
  MAX_SIDE,
  SIDES,
  VOLUMETRIC_DIVISOR,
} from '../../landed-cost/parcel-limits.ts';

// The parcel's limits live apart from the schemas, so the rate calculator checks its form without loading these.
export { DIMENSION_UNITS, MAX_DECLARED_VALUE, MAX_SIDE, VOLUMETRIC_DIVISOR };
export type { DimensionUnit } from '../../landed-cost/parcel-limits.ts';

const currencyQuerySchema = z.pipe(
  z.string().check(z.regex(/^[A-Za-z]{3}$/)),
  z.transform((s: string) => s.toUpperCase()),
);

/**
 * GET api/v1/landedcost: the route, the weight and its unit (spec 2 §9: kg 0, lb 1), optionally the three sides
 * with their unit (all three or none), the declared value and its currency, the goods category, the plan the
 * freight is priced on (the customer's own when logged in and left out, else basic), the currency of the answer
 * (the destination's own when left out) and the language of the sources' titles.
 */
export const landedCostQuerySchema = z
  .object({
    origin: countryCodeQuerySchema,
    destination: countryCodeQuerySchema,
    weight: z.coerce.number().check(z.positive()),
    unit: weightUnitSchema,
    length: z.optional(z.coerce.number().check(z.positive())),
    width: z.optional(z.coerce.number().check(z.positive())),
    height: z.optional(z.coerce.number().check(z.positive())),
    dimensionUnit: z._default(z.enum(DIMENSION_UNITS), 'cm'),
    value: z._default(z.coerce.number().check(z.nonnegative(), z.lte(MAX_DECLARED_VALUE)), 0),
    valueCurrency: z._default(currencyQuerySchema, 'USD'),
    category: z.optional(z.string().check(z.trim(), z.regex(/^[a-z][a-zA-Z-]{0,39}$/))),
    planId: z.optional(z.pipe(z.coerce.number(), z.literal([1, 2, 3, 5]))),
    currency: z.optional(currencyQuerySchema),
    /** The language of the sources' titles; the brand's first when left out. */
    language: z.optional(z.enum(LANGUAGES)),
  })
  .check(
    z.superRefine((q, ctx) => {
      const given = SIDES.filter((side) => q[side] !== undefined);
      if (given.length > 0 && given.length < SIDES.length) {
        for (const side of SIDES) {
          if (q[side] === undefined) ctx.addIssue({ code: 'custom', path: [side], message: 'required', input: q });
        }
      }
      for (const side of given) {
        if ((q[side] ?? 0) > MAX_SIDE[q.dimensionUnit]) {
          ctx.addIssue({ code: 'custom', path: [side], message: 'too long', input: q });
        }
      }
      // The rates price parcels up to MAX_WEIGHT, actual or volumetric.
      if (q.weight > MAX_WEIGHT[q.unit])
        ctx.addIssue({ code: 'custom', path: ['weight'], message: 'too heavy', input: q });
      if (given.length === SIDES.length) {
        const cm = q.dimensionUnit === 'in' ? CM_PER_IN : 1;
        const volumetricKg = SIDES.reduce((v, side) => v * (q[side] ?? 0) * cm, 1) / VOLUMETRIC_DIVISOR;
        if (volumetricKg > MAX_WEIGHT[WEIGHT_UNITS.kg]) {
          for (const side of SIDES) ctx.addIssue({ code: 'custom', path: [side], message: 'too bulky', input: q });
        }
      }
    }),
  );
export type LandedCostQuery = z.output<typeof landedCostQuerySchema>;

/** What a line of the estimate is for. */
export const LANDED_COST_LINES = ['freight', 'duty', 'tax', 'fee'] as const;
export type LandedCostLineKind = (typeof LANDED_COST_LINES)[number];

/**
 * The rule that made a line, for the breakdown to say in words (catalogue keys `landedCost.rule.<kind>`):
 * - `rate`: a rate applied (`ratePercent` of `basis`);
 * - `deMinimis`: nothing due, the value being at or under the destination's threshold (`threshold`);
 * - `exempt`: nothing due, for the reason `exemption` gives (the goods category, a customs union, a domestic route);
 * - `flat`: a fixed amount (a fee);
 * - `perWeight`: freight by the country rates on the chargeable weight.
 */
export const LANDED_COST_RULES = ['rate', 'deMinimis', 'exempt', 'flat', 'perWeight'] as const;

/**
 * What a percentage is taken of: CIF (goods, insurance, freight), FOB (the goods alone), or either plus the duty
 * (with `upliftPercent`, the goods' value is first raised by that much: South Africa's VAT).
 */
export const LANDED_COST_BASES = ['CIF', 'FOB', 'CIF+duty', 'FOB+duty'] as const;

const moneySchema = z.object({ amount: z.number(), currency: currencyCodeSchema });

export const landedCostLineSchema = z.object({
  kind: z.enum(LANDED_COST_LINES),
  /** The line's name: `freight`, `duty`, `vat`, `gst`, `salesTax`, or a fee's id; catalogue `landedCost.line.<code>`. */
  code: z.string(),
  /** In the answer's currency, rounded to its minor units. */
  amount: z.number().check(z.nonnegative()),
  rule: z.object({
    kind: z.enum(LANDED_COST_RULES),
    ratePercent: z.optional(z.number()),
    basis: z.optional(z.enum(LANDED_COST_BASES)),
    /** The de minimis threshold, in the currency the destination sets it in. */
    threshold: z.optional(moneySchema),
    /** With `exempt`: why nothing is due (src/lib/landed-cost/codes.ts). */
    exemption: z.optional(z.enum(EXEMPTIONS)),
    /** With a basis on the goods' value: the percentage that value is raised by first. */
    upliftPercent: z.optional(z.number()),
  }),
  /** The figure behind the line could not be confirmed: the data marks it an assumption. */
  estimate: z.boolean(),
  /** The source of the figure (an id of `sources`); freight's is the country rates. */
  source: z.optional(z.string()),
});
export type LandedCostLine = z.infer<typeof landedCostLineSchema>;

export const landedCostSchema = z.object({
  origin: z.string(),
  destination: z.string(),
  /** The plan the freight is priced on. */
  planId: z.int(),
  chargeableWeight: z.object({
    kg: z.number(),
    actualKg: z.number(),
    /** Null without the three sides. */
    volumetricKg: z.nullable(z.number()),
    /** Cubic centimetres per kilogram, as the rates use. */
    divisor: z.int(),
    applied: z.enum(['actual', 'volumetric']),
  }),
  /** The declared value as converted into the answer's currency. */
  declaredValue: moneySchema,
  /** True when a package has no declared value yet: the estimate counts none (and is an estimate). */
  valueMissing: z.optional(z.boolean()),
  category: z.object({
    /** As asked, or null when none was given. */
    requested: z.nullable(z.string()),
    /** The category whose rates applied: `general` for an unknown or missing one. */
    applied: z.string(),
    /** True when an unknown category fell back to the general rate (the breakdown says so). */
    unknown: z.boolean(),
  }),
  currency: currencyCodeSchema,
  lines: z.array(landedCostLineSchema),
  total: z.number(),
  /** True when any line is an estimate: the breakdown then says "estimate". */
  estimate: z.boolean(),
  transitDays: z.nullable(z.string()),
  sources: z.array(
    z.object({
      id: z.string(),
      /** The authority and its document, and what it says, in the language asked for. */
      title: z.string(),
      url: z.optional(z.string()),
      /** When the figure was read (YYYY-MM-DD). */
      date: z.iso.date(),
    }),
  ),
});
export type LandedCost = z.infer<typeof landedCostSchema>;

const tag = 'Landed cost';

export const getLandedCost = endpoint({
  tag,
  summary: 'What a parcel costs to land: freight, duty, tax and fees, with the rule of each line',
  description:
    'Open to visitors. The freight is priced on the chargeable weight (the actual or the volumetric weight, ' +
    'whichever is more); duty and tax follow the destination’s rules for the goods category (an unknown category ' +
    'takes the general rate and says so). 404 for a route without rates.',
  method: 'GET',
  path: 'api/v1/landedcost',
  query: landedCostQuerySchema,
  answer: landedCostSchema,
  errors: { 404: [ErrorCode.notFound] },
});
