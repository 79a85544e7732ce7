/**
 * The plan's new end after a payment (spec 2 §4): the current plan's expiry (or today when there is none or it
 * has passed) plus the plan's duration plus its additional duration in months, plus the promo code's extra
 * time in years, months or days. Dates are ISO (YYYY-MM-DD), computed in UTC; month ends clamp
 * (31 January plus one month is the last day of February).
 */
import type { AdditionalDurationType } from '../api/payments/contract.ts';

export interface ExpiryInput {
  /** The current plan's expiry, if any (YYYY-MM-DD). */
  currentExpiry: string | null;
  /** Today (YYYY-MM-DD). */
  today: string;
  /** The plan's duration in months. */
  duration: number;
  /** The plan's additional duration in months. */
  additionalDuration: number;
  /** The promo code's extra time. */
  promo?: { amount: number; type: AdditionalDurationType | null } | null | undefined;
}

const parse = (iso: string) => {
  const [y = 1970, m = 1, d = 1] = iso.split('-').map(Number);
  return { y, m, d };
};
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** `date` plus `months`, the day clamped to the end of the target month. */
export function addMonths(date: string, months: number): string {
  const { y, m, d } = parse(date);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))));
}

export function addDays(date: string, days: number): string {
  const { y, m, d } = parse(date);
  return iso(new Date(Date.UTC(y, m - 1, d + days)));
}

export function planExpiryDate(input: ExpiryInput): string {
  const start = input.currentExpiry && input.currentExpiry > input.today ? input.currentExpiry : input.today;
  let end = addMonths(start, input.duration + input.additionalDuration);
  const promo = input.promo;
  if (promo && promo.amount > 0 && promo.type) {
    if (promo.type === 'Year') end = addMonths(end, 12 * promo.amount);
    else if (promo.type === 'Month') end = addMonths(end, promo.amount);
    else end = addDays(end, promo.amount);
  }
  return end;
}
