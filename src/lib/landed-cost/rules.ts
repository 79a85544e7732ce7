/**
 * The landed-cost rules (issue 24): what a parcel costs to land, line by line, with the rule that made each line.
 * Pure: the figures (src/content/data/landed-cost.json), the route's country rates and the currencies' rates come
 * in as arguments.
 *
 * - Chargeable weight: the actual weight (pounds converted) or the volumetric one (the sides in centimetres,
 *   multiplied, over the divisor), whichever is more, rounded up to the half kilogram as the rates price it.
 * - Freight: the plan's country rate on the chargeable weight (`priceFor`), in US dollars, then converted.
 * - Duty: nothing on a domestic route, between members of a customs union, for an exempt category, or for goods
 *   worth no more than the destination's de minimis; else the category's rate (the general one by default) of the
 *   CIF value (goods + insurance + freight) or the FOB value (the goods alone).
 * - Tax (VAT, GST, sales tax): likewise, but never waived by a customs union, on the customs value plus the duty.
 * - The service's fees: handling on every parcel, customs clearance when duty or tax is due.
 * Amounts are converted through their rates per US dollar, each line rounded half up to the answer currency's
 * minor units; the total is the sum of the rounded lines.
 */
import type { Lang } from '../../i18n/languages.ts';
import type { DimensionUnit, LandedCost, LandedCostLine } from '../api/landed-cost/contract.ts';
import { KG_PER_LB, WEIGHT_UNITS, priceFor, type WeightUnit } from '../api/widgets/contract.ts';
import { fromMinor, toMinor } from '../payments/money.ts';
import type { DestinationRules, LandedCostData } from '../reference/landed-cost-schema.ts';
import { GENERAL_CATEGORY, isGoodsCategory, type Exemption } from './codes.ts';

export const CM_PER_IN = 2.54;

/**
 * Statuses of a package that has not shipped yet (src/lib/reference/shipment-statuses.ts): information received,
 * received at origin, in account, needs an e-invoice, claimed by its customer. Its estimate is shown until it
 * departs.
 */
export const NOT_SHIPPED_STATUS_IDS: readonly number[] = [1, 3, 5, 6, 28];

/** The three sides of a parcel, in their unit. */
export interface Sides {
  length: number;
  width: number;
  height: number;
  unit: DimensionUnit;
}

/** A route's country rates (src/content/data/country-rates.json): transit days and each plan's prices. */
export interface RouteRates {
  transitDays: string;
  rates: readonly { subscriptionPlanId: number; firstHalfKg: number; additionalHalfKg: number; currency: string }[];
}

/** Units of a currency per US dollar; null or undefined when it has no published rate (or is unknown). */
export type UsdRateOf = (currency: string) => number | null | undefined;

export interface LandedCostInput {
  origin: string;
  destination: string;
  weight: number;
  unit: WeightUnit;
  sides?: Sides | undefined;
  /** The goods' declared value in `valueCurrency`. */
  value: number;
  valueCurrency: string;
  category?: string | null | undefined;
  planId: number;
  /** The currency of the answer. */
  currency: string;
  /** The value is unknown (a package without a declared value): counted as 0, and the estimate says so. */
  valueMissing?: boolean;
  /** The language of the sources' titles (English when left out). */
  lang?: Lang | undefined;
}

/** A figure the estimate needs but can't have: the field of the request (or the data) at fault. */
export class LandedCostError extends Error {
  override readonly name = 'LandedCostError';
  readonly field: 'currency' | 'valueCurrency' | 'destination' | 'planId';

  constructor(field: LandedCostError['field'], message: string) {
    super(message);
    this.field = field;
  }
}

/** A hair of tolerance, so 1.5 kg is three halves despite floating point (as `priceFor`). */
const EPSILON = 1e-9;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** `kg` rounded up to the half kilogram, at least one half. */
export function roundUpToHalfKg(kg: number): number {
  return Math.max(1, Math.ceil(kg / 0.5 - EPSILON)) / 2;
}

/**
 * The weight a parcel is charged on: the actual weight or, when the sides are given and it is more, the volumetric
 * weight (length × width × height in cm ÷ divisor), rounded up to the half kilogram. The actual and volumetric
 * weights are given to the gram.
 */
export function chargeableWeight(
  weight: number,
  unit: WeightUnit,
  sides: Sides | undefined,
  divisor: number,
): LandedCost['chargeableWeight'] {
  const actual = unit === WEIGHT_UNITS.lb ? weight * KG_PER_LB : weight;
  const cm = sides?.unit === 'in' ? CM_PER_IN : 1;
  const volumetric = sides ? (sides.length * cm * (sides.width * cm) * (sides.height * cm)) / divisor : null;
  const applied = volumetric !== null && volumetric > actual ? 'volumetric' : 'actual';
  return {
    kg: roundUpToHalfKg(applied === 'volumetric' ? (volumetric ?? actual) : actual),
    actualKg: round3(actual),
    volumetricKg: volumetric === null ? null : round3(volumetric),
    divisor,
    applied,
  };
}

/** `amount` of `from` in `to`, through their rates per US dollar, unrounded. */
export function convert(amount: number, from: string, to: string, usdRateOf: UsdRateOf): number {
  if (from === to) return amount;
  const fromRate = usdRateOf(from);
  const toRate = usdRateOf(to);
  if (!fromRate || fromRate <= 0) throw new LandedCostError('valueCurrency', `No rate for ${from}`);
  if (!toRate || toRate <= 0) throw new LandedCostError('currency', `No rate for ${to}`);
  return (amount * toRate) / fromRate;
}

/** `amount` rounded half up to the minor units of `currency` (JOD 3 decimals, USD 2, IQD none). */
export const roundMoney = (amount: number, currency: string): number => fromMinor(toMinor(amount, currency), currency);

/** Whether the route stays in one country, or runs between two members of one customs union. */
function routeExemption(data: LandedCostData, origin: string, destination: string) {
  if (origin === destination) return { exemption: 'domestic' as const, figure: undefined };
  const union = data.customsUnions.find((u) => u.members.includes(origin) && u.members.includes(destination));
  return union ? { exemption: 'customsUnion' as const, figure: union } : undefined;
}

type Rule = LandedCostLine['rule'];
type Figure = { source: string; assumption: boolean };

interface Ruled {
  amount: number;
  rule: Rule;
  figure: Figure | undefined;
  /** Another figure the line also rests on: the threshold it was over, or the absence of one. */
  also?: Figure | undefined;
}

const exempt = (exemption: Exemption, figure: Figure | undefined): Ruled => ({
  amount: 0,
  rule: { kind: 'exempt', exemption },
  figure,
});

/** The destination's threshold, when the goods' value is at or under it; else undefined. */
function underThreshold(
  threshold: DestinationRules['duty']['deMinimis'],
  input: LandedCostInput,
  usdRateOf: UsdRateOf,
): Ruled | undefined {
  if (threshold.amount === null) return undefined;
  const value = convert(input.value, input.valueCurrency, threshold.currency, usdRateOf);
  if (value > threshold.amount + EPSILON) return undefined;
  return {
    amount: 0,
    rule: { kind: 'deMinimis', threshold: { amount: threshold.amount, currency: threshold.currency } },
    figure: threshold,
  };
}

/** The threshold a value was over, for the rule of a line that is due (none when there is no threshold). */
const thresholdOf = (threshold: DestinationRules['duty']['deMinimis']) =>
  threshold.amount === null ? {} : { threshold: { amount: threshold.amount, currency: threshold.currency } };

/** A route's rates in the country rates, if it has any. */
export function findRoute(
  countryRates: readonly (RouteRates & { originCountryCode: string; destinationCountryCode: string })[],
  origin: string,
  destination: string,
): RouteRates | undefined {
  return countryRates.find((r) => r.originCountryCode === origin && r.destinationCountryCode === destination);
}

/**
 * The estimate of a parcel; null for a route without rates (`route` undefined). Throws LandedCostError for a
 * figure it can't have (a currency without a rate, a destination without figures, a plan the route doesn't price).
 */
export function landedCost(
  input: LandedCostInput,
  data: LandedCostData,
  route: RouteRates | undefined,
  usdRateOf: UsdRateOf,
): LandedCost | null {
  if (!route) return null;
  const { currency } = input;
  if (!usdRateOf(currency)) throw new LandedCostError('currency', `No rate for ${currency}`);
  if (!usdRateOf(input.valueCurrency)) throw new LandedCostError('valueCurrency', `No rate for ${input.valueCurrency}`);
  const rules = data.destinations.find((d) => d.countryCode === input.destination);
  if (!rules) throw new LandedCostError('destination', `No landed-cost figures for ${input.destination}`);
  const rate = route.rates.find((r) => r.subscriptionPlanId === input.planId);
  if (!rate) throw new LandedCostError('planId', `No rate for plan ${input.planId}`);

  const requested = input.category ?? null;
  const known = requested !== null && isGoodsCategory(requested);
  const category = known ? requested : GENERAL_CATEGORY;

  const weight = chargeableWeight(input.weight, input.unit, input.sides, data.volumetric.divisor);
  const freight = convert(priceFor(rate, weight.kg, WEIGHT_UNITS.kg), rate.currency, currency, usdRateOf);
  const value = convert(input.value, input.valueCurrency, currency, usdRateOf);
  const insurance = (value * data.insurance.percentOfValue) / 100;
  const cif = value + insurance + freight;
  const round = (amount: number) => roundMoney(amount, currency);
  const waived = routeExemption(data, input.origin, input.destination);

  // Duty.
  const { duty } = rules;
  const categoryDuty = duty.categories[category];
  const dutyRuled: Ruled = (() => {
    if (waived) return exempt(waived.exemption, waived.figure);
    if (categoryDuty && 'exempt' in categoryDuty) return exempt('category', categoryDuty);
    const under = underThreshold(duty.deMinimis, input, usdRateOf);
    if (under) return under;
    const percent = categoryDuty ?? duty.general;
    const basis = duty.basis === 'CIF' ? cif : value;
    return {
      amount: round((basis * percent.percent) / 100),
      rule: { kind: 'rate', ratePercent: percent.percent, basis: duty.basis, ...thresholdOf(duty.deMinimis) },
      figure: percent,
      also: duty.deMinimis,
    };
  })();

  // Tax, on the customs value plus the duty as charged.
  const { tax } = rules;
  const taxRuled: Ruled | undefined = (() => {
    if (tax.code === null) return undefined;
    if (waived?.exemption === 'domestic') return exempt('domestic', undefined);
    const categoryExempt = tax.exemptCategories[category];
    if (categoryExempt) return exempt('category', categoryExempt);
    const under = underThreshold(tax.deMinimis, input, usdRateOf);
    if (under) return under;
    const uplift = tax.upliftPercent ?? 0;
    const customsValue = tax.basis === 'CIF+duty' ? cif : value * (1 + uplift / 100);
    return {
      amount: round(((customsValue + dutyRuled.amount) * tax.percent) / 100),
      rule: {
        kind: 'rate',
        ratePercent: tax.percent,
        basis: tax.basis,
        ...(uplift > 0 ? { upliftPercent: uplift } : {}),
        ...thresholdOf(tax.deMinimis),
      },
      figure: tax,
      also: tax.deMinimis,
    };
  })();

  const used = new Set<string>([data.volumetric.source]);
  const line = (kind: LandedCostLine['kind'], code: string, ruled: Ruled): LandedCostLine => {
    for (const figure of [ruled.figure, ruled.also]) if (figure) used.add(figure.source);
    return {
      kind,
      code,
      amount: ruled.amount,
      rule: ruled.rule,
      estimate: !!ruled.figure?.assumption || !!ruled.also?.assumption,
      ...(ruled.figure ? { source: ruled.figure.source } : {}),
    };
  };

  const lines: LandedCostLine[] = [
    {
      kind: 'freight',
      code: 'freight',
      amount: round(freight),
      rule: { kind: 'perWeight' },
      estimate: false,
      source: data.volumetric.source,
    },
    line('duty', 'duty', dutyRuled),
  ];
  if (tax.code !== null && taxRuled) lines.push(line('tax', tax.code, taxRuled));
  const dutyOrTaxDue = dutyRuled.amount + (taxRuled?.amount ?? 0) > 0;
  for (const fee of data.fees) {
    if (fee.when === 'dutyOrTaxDue' && !dutyOrTaxDue) continue;
    lines.push(
      line('fee', fee.code, {
        amount: round(convert(fee.amount, fee.currency, currency, usdRateOf)),
        rule: { kind: 'flat' },
        figure: fee,
      }),
    );
  }

  const totalMinor = lines.reduce((sum, l) => sum + toMinor(l.amount, currency), 0);
  const valueMissing = input.valueMissing === true;
  return {
    origin: input.origin,
    destination: input.destination,
    planId: input.planId,
    chargeableWeight: weight,
    declaredValue: { amount: round(value), currency },
    ...(valueMissing ? { valueMissing } : {}),
    category: { requested, applied: category, unknown: requested !== null && !known },
    currency,
    lines,
    total: fromMinor(totalMinor, currency),
    estimate: valueMissing || lines.some((l) => l.estimate),
    transitDays: route.transitDays,
    sources: data.sources
      .filter((s) => used.has(s.id))
      .map((s) => ({ id: s.id, title: s.title[input.lang ?? 'en'], ...(s.url ? { url: s.url } : {}), date: s.date })),
  };
}
