/**
 * Money in minor units (spec 1 §4.10: no floating-point drift). A currency's exponent is the one ISO 4217
 * gives it (JOD and KWD have 3 decimals, JPY none), read from Intl so no table goes stale.
 */
import { MACHINE_LOCALE } from '../../i18n/languages.ts';

const exponents = new Map<string, number>();

/** Digits after the decimal point of `currency`. */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    exponent =
      new Intl.NumberFormat(MACHINE_LOCALE, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    exponents.set(currency, exponent);
  }
  return exponent;
}

/** `amount` (a decimal number of major units) in minor units, rounded half away from zero. */
export function toMinor(amount: number, currency: string): number {
  const factor = 10 ** currencyExponent(currency);
  // Through the decimal string, so 4.35 * 100 is 435, not 434.99999999999994.
  const [whole = '0', fraction = ''] = Math.abs(amount)
    .toFixed(currencyExponent(currency) + 2)
    .split('.');
  const scaled = Number(whole) * factor + Number(fraction.slice(0, currencyExponent(currency)) || '0');
  const rest = Number(fraction.slice(currencyExponent(currency)) || '0');
  const rounded = scaled + (rest >= 50 ? 1 : 0);
  return Math.sign(amount) < 0 ? -rounded : rounded;
}

/** Minor units back to a number of major units (for display and the API's JSON amounts). */
export function fromMinor(minor: number, currency: string): number {
  const exponent = currencyExponent(currency);
  return Number((minor / 10 ** exponent).toFixed(exponent));
}

/** A percentage of an amount in minor units, rounded half up to a whole minor unit. */
export function percentOf(minor: number, percent: number): number {
  return Math.round((minor * percent) / 100);
}
