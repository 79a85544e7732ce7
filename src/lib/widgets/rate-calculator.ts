/**
 * The rate calculator of the tool box (spec 2 §4, §9), a landed-cost calculator since issue 24: its form, the
 * weight the plans price (the chargeable one), the estimate's query, and which prices it shows to whom.
 */
import type { QueryIn } from '../api/endpoint.ts';
import type { getLandedCost } from '../api/landed-cost/contract.ts';
import {
  KG_PER_LB,
  MAX_WEIGHT,
  WEIGHT_UNITS,
  type RateQuery,
  type RateResult,
  type WeightUnit,
} from '../api/widgets/contract.ts';
import { GENERAL_CATEGORY, GOODS_CATEGORIES } from '../landed-cost/codes.ts';
import {
  DIMENSION_UNITS,
  MAX_DECLARED_VALUE,
  MAX_SIDE,
  SIDES,
  volumetricKg,
  type DimensionUnit,
  type Side,
} from '../landed-cost/parcel-limits.ts';
import { COUNTRIES_WITH_ADDRESSES, countryByCode } from '../reference/countries.ts';
import type { WeightUnitName } from '../weight/weight-unit.ts';
import { parseDecimal } from './numbers.ts';
import { checked, type Checked } from './validation.ts';

/** Membership plan ids (spec 2 §3). */
export const PLAN = { basic: 1, flexAnnual: 2, flexMonthly: 3, flexLifetime: 5 } as const;
export type PlanId = RateResult['rates'][number]['subscriptionPlanId'];

/** Weights are priced to the hundredth (spec 2 §5: weight to 2 decimals); sides and values are written so too. */
export const WEIGHT_DECIMALS = 2;

/**
 * Goods outside the list: sent as they are, so the estimate takes the general rate and says that it did (a
 * category the estimate doesn't know).
 */
export const OTHER_GOODS = 'other';
/** The goods the form offers, general first (its first choice), then "something else". */
export const GOODS_CHOICES: readonly string[] = [
  GENERAL_CATEGORY,
  ...GOODS_CATEGORIES.filter((c) => c !== GENERAL_CATEGORY),
  OTHER_GOODS,
];

export interface RateFormValues {
  origin: string;
  destination: string;
  weight: string;
  /** The radio value: '0' kg, '1' lb (spec 2 §9). */
  unit: string;
  /** The parcel's sides: all three or none. */
  length: string;
  width: string;
  height: string;
  /** The radio value: 'cm' or 'in'. */
  dimensionUnit: string;
  /** What the goods are worth, in `valueCurrency`. */
  value: string;
  valueCurrency: string;
  /** One of GOODS_CHOICES. */
  category: string;
}
export type RateField = keyof RateFormValues;

export interface RateCalculation {
  origin: string;
  destination: string;
  weight: number;
  unit: WeightUnit;
  /** The three sides, in `dimensionUnit`; null when none were given. */
  sides: Readonly<Record<Side, number>> | null;
  dimensionUnit: DimensionUnit;
  value: number;
  valueCurrency: string;
  category: string;
}

export const EMPTY_RATE_FORM: RateFormValues = {
  origin: '',
  destination: '',
  weight: '',
  unit: '0',
  length: '',
  width: '',
  height: '',
  dimensionUnit: 'cm',
  value: '',
  valueCurrency: 'USD',
  category: GENERAL_CATEGORY,
};

export function unitOf(value: string): WeightUnit {
  return value === '1' ? 1 : 0;
}

/** The radio value of a customer's unit of weight (their profile's), the form's first choice for them. */
export function unitValueOf(unit: WeightUnitName): RateFormValues['unit'] {
  return String(WEIGHT_UNITS[unit]);
}

export function unitNameOf(unit: WeightUnit): WeightUnitName {
  return unit === WEIGHT_UNITS.lb ? 'lb' : 'kg';
}

export function dimensionUnitOf(value: string): DimensionUnit {
  return (DIMENSION_UNITS as readonly string[]).includes(value) ? (value as DimensionUnit) : 'cm';
}

const toKg = (weight: number, unit: WeightUnit) => (unit === WEIGHT_UNITS.lb ? weight * KG_PER_LB : weight);

/** The sides as typed: each a number above 0 (2 decimals at most) within the unit's limit, all three or none. */
function checkSides(form: RateFormValues, unit: DimensionUnit, errors: Partial<Record<RateField, string>>) {
  const typed = SIDES.filter((side) => form[side].trim() !== '');
  if (typed.length === 0) return null;
  const sides: Partial<Record<Side, number>> = {};
  for (const side of SIDES) {
    const length = parseDecimal(form[side], WEIGHT_DECIMALS);
    if (form[side].trim() === '') errors[side] = 'widgets.rates.sidesIncomplete';
    else if (length === null || length <= 0) errors[side] = 'widgets.rates.sideInvalid';
    else if (length > MAX_SIDE[unit]) errors[side] = 'widgets.rates.sideTooLong';
    else sides[side] = length;
  }
  if (SIDES.some((side) => errors[side])) return null;
  const whole = sides as Record<Side, number>;
  // The rates price parcels up to the weight limit, volumetric weight included.
  if (volumetricKg(whole, unit) > MAX_WEIGHT[WEIGHT_UNITS.kg]) errors.length = 'widgets.rates.tooBulky';
  return whole;
}

/**
 * The origin is a country where customers get an address (parcels leave from there); the destination may be any
 * country, the same one included (some countries have domestic rates). The weight is a number above 0 with at
 * most two decimals, no heavier than the unit's limit. The sides are optional, all three or none. The goods' value
 * is required (0 for a gift of no value), in one of the offered currencies, with at most two decimals.
 */
export function validateRateForm(
  form: RateFormValues,
  currencies: readonly string[] = [EMPTY_RATE_FORM.valueCurrency],
): Checked<RateCalculation, RateField> {
  const errors: Partial<Record<RateField, string>> = {};
  if (!COUNTRIES_WITH_ADDRESSES.includes(form.origin)) errors.origin = 'validation.required';
  if (!countryByCode(form.destination)) errors.destination = 'validation.required';
  const unit = unitOf(form.unit);
  const weight = parseDecimal(form.weight, WEIGHT_DECIMALS);
  if (form.weight.trim() === '') errors.weight = 'validation.required';
  else if (weight === null || weight <= 0) errors.weight = 'widgets.rates.weightInvalid';
  else if (weight > MAX_WEIGHT[unit]) errors.weight = 'widgets.rates.weightTooHeavy';
  const dimensionUnit = dimensionUnitOf(form.dimensionUnit);
  const sides = checkSides(form, dimensionUnit, errors);
  const value = parseDecimal(form.value, WEIGHT_DECIMALS);
  if (form.value.trim() === '') errors.value = 'validation.required';
  else if (value === null) errors.value = 'widgets.rates.valueInvalid';
  else if (value > MAX_DECLARED_VALUE) errors.value = 'widgets.rates.valueTooHigh';
  if (!currencies.includes(form.valueCurrency)) errors.valueCurrency = 'validation.required';
  if (!GOODS_CHOICES.includes(form.category)) errors.category = 'validation.required';
  return checked(errors, () => ({
    origin: form.origin,
    destination: form.destination,
    weight: weight ?? 0,
    unit,
    sides,
    dimensionUnit,
    value: value ?? 0,
    valueCurrency: form.valueCurrency,
    category: form.category,
  }));
}

/** The query of the plans' prices, and the volumetric weight it prices (kilograms) when that is the chargeable one. */
export interface PricedParcel {
  query: RateQuery;
  volumetricKg: number | null;
}

/**
 * The plans price the chargeable weight, as the estimate's freight does: the volumetric one (in kilograms) when the
 * sides make it more than the actual weight.
 */
export function rateQueryOf(calculation: RateCalculation): PricedParcel {
  const { origin, destination, weight, unit, sides, dimensionUnit } = calculation;
  const volumetric = sides ? volumetricKg(sides, dimensionUnit) : 0;
  return volumetric > toKg(weight, unit)
    ? { query: { origin, destination, weight: volumetric, unit: WEIGHT_UNITS.kg }, volumetricKg: volumetric }
    : { query: { origin, destination, weight, unit }, volumetricKg: null };
}

/** The query of the landed-cost estimate (GET api/v1/landedcost). */
export function landedCostQueryOf(calculation: RateCalculation): QueryIn<typeof getLandedCost> {
  const { origin, destination, weight, unit, sides, dimensionUnit, value, valueCurrency, category } = calculation;
  return { origin, destination, weight, unit, ...sides, dimensionUnit, value, valueCurrency, category };
}

/** Spec 2 §9: (1 − flex ÷ basic) × 100, rounded. */
export function flexSavingPercent(basic: number, flex: number): number {
  return Math.round((1 - flex / basic) * 100);
}

/** Spec 2 §9: prices to Australia are shown with a note that they include tax. */
export function showsTaxIncludedMessage(destination: string): boolean {
  return destination === 'AU';
}

export interface RateRow {
  planId: PlanId;
  value: number;
  currency: string;
  /** The plan the customer is on. */
  current: boolean;
}

export interface RatesView {
  transitDays: string;
  rows: RateRow[];
  /** How much less Flex costs than basic, in whole percent; null when there is no saving to show. */
  savingPercent: number | null;
}

/**
 * The prices to show (spec 2 §9 "plan id 5 hides the basic rate"). A customer on Flex lifetime sees only their
 * own price (or, should the route have no lifetime price, what everyone else sees). Everyone else sees the basic
 * price and a Flex price with the saving: the monthly Flex price for a customer on monthly Flex, the annual one
 * otherwise (visitors included).
 */
export function ratesToShow(result: RateResult, userPlanId: number | null | undefined): RatesView {
  const rateOf = (planId: PlanId) => result.rates.find((r) => r.subscriptionPlanId === planId);
  const row = (rate: RateResult['rates'][number]): RateRow => ({
    planId: rate.subscriptionPlanId,
    value: rate.value,
    currency: rate.currency,
    current: rate.subscriptionPlanId === userPlanId,
  });

  const lifetime = userPlanId === PLAN.flexLifetime ? rateOf(PLAN.flexLifetime) : undefined;
  if (lifetime) return { transitDays: result.transitDays, rows: [row(lifetime)], savingPercent: null };

  const basic = rateOf(PLAN.basic);
  const flex = (userPlanId === PLAN.flexMonthly ? rateOf(PLAN.flexMonthly) : undefined) ?? rateOf(PLAN.flexAnnual);
  const rows = [basic, flex].filter((r) => r !== undefined).map(row);
  let savingPercent: number | null = null;
  if (basic && flex && basic.value > 0 && basic.currency === flex.currency) {
    const percent = flexSavingPercent(basic.value, flex.value);
    savingPercent = percent > 0 ? percent : null;
  }
  return { transitDays: result.transitDays, rows, savingPercent };
}
