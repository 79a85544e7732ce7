/**
 * Idempotency keys for the calls that start or take a payment (spec 2 §7 Subscription payments, tracking
 * resolvePaymentUrl): a page makes one key per payment attempt and sends it again on a retry of the same attempt,
 * so a double click or a replay charges once. Every call is made with `call()` on its declaration in
 * ./contract.ts (and ../pending-payments/contract.ts), with these options.
 */
import type { CallOptions } from '../call.ts';
import { IDEMPOTENCY_HEADER } from './contract.ts';

/** A fresh idempotency key for one payment attempt. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The options of a call that runs once per key (the declaration's Idempotency-Key request header). */
export const withIdempotencyKey = (key: string): CallOptions => ({ headers: { [IDEMPOTENCY_HEADER]: key } });
