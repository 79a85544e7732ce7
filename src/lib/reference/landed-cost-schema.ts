/**
 * Schema of the landed-cost figures, src/content/data/landed-cost.json (issue 24; the rules are src/lib/landed-cost).
 * Every figure names its source (an id of `sources`: the authority and its document, a URL when known, the date it
 * was read) and says whether it is an assumption: a figure that could not be confirmed, which the estimate then
 * shows as an estimate. The server parses the file with this schema when it starts (server/db/reference-data.ts),
 * and so does the unit test of the reference data.
 */
import { z } from '../zod.ts';
import { arabicTextSchema, countryCodeSchema, currencyCodeSchema } from './schemas.ts';
import { FEE_CODES, GOODS_CATEGORIES, TAX_CODES } from '../landed-cost/codes.ts';

/** Where a figure comes from, and whether it is only assumed. */
const figure = {
  source: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  assumption: z.boolean(),
};

const percentSchema = z.number().check(z.gte(0), z.lte(100));

export const percentFigureSchema = z.object({ percent: percentSchema, ...figure });

/** A de minimis threshold: at or under `amount` (the goods' declared value) nothing is due; null: none, all pay. */
export const thresholdFigureSchema = z.object({
  amount: z.nullable(z.number().check(z.positive())),
  currency: currencyCodeSchema,
  ...figure,
});

const categorySchema = z.enum(GOODS_CATEGORIES);

/** A goods category's own duty: a rate of its own, or none at all. */
const categoryDutySchema = z.union([percentFigureSchema, z.object({ exempt: z.literal(true), ...figure })]);

export const dutyRulesSchema = z.object({
  /** What the duty is a percentage of: the goods, insurance and freight (CIF), or the goods alone (FOB). */
  basis: z.enum(['CIF', 'FOB']),
  deMinimis: thresholdFigureSchema,
  general: percentFigureSchema,
  /** Categories whose duty differs from the general rate. */
  categories: z.partialRecord(categorySchema, categoryDutySchema),
});

export const taxRulesSchema = z.union([
  z.object({
    code: z.enum(TAX_CODES),
    percent: percentSchema,
    /** The customs value (CIF, or FOB raised by `upliftPercent`) plus the duty. */
    basis: z.enum(['CIF+duty', 'FOB+duty']),
    upliftPercent: z.optional(percentSchema),
    deMinimis: thresholdFigureSchema,
    exemptCategories: z.partialRecord(categorySchema, z.object(figure)),
    ...figure,
  }),
  /** No tax on imports there. */
  z.object({ code: z.null(), ...figure }),
]);

export const destinationRulesSchema = z.object({
  countryCode: countryCodeSchema,
  duty: dutyRulesSchema,
  tax: taxRulesSchema,
});

export const landedCostSourceSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  /** The authority and its document (or the service's own data), and what it says, in each language. */
  title: z.object({ en: z.string().check(z.trim(), z.minLength(1)), ar: arabicTextSchema }),
  url: z.optional(z.url({ protocol: /^https$/ })),
  /** When the figure was read (YYYY-MM-DD). */
  date: z.iso.date(),
});

export const feeSchema = z.object({
  code: z.enum(FEE_CODES),
  amount: z.number().check(z.positive()),
  currency: currencyCodeSchema,
  /** Every parcel, or only one that owes duty or tax (the service clears it with customs). */
  when: z.enum(['always', 'dutyOrTaxDue']),
  ...figure,
});

/** Every `source` the figures name, for the check that each is listed. */
function sourceIdsOf(data: LandedCostDataInput): string[] {
  const ids = [data.volumetric.source, data.insurance.source];
  for (const fee of data.fees) ids.push(fee.source);
  for (const union of data.customsUnions) ids.push(union.source);
  for (const { duty, tax } of data.destinations) {
    ids.push(duty.deMinimis.source, duty.general.source, tax.source);
    for (const rule of Object.values(duty.categories)) if (rule) ids.push(rule.source);
    if (tax.code !== null) {
      ids.push(tax.deMinimis.source);
      for (const rule of Object.values(tax.exemptCategories)) if (rule) ids.push(rule.source);
    }
  }
  return ids;
}

const landedCostDataObjectSchema = z.object({
  $comment: z.optional(z.string()),
  /** Cubic centimetres per kilogram: the volumetric weight of a parcel is its sides' product over this. */
  volumetric: z.object({ divisor: z.int().check(z.positive()), ...figure }),
  /** What the customs value (CIF) counts for insurance, as a percentage of the goods' value. */
  insurance: z.object({ percentOfValue: percentSchema, ...figure }),
  fees: z.array(feeSchema),
  /** Countries between which goods already cleared pay no duty again. */
  customsUnions: z.array(z.object({ id: z.string(), members: z.array(countryCodeSchema), ...figure })),
  destinations: z.array(destinationRulesSchema),
  sources: z.array(landedCostSourceSchema),
});
type LandedCostDataInput = z.output<typeof landedCostDataObjectSchema>;

export const landedCostDataSchema = landedCostDataObjectSchema.check(
  z.refine((d) => new Set(d.destinations.map((x) => x.countryCode)).size === d.destinations.length, {
    message: 'Expected each destination once',
  }),
  z.refine((d) => new Set(d.sources.map((s) => s.id)).size === d.sources.length, {
    message: 'Expected each source id once',
  }),
  z.refine((d) => new Set(d.fees.map((fee) => fee.code)).size === d.fees.length, { message: 'Expected each fee once' }),
  z.superRefine((d, ctx) => {
    const listed = new Set(d.sources.map((s) => s.id));
    for (const id of new Set(sourceIdsOf(d))) {
      if (!listed.has(id)) {
        ctx.addIssue({ code: 'custom', path: ['sources'], message: `Source "${id}" is not listed`, input: d });
      }
    }
  }),
);

export type LandedCostData = z.output<typeof landedCostDataSchema>;
export type DestinationRules = z.output<typeof destinationRulesSchema>;
export type LandedCostSource = z.output<typeof landedCostSourceSchema>;
