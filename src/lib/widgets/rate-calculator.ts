/**
 * The rate calculator of the tool box (spec 2 §4, §9): its form, and which prices it shows to whom.
 */
import { MAX_WEIGHT, type RateResult, type WeightUnit } from '../api/widgets/contract.ts';
import { COUNTRIES_WITH_ADDRESSES, countryByCode } from '../reference/countries.ts';
import { parseDecimal } from './numbers.ts';
import { checked, type Checked } from './validation.ts';

/** Membership plan ids (spec 2 §3). */
export const PLAN = { basic: 1, flexAnnual: 2, flexMonthly: 3, flexLifetime: 5 } as const;
export type PlanId = RateResult['rates'][number]['subscriptionPlanId'];

/** Weights are priced to the hundredth (spec 2 §5: weight to 2 decimals). */
export const WEIGHT_DECIMALS = 2;

export interface RateFormValues {
  origin: string;
  destination: string;
  weight: string;
  /** The radio value: '0' kg, '1' lb (spec 2 §9). */
  unit: string;
}
export type RateField = keyof RateFormValues;

export interface RateCalculation {
  origin: string;
  destination: string;
  weight: number;
  unit: WeightUnit;
}

export const EMPTY_RATE_FORM: RateFormValues = { origin: '', destination: '', weight: '', unit: '0' };

export function unitOf(value: string): WeightUnit {
  return value === '1' ? 1 : 0;
}

/**
 * The origin is a country where customers get an address (parcels leave from there); the destination may be any
 * country, the same one included (some countries have domestic rates). The weight is a number above 0 with at
 * most two decimals, no heavier than the unit's limit.
 */
export function validateRateForm(form: RateFormValues): Checked<RateCalculation, RateField> {
  const errors: Partial<Record<RateField, string>> = {};
  if (!COUNTRIES_WITH_ADDRESSES.includes(form.origin)) errors.origin = 'validation.required';
  if (!countryByCode(form.destination)) errors.destination = 'validation.required';
  const unit = unitOf(form.unit);
  const weight = parseDecimal(form.weight, WEIGHT_DECIMALS);
  if (form.weight.trim() === '') errors.weight = 'validation.required';
  else if (weight === null || weight <= 0) errors.weight = 'widgets.rates.weightInvalid';
  else if (weight > MAX_WEIGHT[unit]) errors.weight = 'widgets.rates.weightTooHeavy';
  return checked(errors, () => ({
    origin: form.origin,
    destination: form.destination,
    weight: weight ?? 0,
    unit,
  }));
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
