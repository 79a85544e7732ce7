/**
 * The pay calls (spec 2 §4, §7 POST api/v1/account/subscription/payUsing…, api/payment/{guid}/subscription/pay):
 * with a new card (its token), a saved card or PayPal account, a PayPal approval, a Sadad or Knet return, or the
 * Peach card frame. Each runs once per Idempotency-Key, and each order is charged once however often its return
 * is replayed. Visa Checkout's pay call is with its other calls (./visa-checkout.routes.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import {
  PAYMENT_CODES,
  PAYMENT_SYSTEMS,
  PaymentErrorCode,
  payUsingExistingCard,
  payUsingExistingThirdParty,
  payUsingNewCard,
  payUsingNewThirdParty,
  payUsingPeach,
  paySubscription,
  type PaymentCode,
} from '../../../src/lib/api/payments/contract.ts';
import { cardTokens, paymentOrders, savedCards } from '../../db/schema.ts';
import { runOrder, type Order, type User } from '../../payments/orders.ts';
import { invalid } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import {
  directPayment,
  moneyOf,
  payHandler,
  pricing,
  refuse,
  requireMethod,
  type Ctx,
  type PaymentBody,
} from './payment-steps.ts';

/** The customer's saved card (or, `thirdParty`, PayPal account) of that id. */
async function savedOption(c: Ctx, user: User, id: string, thirdParty: boolean) {
  const [row] = await c.var.deps.db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, Number(id) || 0), eq(savedCards.userGuid, user.guid)));
  if (!row || (row.type === '5') !== thirdParty) throw refuse(PaymentErrorCode.unknownToken, 'Unknown saved option');
  return row;
}

/** The customer's order behind a provider's return token. */
async function returnedOrder(c: Ctx, user: User, token: string, method: PaymentCode): Promise<Order> {
  const [order] = await c.var.deps.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.providerToken, token), eq(paymentOrders.userGuid, user.guid)));
  if (!order || order.methodCode !== method) throw refuse(PaymentErrorCode.unknownToken, 'Unknown payment');
  return order;
}

/** Card tokens hold card systems only. */
function cardSystem(id: number): 1 | 2 | 3 | 4 | 6 {
  return ([1, 2, 3, 4, 6] as const).find((s) => s === id) ?? 1;
}

/**
 * Status 2 of the Sadad and Knet token calls (spec 2 §4): the promo code leaves nothing to pay, so the order is
 * paid without the provider's page. Anything left to pay needs the provider's return (estn, PaymentID).
 */
async function freeRedirectPayment(c: Ctx, user: User, body: PaymentBody, method: 'sadad' | 'knet') {
  const systemId = method === 'sadad' ? PAYMENT_SYSTEMS.sadad : PAYMENT_SYSTEMS.knet;
  requireMethod(user, systemId);
  const { price } = await pricing(c, user, body.planId, body.promoCode, '', String(systemId));
  if (price.amountMinor !== 0) throw invalid({ [method === 'sadad' ? 'estn' : 'paymentId']: ['required'] });
  return directPayment(
    c,
    user,
    body,
    method === 'sadad' ? PAYMENT_CODES.sadad : PAYMENT_CODES.knet,
    { bin: '', paymentType: String(systemId) },
    () => Promise.reject(new Error('a free order needs no charge')),
    false,
  );
}

export function payRoutes(router: ApiRouter): void {
  router.handle(
    payUsingNewCard,
    payHandler(async (c, user, body) => {
      const [token] = await c.var.deps.db
        .select()
        .from(cardTokens)
        .where(and(eq(cardTokens.token, body.id), eq(cardTokens.userGuid, user.guid)));
      if (!token) throw refuse(PaymentErrorCode.unknownToken, 'Unknown card token');
      const secure = body.digitSecureId ? { id: body.digitSecureId, response: body.digitSecureResponse } : undefined;
      const card = {
        token: token.token,
        systemId: cardSystem(token.systemId),
        first6: token.first6,
        last4: token.last4,
        expiryDate: token.expiryDate,
        name: token.name,
      };
      return directPayment(
        c,
        user,
        body,
        secure ? PAYMENT_CODES.secureCard : PAYMENT_CODES.newCard,
        { bin: token.first6, paymentType: '' },
        async (order) => ({
          result: await c.var.deps.payments.charge({
            ...moneyOf(order),
            token: token.token,
            secure,
            description: `Membership ${order.orderNumber}`,
          }),
          card,
        }),
      );
    }),
  );

  router.handle(
    payUsingExistingCard,
    payHandler(async (c, user, body) => {
      const saved = await savedOption(c, user, body.id, false);
      // A saved card pays with the provider's token alone (spec 2 §5); a security code, when sent, is checked.
      const cvv = body.cardData?.cvv2;
      return directPayment(
        c,
        user,
        body,
        PAYMENT_CODES.existingCard,
        { bin: saved.first6Digits, paymentType: saved.type },
        async (order) => ({
          result: await c.var.deps.payments.charge({
            ...moneyOf(order),
            token: saved.providerToken,
            cvv,
            description: `Membership ${order.orderNumber}`,
          }),
        }),
        false,
      );
    }),
  );

  router.handle(
    payUsingExistingThirdParty,
    payHandler(async (c, user, body) => {
      const saved = await savedOption(c, user, body.id, true);
      return directPayment(
        c,
        user,
        body,
        PAYMENT_CODES.payPal,
        { bin: '', paymentType: String(PAYMENT_SYSTEMS.payPal) },
        async (order) => ({
          result: await c.var.deps.payments.chargeAccount({
            ...moneyOf(order),
            token: saved.providerToken,
            description: `Membership ${order.orderNumber}`,
          }),
        }),
        false,
      );
    }),
  );

  router.handle(
    payUsingNewThirdParty,
    payHandler(async (c, user, body) => {
      const data = body.thirdPartyData;
      if (!data) {
        // Status 2 of the PayPal route: the promo code makes the plan free and nothing is kept.
        const { price } = await pricing(c, user, body.planId, body.promoCode, '', String(PAYMENT_SYSTEMS.payPal));
        if (price.amountMinor !== 0) throw refuse(PaymentErrorCode.unknownToken, 'Approve the payment with PayPal');
        return directPayment(
          c,
          user,
          body,
          PAYMENT_CODES.payPal,
          { bin: '', paymentType: String(PAYMENT_SYSTEMS.payPal) },
          () => Promise.reject(new Error('a free order needs no charge')),
          false,
        );
      }
      const order = await returnedOrder(c, user, data.token, PAYMENT_CODES.payPal);
      return runOrder(
        c.var.deps,
        order,
        async () => {
          const done = await c.var.deps.payments.completeRedirect(
            { method: 'paypal', token: data.token, payerId: data.payerId },
            moneyOf(order),
          );
          return { result: done, account: done.account };
        },
        { chargeFree: order.saveCard },
      );
    }),
  );

  router.handle(
    paySubscription,
    payHandler(async (c, user, body) => {
      const sadad = body.paymentMethodCode === PAYMENT_CODES.sadad;
      if (!sadad && body.paymentMethodCode !== PAYMENT_CODES.knet) {
        throw invalid({ paymentMethodCode: ['SD01 or KN01'] });
      }
      const token = sadad ? body.estn : body.paymentId;
      if (!token) return freeRedirectPayment(c, user, body, sadad ? 'sadad' : 'knet');
      const order = await returnedOrder(c, user, token, body.paymentMethodCode as PaymentCode).catch(async () => {
        // Knet names the payment by its own PaymentID: the customer's latest Knet order it belongs to.
        if (sadad) throw refuse(PaymentErrorCode.unknownToken, 'Unknown payment');
        const [latest] = await c.var.deps.db
          .select()
          .from(paymentOrders)
          .where(and(eq(paymentOrders.userGuid, user.guid), eq(paymentOrders.methodCode, PAYMENT_CODES.knet)))
          .orderBy(desc(paymentOrders.createdAt))
          .limit(1);
        if (!latest) throw refuse(PaymentErrorCode.unknownToken, 'Unknown payment');
        return latest;
      });
      return runOrder(c.var.deps, order, async () => ({
        result: await c.var.deps.payments.completeRedirect(
          sadad ? { method: 'sadad', estn: token } : { method: 'knet', paymentId: token },
          moneyOf(order),
        ),
      }));
    }),
  );

  router.handle(
    payUsingPeach,
    payHandler(async (c, user, body) => {
      const order = await returnedOrder(c, user, body.id, PAYMENT_CODES.newCard);
      return runOrder(c.var.deps, order, async () => {
        const done = await c.var.deps.payments.completePeach(body.id, moneyOf(order));
        return { result: done, card: done.card };
      });
    }),
  );
}
