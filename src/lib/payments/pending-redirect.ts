/**
 * What the checkout needs to finish a payment after a provider's page (PayPal, Sadad, Knet): the return URL
 * carries the plan, the promo code and the save flag, but not whether the customer asked for auto-renewal, so
 * that is kept in sessionStorage for the tab until the customer comes back.
 */
import { z } from '../zod.ts';

const KEY = 'checkout.pendingRedirect';

/** The plan, its auto-renewal, and whether a signup chose AutoPay. */
const pendingSchema = z.object({ planId: z.int(), renew: z.boolean(), autoPay: z.optional(z.boolean()) });
export type PendingRedirect = z.infer<typeof pendingSchema>;

export function keepPendingRedirect(pending: PendingRedirect): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Private mode: the payment still completes, without auto-renewal.
  }
}

/** The pending redirect, removed as it is read: a second return does not find it again. */
export function takePendingRedirect(): PendingRedirect | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return pendingSchema.safeParse(JSON.parse(raw ?? 'null')).data ?? null;
  } catch {
    return null;
  }
}
