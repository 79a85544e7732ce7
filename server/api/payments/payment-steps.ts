/**
 * What the membership payment calls share (spec 2 §4, §5): the plan's price with the promo code, the answer of a
 * token-prepare call, the country and renewal checks, the order of a direct payment, and the pay calls' run once
 * per Idempotency-Key. Amounts come from the plan and the promo code, never from the browser.
 */
import type { z } from 'zod';
import {
  PaymentErrorCode,
  PromoErrorCode,
  type PaymentCode,
  type PaymentPayload,
  type PaymentResult,
  type TokenResponse,
  type paymentPayloadSchema,
  type tokenPrepareSchema,
} from '../../../src/lib/api/payments/contract.ts';
import { fromMinor } from '../../../src/lib/payments/money.ts';
import { LANGUAGES } from '../../../src/i18n/languages.ts';
import { idempotent } from './idempotency.ts';
import { offersSystem } from '../../payments/payment-options.ts';
import { priceWithPromo, type Pricing } from '../../payments/promo.ts';
import {
  brandOrderPrefix,
  createOrder,
  isoDay,
  payablePlan,
  runOrder,
  type ChargeOutcome,
  type Order,
  type User,
} from '../../payments/orders.ts';
import type { Limit } from '../../auth/throttle.ts';
import { DomainError } from '../../domain-error.ts';
import { clientAddress } from '../client-address.ts';
import type { SessionContext } from '../env.ts';
import { HttpError } from '../http-errors.ts';
import { refuseOver } from '../throttle-first.ts';
import { sessionUser } from '../session-user.ts';
import { sitePage } from '../site-pages.ts';

export type Ctx = SessionContext;
export type TokenBody = z.core.output<typeof tokenPrepareSchema>;
export type PaymentBody = z.core.output<typeof paymentPayloadSchema>;

const PAYMENT_PAGES = new RegExp(`^/(${LANGUAGES.join('|')})/(account/membership-payment|signup/payment)$`);

export const refuse = (code: string, message: string) => new HttpError(400, { code, message });
export const orderPrefix = (c: Ctx) => brandOrderPrefix(c.var.deps.brand.id);

/** The payment page to come back to: one of the two payment pages of this site. */
export const paymentPage = (c: Ctx, url: string) => sitePage(c, url, PAYMENT_PAGES);

/** Wrong promo codes (codes that don't exist), counted like failed logins: a guesser is stopped, then slowed. */
export const PROMO_LIMITS = {
  /** One customer guessing codes. */
  customer: { max: 10, windowSeconds: 15 * 60 },
  /** One address guessing through several accounts. */
  address: { max: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

export const promoThrottleKeys = (userGuid: string, address: string) => ({
  customer: `promo:user:${userGuid.toLowerCase()}`,
  address: `promo:addr:${address}`,
});

/**
 * The plan's price with the promo code. Every call that takes a code prices it here (applypromo, the token and pay
 * calls), so the limit on wrong codes can't be gone around through another call; without a code nothing is limited.
 */
export async function pricing(c: Ctx, user: User, planId: number, promo: string, bin: string, paymentType: string) {
  const { db, clock, throttle } = c.var.deps;
  const keys = promo.trim() ? promoThrottleKeys(user.guid, clientAddress(c)) : undefined;
  // A code counts before it is looked up, in one statement per key, so a burst of guesses is cut at the limit; a
  // code that exists is given back.
  if (keys) await refuseOver(c, [keys.customer, PROMO_LIMITS.customer], [keys.address, PROMO_LIMITS.address]);
  let unknown = false;
  try {
    const plan = await payablePlan(db, clock, user, planId);
    const price = await priceWithPromo(db, promo, {
      plan,
      cardBin: bin,
      paymentType,
      countryCode: user.countryCode,
      today: isoDay(clock()),
    });
    return { plan, price };
  } catch (error) {
    unknown = error instanceof DomainError && error.code === PromoErrorCode.unknown;
    throw error;
  } finally {
    if (keys && !unknown) {
      await throttle.giveBack(keys.customer);
      await throttle.giveBack(keys.address);
    }
  }
}

export function tokenResponse(
  status: number,
  price: Pricing,
  extra: Partial<Omit<TokenResponse, 'status' | 'amountAfterDiscount' | 'currencyCode'>> = {},
): TokenResponse {
  return {
    status,
    token: null,
    html: null,
    redirectUrl: null,
    secureId: null,
    message: null,
    gatewayReturnCode: null,
    ...extra,
    amountAfterDiscount: fromMinor(price.amountMinor, price.currency),
    currencyCode: price.currency,
  };
}

export function requireMethod(user: User, systemId: number): void {
  if (!offersSystem(user.countryCode, systemId)) {
    throw refuse(PaymentErrorCode.method, 'This payment method is not offered in your country');
  }
}

/** A plan that mandates auto-renewal is bought with it on (spec 2 §5). */
function requireRenewal(plan: { mandateAutoRenew: boolean }, body: { allowAutoRenewal: boolean }): void {
  if (plan.mandateAutoRenew && !body.allowAutoRenewal) {
    throw refuse(PaymentErrorCode.autoRenew, 'This plan renews automatically: turn renewal on');
  }
}

/** The answer `idempotent()` stores and replays. */
export const ok = (body: unknown) => ({ status: 200, body });

/** What the provider is told of an order: its id as the idempotency reference, and the server's amount. */
export const moneyOf = (order: Order) => ({
  reference: order.id,
  amountMinor: order.amountMinor,
  currency: order.currency,
});

/** Creates the order of a direct payment (cards, Visa Checkout, saved accounts) and charges it. */
export async function directPayment(
  c: Ctx,
  user: User,
  body: PaymentPayload & { planId: number },
  method: PaymentCode,
  card: { bin: string; paymentType: string },
  charge: (order: Order) => Promise<ChargeOutcome>,
  saveCard = Boolean(body.saveCard),
): Promise<PaymentResult> {
  const { plan, price } = await pricing(c, user, body.planId, body.promoCode ?? '', card.bin, card.paymentType);
  requireRenewal(plan, { allowAutoRenewal: Boolean(body.allowAutoRenewal) });
  const order = await createOrder(c.var.deps.db, orderPrefix(c), {
    user,
    plan,
    pricing: price,
    method,
    autoRenew: Boolean(body.allowAutoRenewal),
    saveCard,
  });
  return runOrder(c.var.deps, order, () => charge(order));
}

/** The handler of a pay call: binds the parsed body to the key, and runs `pay` once per key. */
export const payHandler =
  (pay: (c: Ctx, user: User, body: PaymentBody) => Promise<PaymentResult>) =>
  (c: Ctx, { body }: { body: PaymentBody }): Promise<Response> => {
    const { cardData, visaCheckoutData, ...bound } = body;
    // The key is bound to the request without its secrets.
    const fingerprint = { ...bound, cvv: Boolean(cardData ?? visaCheckoutData), vc: visaCheckoutData?.paymentData };
    return idempotent(c, fingerprint, async () => ok(await pay(c, await sessionUser(c), body)));
  };
