/**
 * The token-prepare calls (spec 2 §4, §7 POST api/payment/{guid}/{card|paypal|sadad|knet|peach}/gettoken): a card
 * tokenized (with its 3-D Secure page when the bank asks for one), or the order of a redirect method and the
 * provider's page to pay on. Each runs once per Idempotency-Key; the card's number and security code go to the
 * provider's tokenizer only, and the key is bound to the request without them.
 */
import { eq } from 'drizzle-orm';
import {
  CARD_TOKEN_STATUS,
  PAYMENT_CODES,
  PAYMENT_SYSTEMS,
  PEACH_COUNTRY,
  PaymentErrorCode,
  THIRD_PARTY_TOKEN_STATUS,
  getCardPaymentToken,
  getKnetToken,
  getPayPalToken,
  getPeachToken,
  getSadadToken,
  type PaymentCode,
} from '../../../src/lib/api/payments/contract.ts';
import { encodeParam } from '../../../src/lib/payments/order-summary.ts';
import { cardDigits } from '../../../src/lib/payments/card-type.ts';
import { cardTokens, paymentOrders } from '../../db/schema.ts';
import { idempotent } from './idempotency.ts';
import { createOrder } from '../../payments/orders.ts';
import type { RedirectMethod } from '../../payments/provider.ts';
import { invalid } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { sessionUser } from '../session-user.ts';
import { brandLang } from '../users/link-mail.ts';
import {
  ok,
  orderPrefix,
  paymentPage,
  pricing,
  refuse,
  requireMethod,
  tokenResponse,
  type Ctx,
  type TokenBody,
} from './payment-steps.ts';

/** A redirect method's token: the order, and the provider's page that comes back to the payment page. */
const redirectToken =
  (route: RedirectMethod, systemId: number, code: PaymentCode) =>
  (c: Ctx, { body }: { body: TokenBody }) =>
    idempotent(c, body, async () => {
      const { db, payments } = c.var.deps;
      const user = await sessionUser(c);
      requireMethod(user, systemId);
      const page = paymentPage(c, body.url);
      const { plan, price } = await pricing(c, user, body.planId, body.promoCode, '', String(systemId));
      if (route === 'sadad' && !body.optionalKey1.trim()) throw invalid({ optionalKey1: ['required'] });
      const save = route === 'paypal' && body.saveCard;
      // Free and nothing to keep: no need to visit the provider (spec 2 §4, third-party status 2).
      if (price.amountMinor === 0 && !save) return ok(tokenResponse(THIRD_PARTY_TOKEN_STATUS.free, price));
      const query = new URLSearchParams({ id: String(plan.planId), save: save ? '1' : '0' });
      if (price.promoCode) query.set('cpc', encodeParam(price.promoCode));
      if (price.amountMinor === 0) {
        query.set('addPayPal', '1');
        query.set('isFreePromo', '1');
      }
      const order = await createOrder(db, orderPrefix(c), {
        user,
        plan,
        pricing: price,
        method: code,
        autoRenew: body.setSingleBillingAgreement || plan.mandateAutoRenew,
        saveCard: save,
      });
      const started = await payments.startRedirect(route, {
        reference: order.id,
        amountMinor: price.amountMinor,
        currency: price.currency,
        returnUrl: `${page.origin}${page.path}?${query}`,
        // The payment page says the customer cancelled (spec 2 §4), however the tab got back there.
        cancelUrl: `${page.origin}${page.path}?id=${plan.planId}&cancelled=1`,
        lang: brandLang(c, body.langCode),
        saveAccount: save,
      });
      await db.update(paymentOrders).set({ providerToken: started.token }).where(eq(paymentOrders.id, order.id));
      return ok(tokenResponse(THIRD_PARTY_TOKEN_STATUS.redirect, price, { redirectUrl: started.redirectUrl }));
    });

export function tokenRoutes(router: ApiRouter): void {
  router.handle(getCardPaymentToken, (c, { body }) => {
    const { optionalKey2, optionalKey3, ...logged } = body;
    return idempotent(c, { ...logged, number: optionalKey2.slice(-4), cvv: optionalKey3.length }, async () => {
      const { db, payments } = c.var.deps;
      const user = await sessionUser(c);
      paymentPage(c, body.url);
      const number = cardDigits(body.optionalKey2);
      const { plan, price } = await pricing(c, user, body.planId, body.promoCode, number.slice(0, 6), '');
      const tokenized = await payments.tokenizeCard({
        name: body.optionalKey1.trim(),
        number,
        cvv: body.optionalKey3,
        expiryMonth: Number(body.optionalKey4),
        expiryYear: Number(body.optionalKey5),
      });
      if (!tokenized.ok) {
        return ok(
          tokenResponse(CARD_TOKEN_STATUS.error, price, {
            message: tokenized.message,
            gatewayReturnCode: tokenized.code,
          }),
        );
      }
      requireMethod(user, tokenized.systemId);
      await db.insert(cardTokens).values({
        token: tokenized.token,
        userGuid: user.guid,
        systemId: tokenized.systemId,
        first6: tokenized.first6,
        last4: tokenized.last4,
        expiryDate: tokenized.expiryDate,
        name: tokenized.name,
      });
      if (price.amountMinor === 0) return ok(tokenResponse(CARD_TOKEN_STATUS.free, price, { token: tokenized.token }));
      const challenge = await payments.startSecure(tokenized.token, {
        amountMinor: price.amountMinor,
        currency: price.currency,
        reference: `plan-${plan.planId}-${user.guid}`,
      });
      if (!challenge) return ok(tokenResponse(CARD_TOKEN_STATUS.success, price, { token: tokenized.token }));
      return ok(
        tokenResponse(CARD_TOKEN_STATUS.secure, price, {
          token: tokenized.token,
          html: challenge.html,
          secureId: challenge.id,
        }),
      );
    });
  });

  router.handle(getPayPalToken, redirectToken('paypal', PAYMENT_SYSTEMS.payPal, PAYMENT_CODES.payPal));
  router.handle(getSadadToken, redirectToken('sadad', PAYMENT_SYSTEMS.sadad, PAYMENT_CODES.sadad));
  router.handle(getKnetToken, redirectToken('knet', PAYMENT_SYSTEMS.knet, PAYMENT_CODES.knet));

  router.handle(getPeachToken, (c, { body }) =>
    idempotent(c, body, async () => {
      const { db, payments } = c.var.deps;
      const user = await sessionUser(c);
      if (user.countryCode !== PEACH_COUNTRY) throw refuse(PaymentErrorCode.method, 'Peach is offered in ZA only');
      paymentPage(c, body.url);
      const { plan, price } = await pricing(c, user, body.planId, body.promoCode, '', '');
      const order = await createOrder(db, orderPrefix(c), {
        user,
        plan,
        pricing: price,
        method: PAYMENT_CODES.newCard,
        autoRenew: body.setSingleBillingAgreement || plan.mandateAutoRenew,
        saveCard: body.saveCard,
      });
      const started = await payments.startPeach({
        reference: order.id,
        amountMinor: price.amountMinor,
        currency: price.currency,
        lang: brandLang(c, body.langCode),
      });
      await db.update(paymentOrders).set({ providerToken: started.checkoutId }).where(eq(paymentOrders.id, order.id));
      return ok(tokenResponse(1, price, { token: started.checkoutId, html: started.html }));
    }),
  );
}
