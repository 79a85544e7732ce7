/**
 * Membership orders: the plan a customer may buy, the order row with the server's amounts, and its state machine
 * (pending → charging → paid | failed). Only the request that moves an order from pending to charging talks to
 * the provider; a replay finds the order charging (409) or finished (its stored result). A paid order starts the
 * plan (and, for a signup, opens the mailboxes) in the same transaction that marks it paid.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  PAYMENT_CODES,
  PAYMENT_RESULT_OK,
  PaymentErrorCode,
  additionalDurationTypeSchema,
  type PaymentCode,
  type PaymentResult,
} from '../../src/lib/api/payments/contract.ts';
import { planIdSchema, type Plan } from '../../src/lib/reference/schemas.ts';
import { fromMinor } from '../../src/lib/payments/money.ts';
import { planExpiryDate } from '../../src/lib/payments/expiry-date.ts';
import { daysToExpiry, upgradeChoices } from '../../src/lib/payments/membership-rules.ts';
import type { BrandId } from '../../src/brands/brands.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { paymentOrders, users } from '../db/schema.ts';
import { saveOption } from '../wallet/saved-options.ts';
import { openMailboxes } from '../mailboxes/open-mailboxes.ts';
import { customerEntity, planList } from '../reference/lookups.ts';
import { DomainError } from '../domain-error.ts';
import type { CardToken, ChargeResult, SavedAccount } from './provider.ts';
import type { Pricing } from './promo.ts';

export type User = typeof users.$inferSelect;
export type Order = typeof paymentOrders.$inferSelect;

const BASIC = 1;
const LIFETIME = 5;
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A payment by a customer without mailboxes is their signup's; anyone else's is an upgrade. */
export const isSignupPayment = (user: User) => !user.hasMailboxes;

/**
 * The plan `planId` if the customer may pay for it now: offered in their country, not basic, and for an upgrade
 * one of the upgrade choices of their current plan (spec 1 §4.5).
 */
export async function payablePlan(db: Db, clock: Clock, user: User, planId: number): Promise<Plan> {
  const { plans } = await planList(db, user.countryCode);
  const plan = plans.find((p) => p.planId === planId);
  const refuse = (message: string) => new DomainError('invalid', PaymentErrorCode.plan, message);
  if (!plan) throw refuse('The plan is not offered in your country');
  if (plan.planId === BASIC) throw refuse('The basic plan is free');
  if (isSignupPayment(user)) return plan;
  const choices = upgradeChoices(
    { planId: user.planId, daysToExpiry: daysToExpiry(user.planExpiryDate, clock()) },
    plans,
  );
  if (!choices.some((p) => p.planId === plan.planId)) throw refuse('The plan is not an upgrade of your current plan');
  return plan;
}

export interface NewOrder {
  user: User;
  plan: Plan;
  pricing: Pricing;
  method: PaymentCode;
  autoRenew: boolean;
  saveCard: boolean;
  providerToken?: string | null;
}

/** Order numbers start with the brand's letters. */
export const brandOrderPrefix = (brand: BrandId) => (brand === 'shipbox' ? 'SB' : 'MB');

/** The next order number of the brand (membership and shipment payments share the sequence). */
export async function nextOrderNumber(db: Db, brandPrefix: string, userGuid: string): Promise<string> {
  // Selected through the customer's row: PGlite and pg answer a bare `execute` in different shapes.
  const [next] = await db
    .select({ n: sql<string>`nextval('order_number_seq')::text` })
    .from(users)
    .where(eq(users.guid, userGuid));
  if (!next) throw new Error('no order number for an unknown customer');
  return `${brandPrefix}${next.n}`;
}

export async function createOrder(db: Db, brandPrefix: string, o: NewOrder): Promise<Order> {
  const orderNumber = await nextOrderNumber(db, brandPrefix, o.user.guid);
  const [order] = await db
    .insert(paymentOrders)
    .values({
      id: randomUUID(),
      orderNumber,
      userGuid: o.user.guid,
      planId: o.plan.planId,
      isSignup: isSignupPayment(o.user),
      methodCode: o.method,
      currency: o.pricing.currency,
      listAmountMinor: o.pricing.listMinor,
      discountMinor: o.pricing.discountMinor,
      amountMinor: o.pricing.amountMinor,
      promoCode: o.pricing.promoCode,
      additionalDuration: o.pricing.additionalDuration,
      additionalDurationType: o.pricing.additionalDurationType,
      // Lifetime never renews.
      autoRenew: o.autoRenew && o.plan.planId !== LIFETIME,
      saveCard: o.saveCard,
      state: 'pending',
      providerToken: o.providerToken ?? null,
    })
    .returning();
  if (!order) throw new Error('order not created');
  return order;
}

/** The payment result of spec 2 §3 for an order that has ended (or a refusal before charging). */
export function resultOf(order: Order): PaymentResult {
  return {
    statusId: order.state === 'paid' ? PAYMENT_RESULT_OK : 0,
    gatewayReturnMessage: order.gatewayMessage,
    gatewayReturnCode: order.gatewayCode,
    amount: fromMinor(order.amountMinor, order.currency),
    currencyCode: order.currency,
    orderNumber: order.orderNumber,
    planExpiryDate: order.planExpiryDate,
    planId: z.parse(planIdSchema, order.planId),
    paymentMethodCode: order.methodCode as PaymentCode,
    discount: fromMinor(order.discountMinor, order.currency),
    additionalDuration: order.additionalDuration,
    additionalDurationType: z.parse(z.nullable(additionalDurationTypeSchema), order.additionalDurationType),
  };
}

export interface ChargeOutcome {
  result: ChargeResult;
  /** A card to save when the order asks for it. */
  card?: CardToken | undefined;
  /** A PayPal account to save when the order asks for it. */
  account?: SavedAccount | undefined;
}

export interface OrderDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
}

/**
 * Charges an order once: claims it (pending → charging), runs `charge` unless the order is free, and records the
 * outcome. A free order (0 after the promo) needs no provider call, except to approve an account to save
 * (`chargeFree`).
 */
export async function runOrder(
  deps: OrderDeps,
  order: Order,
  charge: () => Promise<ChargeOutcome>,
  options: { chargeFree?: boolean } = {},
): Promise<PaymentResult> {
  const { db, logger } = deps;
  const [claimed] = await db
    .update(paymentOrders)
    .set({ state: 'charging', updatedAt: deps.clock() })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.state, 'pending')))
    .returning();
  if (!claimed) {
    const [now] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    if (now && (now.state === 'paid' || now.state === 'failed')) return resultOf(now);
    throw new DomainError('conflict', PaymentErrorCode.inFlight, 'The payment is being processed');
  }
  let outcome: ChargeOutcome;
  try {
    outcome =
      claimed.amountMinor === 0 && !options.chargeFree
        ? { result: { status: 'succeeded', providerRef: `free-${claimed.orderNumber}` } }
        : await charge();
  } catch (error) {
    // The provider could not be reached: nothing was taken as far as we know; the order can be tried again.
    await db.update(paymentOrders).set({ state: 'pending' }).where(eq(paymentOrders.id, claimed.id));
    throw error;
  }
  const ended = await finish(deps, claimed, outcome);
  logger.info(
    {
      order: ended.orderNumber,
      method: ended.methodCode,
      amountMinor: ended.amountMinor,
      currency: ended.currency,
      state: ended.state,
    },
    'payment',
  );
  return resultOf(ended);
}

async function finish(deps: OrderDeps, order: Order, outcome: ChargeOutcome): Promise<Order> {
  const { db, clock } = deps;
  const { result } = outcome;
  if (result.status === 'failed') {
    const [failed] = await db
      .update(paymentOrders)
      .set({ state: 'failed', gatewayMessage: result.message, gatewayCode: result.code, updatedAt: clock() })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.state, 'charging')))
      .returning();
    return failed ?? order;
  }
  return db.transaction(async (t) => {
    const [user] = await t.select().from(users).where(eq(users.guid, order.userGuid)).for('update');
    if (!user) throw new Error('order without customer');
    const { plans } = await planList(t, user.countryCode);
    const plan = plans.find((p) => p.planId === order.planId);
    if (!plan) throw new Error(`plan ${order.planId} no longer offered`);
    const today = isoDay(clock());
    const expiry = planExpiryDate({
      currentExpiry: user.planId === BASIC ? null : user.planExpiryDate,
      today,
      duration: plan.duration,
      additionalDuration: 0,
      promo: {
        amount: order.additionalDuration,
        type: z.parse(z.nullable(additionalDurationTypeSchema), order.additionalDurationType),
      },
    });
    if (order.isSignup && !user.hasMailboxes) {
      const entity = user.entity ?? (await customerEntity(t, user.countryCode, user.city)) ?? 'AMM';
      await openMailboxes(t, clock, user, plan, entity);
    }
    await t
      .update(users)
      .set({
        planId: plan.planId,
        planStartDate: user.planId === BASIC || order.isSignup ? today : (user.planStartDate ?? today),
        planExpiryDate: expiry,
        planAutoRenewal: order.autoRenew,
        signupPlanId: plan.planId,
      })
      .where(eq(users.guid, user.guid));
    const kept = outcome.card ? { card: outcome.card } : outcome.account ? { account: outcome.account } : null;
    if (order.saveCard && kept) await saveOption(t, user.guid, kept, false);
    const [paid] = await t
      .update(paymentOrders)
      .set({ state: 'paid', providerRef: result.providerRef, planExpiryDate: expiry, updatedAt: clock() })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.state, 'charging')))
      .returning();
    if (!paid) throw new Error('order changed while charging');
    return paid;
  });
}

export { PAYMENT_CODES };
