/**
 * Every weight the site shows, in the customer's unit (issue 24): weights are kept in kilograms and converted only
 * to be shown, written with 2 decimals (spec 2 §9) and the unit's short name in the page's language.
 */
import type { Lang } from '../../i18n/languages.ts';
import { numberFormat } from '../../i18n/intl-formats.ts';
import type { WeightUnitName } from './weight-unit.ts';

/** The international pound, exactly. */
export const KG_PER_LB = 0.45359237;

export const WEIGHT_DECIMALS = 2;

const INTL_UNIT: Record<WeightUnitName, string> = { kg: 'kilogram', lb: 'pound' };

/** A weight in kilograms as a number in `unit`, rounded to 2 decimals. */
export function weightIn(kg: number, unit: WeightUnitName): number {
  const value = unit === 'lb' ? kg / KG_PER_LB : kg;
  // Half up as written: 1.005 is 1.01, not the 1.00 its binary value (1.00499…) would round to.
  const scale = 10 ** WEIGHT_DECIMALS;
  return Math.round(value * scale * (1 + Number.EPSILON)) / scale;
}

/** A weight in kilograms as the customer reads it: "2.50 kg", "5.51 lb", "2.50 كغم". */
export function formatWeight(kg: number, unit: WeightUnitName, lang: Lang): string {
  return numberFormat(lang, {
    style: 'unit',
    unit: INTL_UNIT[unit],
    unitDisplay: 'short',
    minimumFractionDigits: WEIGHT_DECIMALS,
    maximumFractionDigits: WEIGHT_DECIMALS,
  }).format(weightIn(kg, unit));
}
