/**
 * The price of a return (spec 2 §7 shipments/return/calculate): a return travels the same lane as the parcel did,
 * the other way, so it is priced with the country rate of its lane (origin = the country it goes back to,
 * destination = the pickup country) for the customer's plan (the basic rate when the plan has none), by the
 * rate calculator's rule: the first half kilogram, then each further half kilogram begun.
 */
import { priceFor, WEIGHT_UNITS } from '../api/widgets/contract.ts';
import { toMinor } from '../payments/money.ts';

export interface LaneRate {
  subscriptionPlanId: number;
  firstHalfKg: number;
  additionalHalfKg: number;
  currency: string;
}

const BASIC_PLAN = 1;

/** The price in minor units and its currency; null when the lane has no rate at all. */
export function returnPriceMinor(
  rates: readonly LaneRate[],
  planId: number,
  weightKg: number,
): { amountMinor: number; currencyCode: string } | null {
  const rate =
    rates.find((r) => r.subscriptionPlanId === planId) ?? rates.find((r) => r.subscriptionPlanId === BASIC_PLAN);
  if (!rate) return null;
  return {
    amountMinor: toMinor(priceFor(rate, weightKg, WEIGHT_UNITS.kg), rate.currency),
    currencyCode: rate.currency,
  };
}
