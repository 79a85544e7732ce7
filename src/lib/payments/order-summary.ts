/**
 * The order summary kept after a successful payment (spec 2 §4: amount, currency, method, order number, plan
 * expiry and the promo's extra time), passed to the confirmation pages: `paymentResponse` on
 * account/membership-upgraded, and `m` (amount, currency, pnref) with `status=1` on signup/confirmation.
 */
import { z } from '../zod.ts';
import { additionalDurationTypeSchema, paymentCodeSchema } from '../api/payments/contract.ts';
import { planIdSchema } from '../reference/schemas.ts';

export const orderSummarySchema = z.object({
  amount: z.number(),
  currency: z.string(),
  method: paymentCodeSchema,
  orderNumber: z.string(),
  planId: planIdSchema,
  planExpiryDate: z.nullable(z.string()),
  discount: z.number(),
  additionalDuration: z.int().check(z.nonnegative()),
  additionalDurationType: z.nullable(additionalDurationTypeSchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

const STORAGE_KEY = 'payment.orderSummary';

/** URL-safe base64 of UTF-8 JSON. */
export function encodeParam(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function decodeParam(value: string): unknown {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

/** The `paymentResponse` parameter of account/membership-upgraded; null when unreadable. */
export function decodeOrderSummary(value: string | null): OrderSummary | null {
  if (!value) return null;
  try {
    return orderSummarySchema.safeParse(decodeParam(value)).data ?? null;
  } catch {
    return null;
  }
}

/** The `m` parameter of the signup confirmation. */
export function signupConfirmationParam(summary: OrderSummary): string {
  return encodeParam({ amount: summary.amount, currency: summary.currency, pnref: summary.orderNumber });
}

export function storeOrderSummary(summary: OrderSummary): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(summary));
  } catch {
    // Private mode: the URL still carries it.
  }
}

export function storedOrderSummary(): OrderSummary | null {
  try {
    return orderSummarySchema.safeParse(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null')).data ?? null;
  } catch {
    return null;
  }
}
