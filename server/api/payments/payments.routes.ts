/**
 * Membership payments (spec 2 §4, §5, §7 Subscription payments): payment options, saved options, promo codes,
 * the token-prepare call of each method, the pay calls, Visa Checkout's helpers, auto-renewal and the upgrade
 * payment link. Amounts come from the plan and the promo code, never from the browser; every call that can
 * start or take a payment runs once per Idempotency-Key; card numbers and security codes go to the provider's
 * tokenizer and are neither stored nor logged.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  CARD_TOKEN_STATUS,
  PAYMENT_CODES,
  PAYMENT_SYSTEMS,
  PEACH_COUNTRY,
  PaymentErrorCode,
  THIRD_PARTY_TOKEN_STATUS,
  decryptRequestSchema,
  paymentPayloadSchema,
  pixelInfoSchema,
  promoRequestSchema,
  resolvePaymentUrlQuerySchema,
  tokenPrepareSchema,
  type DecryptResponse,
  type MembershipResponse,
  type MembershipState,
  type PaymentCode,
  type PaymentPayload,
  type TokenResponse,
} from '../../../src/lib/api/payments/contract.ts';
import { planIdSchema } from '../../../src/lib/reference/schemas.ts';
import { fromMinor } from '../../../src/lib/payments/money.ts';
import { encodeParam } from '../../../src/lib/payments/order-summary.ts';
import { cardDigits } from '../../../src/lib/payments/card-type.ts';
import { cardTokens, paymentOrders, savedCards, users } from '../../db/schema.ts';
import { idempotent } from '../../payments/idempotency.ts';
import { offersSystem, paymentOptionsFor } from '../../payments/payment-options.ts';
import { priceWithPromo, promoResponse, type Pricing } from '../../payments/promo.ts';
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
import type { RedirectMethod } from '../../payments/provider.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, conflict, invalid, jsonBody, notFound } from '../http-errors.ts';
import { findCountry, offeredPlan } from '../reference/lookups.ts';
import type { ApiRouter } from '../router.ts';
import { brandLang, linkOrigin } from '../users/link-mail.ts';
import { sessionUser } from '../session-user.ts';
import { sitePage } from '../site-pages.ts';

type Ctx = Context<ApiEnv>;

const PAYMENT_PAGES = /^\/(en|ar)\/(account\/membership-payment|signup\/payment)$/;

const refuse = (code: string, message: string) => new HttpError(400, { code, message });
const orderPrefix = (c: Ctx) => brandOrderPrefix(c.var.deps.brand.id);

/** The payment page to come back to: one of the two payment pages of this site. */
const paymentPage = (c: Ctx, url: string) => sitePage(c, url, PAYMENT_PAGES);

const today = (c: Ctx) => isoDay(c.var.deps.clock());

async function pricing(c: Ctx, user: User, planId: number, promo: string, bin: string, paymentType: string) {
  const plan = await payablePlan(c.var.deps.db, c.var.deps.clock, user, planId);
  const price = await priceWithPromo(c.var.deps.db, promo, {
    plan,
    cardBin: bin,
    paymentType,
    countryCode: user.countryCode,
    today: today(c),
  });
  return { plan, price };
}

function tokenResponse(
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
    ...extra,
    amountAfterDiscount: fromMinor(price.amountMinor, price.currency),
    currencyCode: price.currency,
  };
}

function requireMethod(user: User, systemId: number): void {
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

const ok = (body: unknown) => ({ status: 200, body });

/** What the provider is told of an order: its id as the idempotency reference, and the server's amount. */
const moneyOf = (order: Order) => ({ reference: order.id, amountMinor: order.amountMinor, currency: order.currency });

export function paymentsRoutes(router: ApiRouter): void {
  // ---------------------------------------------------------------------------------------------------------
  // Options and saved options

  router.get('/api/v1/countries/:code/PaymentOptions', async (c) => {
    const country = await findCountry(c.var.deps.db, c.req.param('code'));
    if (!country) throw notFound();
    return c.json(paymentOptionsFor(country.code));
  });

  router.post(
    '/api/v1/account/subscription/applypromo',
    async (c) => {
      const body = await jsonBody(c, promoRequestSchema);
      const user = await sessionUser(c);
      const { price } = await pricing(c, user, body.planId, body.code, body.cardBIN, body.paymentType);
      return c.json(promoResponse(price));
    },
    { auth: true },
  );

  // ---------------------------------------------------------------------------------------------------------
  // Token-prepare calls

  router.post('/api/payment/:guid/card/gettoken', async (c) => {
    const body = await jsonBody(c, tokenPrepareSchema);
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
      if (!tokenized.ok) return ok(tokenResponse(CARD_TOKEN_STATUS.error, price, { message: tokenized.message }));
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

  const redirectToken = (route: RedirectMethod, systemId: number, code: PaymentCode) => async (c: Ctx) => {
    const body = await jsonBody(c, tokenPrepareSchema);
    return idempotent(c, body, async () => {
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
        cancelUrl: `${page.origin}${page.path}?id=${plan.planId}`,
        lang: brandLang(c, body.langCode),
        saveAccount: save,
      });
      await db.update(paymentOrders).set({ providerToken: started.token }).where(eq(paymentOrders.id, order.id));
      return ok(tokenResponse(THIRD_PARTY_TOKEN_STATUS.redirect, price, { redirectUrl: started.redirectUrl }));
    });
  };
  router.post('/api/payment/:guid/paypal/gettoken', redirectToken('paypal', PAYMENT_SYSTEMS.payPal, 'PP01'));
  router.post('/api/payment/:guid/sadad/gettoken', redirectToken('sadad', PAYMENT_SYSTEMS.sadad, 'SD01'));
  router.post('/api/payment/:guid/knet/gettoken', redirectToken('knet', PAYMENT_SYSTEMS.knet, 'KN01'));

  router.post('/api/payment/:guid/peach/gettoken', async (c) => {
    const body = await jsonBody(c, tokenPrepareSchema);
    return idempotent(c, body, async () => {
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
    });
  });

  // ---------------------------------------------------------------------------------------------------------
  // Pay calls

  /** Validates the body, binds it to the key, and runs `pay` once. */
  const payRoute =
    (pay: (c: Ctx, user: User, body: z.core.output<typeof paymentPayloadSchema>) => Promise<unknown>) =>
    async (c: Ctx) => {
      const body = await jsonBody(c, paymentPayloadSchema);
      const { cardData, visaCheckoutData, ...bound } = body;
      // The key is bound to the request without its secrets.
      const fingerprint = { ...bound, cvv: Boolean(cardData ?? visaCheckoutData), vc: visaCheckoutData?.paymentData };
      return idempotent(c, fingerprint, async () => ok(await pay(c, await sessionUser(c), body)));
    };

  /** Creates the order of a direct payment (cards, Visa Checkout, saved accounts) and charges it. */
  async function directPayment(
    c: Ctx,
    user: User,
    body: PaymentPayload & { planId: number },
    method: PaymentCode,
    card: { bin: string; paymentType: string },
    charge: (order: Order) => Promise<ChargeOutcome>,
    saveCard = Boolean(body.saveCard),
  ) {
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

  router.post(
    '/api/v1/account/subscription/payUsingNewCard',
    payRoute(async (c, user, body) => {
      const [token] = await c.var.deps.db
        .select()
        .from(cardTokens)
        .where(and(eq(cardTokens.token, body.id), eq(cardTokens.userGuid, user.guid)));
      if (!token) throw refuse(PaymentErrorCode.unknownToken, 'Unknown card token');
      const secure = body.digitSecureId ? { id: body.digitSecureId, response: body.digitSecureResponse } : undefined;
      const card = {
        token: token.token,
        systemId: planIdSafeSystem(token.systemId),
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
    { auth: true },
  );

  async function savedOption(c: Ctx, user: User, id: string, thirdParty: boolean) {
    const [row] = await c.var.deps.db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.id, Number(id) || 0), eq(savedCards.userGuid, user.guid)));
    if (!row || (row.type === '5') !== thirdParty) throw refuse(PaymentErrorCode.unknownToken, 'Unknown saved option');
    return row;
  }

  router.post(
    '/api/v1/account/subscription/payUsingExistingCard',
    payRoute(async (c, user, body) => {
      const saved = await savedOption(c, user, body.id, false);
      if (!body.cardData) throw invalid({ 'cardData.cvv2': ['required'] });
      const cvv = body.cardData.cvv2;
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
    { auth: true },
  );

  router.post(
    '/api/v1/account/subscription/payUsingExistingThirdParty',
    payRoute(async (c, user, body) => {
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
    { auth: true },
  );

  /** The customer's order behind a provider's return token. */
  async function returnedOrder(c: Ctx, user: User, token: string, method: PaymentCode): Promise<Order> {
    const [order] = await c.var.deps.db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.providerToken, token), eq(paymentOrders.userGuid, user.guid)));
    if (!order || order.methodCode !== method) throw refuse(PaymentErrorCode.unknownToken, 'Unknown payment');
    return order;
  }

  router.post(
    '/api/v1/account/subscription/payUsingNewThirdParty',
    payRoute(async (c, user, body) => {
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
    { auth: true },
  );

  router.post(
    '/api/payment/:guid/subscription/pay',
    payRoute(async (c, user, body) => {
      const sadad = body.paymentMethodCode === PAYMENT_CODES.sadad;
      if (!sadad && body.paymentMethodCode !== PAYMENT_CODES.knet) {
        throw invalid({ paymentMethodCode: ['SD01 or KN01'] });
      }
      const token = sadad ? body.estn : body.paymentId;
      if (!token) throw invalid({ [sadad ? 'estn' : 'paymentId']: ['required'] });
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

  router.post(
    '/api/v1/account/subscription/payUsingPeach',
    payRoute(async (c, user, body) => {
      const order = await returnedOrder(c, user, body.id, PAYMENT_CODES.newCard);
      return runOrder(c.var.deps, order, async () => {
        const done = await c.var.deps.payments.completePeach(body.id, {
          ...moneyOf(order),
        });
        return { result: done, card: done.card };
      });
    }),
    { auth: true },
  );

  // ---------------------------------------------------------------------------------------------------------
  // Visa Checkout

  router.get('/api/shareddata/getvisaconfig', (c) => {
    const config = c.var.deps.payments.visaCheckoutConfig();
    return c.json({
      VisaApiKey: config.apiKey,
      VisaImgUrl: config.buttonImageUrl,
      VisaLightboxUrl: config.lightboxUrl,
    });
  });

  router.post('/api/payment/:guid/decryptpaymentdata', async (c) => {
    const body = await jsonBody(c, decryptRequestSchema);
    const card = await c.var.deps.payments.decryptVisaCheckout(body.EncryptKey, body.PaymentData);
    const answer: DecryptResponse = card
      ? {
          status: card.verified ? 'VERIFIED' : 'NOT_VERIFIED',
          name: card.name,
          expiryMonth: card.expiryDate.slice(0, 2),
          expiryYear: `20${card.expiryDate.slice(2)}`,
          number: card.maskedNumber,
          baseImageFileName: card.imageFileName,
        }
      : { status: 'INVALID', name: '', expiryMonth: '', expiryYear: '', number: '', baseImageFileName: '' };
    return c.json(answer);
  });

  router.post(
    '/api/v1/account/subscription/payUsingVisaCheckout',
    payRoute(async (c, user, body) => {
      const data = body.visaCheckoutData;
      if (!data) throw invalid({ visaCheckoutData: ['required'] });
      requireMethod(user, PAYMENT_SYSTEMS.visaCheckout);
      const card = await c.var.deps.payments.decryptVisaCheckout(data.encryptKey, data.paymentData);
      if (!card?.verified) throw refuse(PaymentErrorCode.card, 'The Visa Checkout data could not be verified');
      return directPayment(
        c,
        user,
        body,
        PAYMENT_CODES.visaCheckout,
        { bin: card.first6, paymentType: String(PAYMENT_SYSTEMS.visaCheckout) },
        async (order) => ({
          result: await c.var.deps.payments.charge({
            ...moneyOf(order),
            token: card.token,
            cvv: data.cvv2,
            description: `Membership ${order.orderNumber}`,
          }),
          card,
        }),
      );
    }),
    { auth: true },
  );

  router.post('/api/payment/:guid/vcupdatepixelinfo', async (c) => {
    const body = await jsonBody(c, pixelInfoSchema);
    c.var.deps.logger.info({ type: body.Type, order: body.OrderId, total: body.Total }, 'visa checkout pixel');
    return c.json({ updated: true });
  });

  // ---------------------------------------------------------------------------------------------------------
  // Membership

  router.get('/api/v1/account/:guid/membership', async (c) => {
    const user = await sessionUser(c);
    const pendingId = user.signupPlanId ?? user.planId;
    const pending = user.planId === 1 && pendingId !== 1 ? z.safeParse(planIdSchema, pendingId).data : undefined;
    const body: MembershipState = {
      current: { ...membershipOf(user), active: true },
      pending: pending ? { planId: pending, active: false } : null,
    };
    return c.json(body);
  });

  router.post('/api/v1/account/:guid/membership', async (c) => {
    const { db } = c.var.deps;
    const wanted = c.req.query('autorenewal');
    if (wanted !== 'true' && wanted !== 'false') throw invalid({ autorenewal: ['true or false'] });
    const user = await sessionUser(c);
    if (user.planId === 1 || user.planId === 5) throw invalid({ autorenewal: ['this plan does not renew'] });
    const plan = await offeredPlan(db, user.countryCode, user.planId);
    if (wanted === 'false' && plan?.mandateAutoRenew) {
      throw conflict('This plan renews automatically: cancel Flex with a request instead');
    }
    if (wanted === 'true') {
      const [option] = await db
        .select({ id: savedCards.id })
        .from(savedCards)
        .where(eq(savedCards.userGuid, user.guid));
      if (!option) throw conflict('Add a card to renew automatically');
    }
    const [saved] = await db
      .update(users)
      .set({ planAutoRenewal: wanted === 'true' })
      .where(eq(users.guid, user.guid))
      .returning();
    return c.json(membershipOf(saved ?? user));
  });

  router.post(
    '/api/account/ResolvePaymentUrl',
    async (c) => {
      const parsed = z.safeParse(resolvePaymentUrlQuerySchema, c.req.query());
      if (!parsed.success) throw invalid({ query: ['currencyCode, planID and lang'] });
      const user = await sessionUser(c);
      const plan = await payablePlan(c.var.deps.db, c.var.deps.clock, user, parsed.data.planID);
      if (plan.currencyCode !== parsed.data.currencyCode) throw invalid({ currencyCode: ['currency'] });
      const lang = brandLang(c, parsed.data.lang);
      return c.json({ absoluteUri: `${linkOrigin(c)}/${lang}/account/membership-payment?id=${plan.planId}` });
    },
    { auth: true },
  );
}

function membershipOf(user: User): MembershipResponse {
  return {
    planId: z.safeParse(planIdSchema, user.planId).data ?? 1,
    startDate: user.planStartDate,
    expiryDate: user.planExpiryDate,
    autoRenewal: user.planAutoRenewal,
  };
}

/** Card tokens hold card systems only. */
function planIdSafeSystem(id: number): 1 | 2 | 3 | 4 | 6 {
  return ([1, 2, 3, 4, 6] as const).find((s) => s === id) ?? 1;
}
