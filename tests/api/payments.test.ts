import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, capturedLogger, createTestApp, type TestApp } from './harness.ts';
import { addresses, paymentOrders, savedCards, users } from '../../server/db/schema.ts';
import { SandboxProvider } from '../../server/payments/sandbox/sandbox-provider.ts';
import {
  IDEMPOTENCY_HEADER,
  SECURE_KEY_COOKIE,
  countryPaymentMethodsSchema,
  decryptResponseSchema,
  membershipStateSchema,
  paymentOptionsResponseSchema,
  paymentResultSchema,
  promoResponseSchema,
  tokenResponseSchema,
  walletContentSchema,
  type PaymentPayload,
  type TokenPrepareRequest,
} from '../../src/lib/api/payments/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { cardTokenRequest } from '../fixtures/card-token.ts';

const ORIGIN = 'http://localhost';
const PAGE = `${ORIGIN}/en/account/membership-payment`;

interface Customer {
  cookie: string;
  guid: string;
  email: string;
}

let keyCounter = 0;
const newKey = () => `test-key-${String(++keyCounter).padStart(6, '0')}`;

describe.each(BACKENDS)('payments API on %s', (backend) => {
  let t: TestApp;
  let sandbox: SandboxProvider;
  let logLines: string[] = [];

  beforeAll(async () => {
    sandbox = new SandboxProvider();
    const captured = capturedLogger();
    logLines = captured.lines;
    t = await createTestApp(backend, { payments: sandbox, logger: captured.logger });
  });
  afterAll(() => t.close());

  /** A fresh active customer with mailboxes on the basic plan. */
  const customer = (countryCode = 'JO', savedCard = false): Promise<Customer> =>
    t.newCustomer({ countryCode, savedCard });

  function keyed(path: string, who: Customer, body: unknown, key = newKey()) {
    return t.request(path, {
      method: 'POST',
      cookie: who.cookie,
      headers: { [IDEMPOTENCY_HEADER]: key },
      body: JSON.stringify(body),
    });
  }

  const prepare = (overrides: Partial<TokenPrepareRequest> = {}): TokenPrepareRequest =>
    cardTokenRequest({ url: PAGE, ...overrides });

  async function cardToken(who: Customer, overrides: Partial<TokenPrepareRequest> = {}) {
    const res = await keyed(`/api/payment/${who.guid}/card/gettoken`, who, prepare(overrides));
    expect(res.status).toBe(200);
    return tokenResponseSchema.parse(await res.json());
  }

  async function payNewCard(who: Customer, body: Partial<PaymentPayload>, key = newKey()) {
    return keyed('/api/v1/account/subscription/payUsingNewCard', who, { planId: 2, ...body }, key);
  }

  const chargesOf = (token: string) => sandbox.chargeRecords().filter((r) => r.token === token);
  const userRow = async (guid: string) => (await t.database.db.select().from(users).where(eq(users.guid, guid)))[0]!;

  it('offers payment systems by country, and refuses an unknown country', async () => {
    const ids = async (code: string) =>
      paymentOptionsResponseSchema
        .parse(await (await t.request(`/api/v1/countries/${code}/PaymentOptions`)).json())
        .map((o) => o.id);
    expect(await ids('JO')).toEqual([1, 2, 3, 4, 6, 5, 9]);
    expect(await ids('SA')).toContain(7);
    expect(await ids('KW')).toContain(8);
    expect(await ids('ZA')).toEqual([1, 2, 5]);
    expect((await t.request('/api/v1/countries/XX/PaymentOptions')).status).toBe(404);
    // The options of a payment in the plan's currency; a currency code that is none is refused.
    const inJod = paymentOptionsResponseSchema.parse(
      await (await t.request('/api/v1/countries/JO/PaymentOptions?currencyCode=JOD')).json(),
    );
    expect(inJod.every((o) => !o.convertToUSD)).toBe(true);
    expect((await t.request('/api/v1/countries/JO/PaymentOptions?currencyCode=jod')).status).toBe(400);
  });

  it("answers a country's payment methods to anyone, cacheable: systems, card route and AutoPay rules", async () => {
    const methods = async (code: string) => {
      const res = await t.request(`/api/shareddata/countries/${code}/paymentoptions`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      return countryPaymentMethodsSchema.parse(await res.json());
    };
    expect(await methods('jo')).toEqual({
      countryCode: 'JO',
      systems: [1, 2, 3, 4, 6, 5, 9],
      cardRoute: 'card',
      autoPay: { visible: true, mandatory: false, paymentOptionSavingMandatory: false, discountPercent: 5 },
    });
    const saudi = await methods('SA');
    expect(saudi.systems).toContain(7);
    expect(saudi.systems).not.toContain(8);
    const kuwait = await methods('KW');
    expect(kuwait.systems).toContain(8);
    expect(kuwait.autoPay).toEqual({
      visible: true,
      mandatory: true,
      paymentOptionSavingMandatory: true,
      discountPercent: null,
    });
    expect(await methods('ZA')).toMatchObject({ systems: [1, 2, 5], cardRoute: 'peach' });
    expect((await methods('EG')).autoPay).toMatchObject({ visible: false, mandatory: false });
    // The same for a logged-in customer: nothing in it is theirs.
    const who = await customer('KW');
    const own = await t.request('/api/shareddata/countries/KW/paymentoptions', { cookie: who.cookie });
    expect(await own.json()).toEqual(kuwait);

    const unknown = await t.request('/api/shareddata/countries/XX/paymentoptions');
    expect(unknown.status).toBe(404);
    expect(apiErrorSchema.parse(await unknown.json()).code).toBe('NOT_FOUND');
    for (const bad of ['SAU', 'S1', '%20']) {
      const res = await t.request(`/api/shareddata/countries/${bad}/paymentoptions`);
      expect(res.status, bad).toBe(400);
      expect(apiErrorSchema.parse(await res.json()).code).toBe('VALIDATION');
    }
  });

  it("lists the customer's saved cards, and refuses another customer's", async () => {
    const a = await customer('JO', true);
    const b = await customer();
    const own = walletContentSchema.parse(
      await (await t.request(`/api/account/${a.guid}/wallet/content`, { cookie: a.cookie })).json(),
    );
    expect(own.cards).toHaveLength(1);
    expect(own.cards[0]).toMatchObject({ last4Digits: '1111', type: '1', isDefault: true });
    expect(JSON.stringify(own)).not.toContain('sandbox_tok');
    expect((await t.request(`/api/account/${a.guid}/wallet/content`, { cookie: b.cookie })).status).toBe(403);
    expect((await t.request(`/api/account/${a.guid}/wallet/content`)).status).toBe(401);
  });

  it('applies promo codes by plan, card, payment type and date, with the extra time', async () => {
    const who = await customer();
    const promo = (body: Record<string, unknown>) =>
      t.send('POST', '/api/v1/account/subscription/applypromo', who, {
        contryCode: 'JO',
        planId: 2,
        cardBIN: '',
        paymentType: '',
        isEncrypted: false,
        ...body,
      });
    const welcome = promoResponseSchema.parse(await (await promo({ code: ' welcome10 ' })).json());
    expect(welcome).toMatchObject({ amount: 35, amountAfterDiscount: 31.5, discount: 3.5, promoCode: 'WELCOME10' });
    const bonus = promoResponseSchema.parse(await (await promo({ code: 'BONUS2M' })).json());
    expect(bonus).toMatchObject({ amountAfterDiscount: 35, subscriptionAdditionalDuration: 2 });
    expect(bonus.subscriptionAdditionalDurationType).toBe('Month');
    const visa = await promo({ code: 'VISA20', cardBIN: '424242' });
    expect(promoResponseSchema.parse(await visa.json()).amountAfterDiscount).toBe(28);

    const refusedWith = async (body: Record<string, unknown>) => {
      const res = await promo(body);
      expect(res.status).toBe(400);
      return apiErrorSchema.parse(await res.json()).code;
    };
    expect(await refusedWith({ code: 'NOPE' })).toBe('PROMO_UNKNOWN');
    expect(await refusedWith({ code: 'SUMMER25' })).toBe('PROMO_EXPIRED');
    expect(await refusedWith({ code: 'VISA20', cardBIN: '555555' })).toBe('PROMO_CARD');
    expect(await refusedWith({ code: 'VISA20', cardBIN: '424242', paymentType: '5' })).toBe('PROMO_PAYMENT_TYPE');
    expect(await refusedWith({ code: 'BONUS2M', planId: 3 })).toBe('PROMO_PLAN');
    expect(await refusedWith({ code: '   ' })).toBe('VALIDATION');
    expect((await t.send('POST', '/api/v1/account/subscription/applypromo', undefined, { code: 'X' })).status).toBe(
      401,
    );
  });

  it('upgrades basic to flex annual with a new card: the amount is the plan’s, charged once, replays answer the same', async () => {
    const who = await customer();
    const token = await cardToken(who);
    expect(token).toMatchObject({ status: 1, amountAfterDiscount: 35, currencyCode: 'JOD', html: null });
    expect(token.token).toBeTruthy();
    expect(token.token).not.toContain('4242424242424242');

    const key = newKey();
    // An amount sent by the browser is not part of the contract and changes nothing.
    const body = { token: undefined, id: token.token!, allowAutoRenewal: true, amount: 0.01 };
    const first = await payNewCard(who, body, key);
    expect(first.status).toBe(200);
    const result = paymentResultSchema.parse(await first.json());
    expect(result).toMatchObject({
      statusId: 1,
      amount: 35,
      currencyCode: 'JOD',
      planId: 2,
      paymentMethodCode: 'CC01',
    });
    expect(result.planExpiryDate).toBe('2027-11-22');
    expect(chargesOf(token.token!)).toEqual([expect.objectContaining({ amountMinor: 35_000, currency: 'JOD' })]);
    expect(await userRow(who.guid)).toMatchObject({ planId: 2, planExpiryDate: '2027-11-22', planAutoRenewal: true });

    // The same key and body: the same answer, no new charge.
    const again = await payNewCard(who, body, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(result);
    // The same key with another body: 422.
    const other = await payNewCard(who, { ...body, allowAutoRenewal: false }, key);
    expect(other.status).toBe(422);
    expect(apiErrorSchema.parse(await other.json()).code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A new attempt for the plan just bought is not an upgrade any more.
    const twice = await payNewCard(who, body);
    expect(twice.status).toBe(400);
    expect(apiErrorSchema.parse(await twice.json()).code).toBe('PAYMENT_PLAN');
    expect(chargesOf(token.token!)).toHaveLength(1);
  });

  it('two concurrent submits with one key make one charge', async () => {
    const who = await customer();
    const token = await cardToken(who, { planId: 3 });
    const key = newKey();
    const body = { planId: 3 as const, id: token.token!, allowAutoRenewal: true };
    const answers = await Promise.all([payNewCard(who, body, key), payNewCard(who, body, key)]);
    const statuses = answers.map((r) => r.status).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    expect(chargesOf(token.token!)).toHaveLength(1);
    const orders = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.userGuid, who.guid));
    expect(orders.filter((o) => o.state === 'paid')).toHaveLength(1);
  });

  it('refuses a payment without an idempotency key, a foreign guid and a foreign card token', async () => {
    const a = await customer();
    const b = await customer();
    const token = await cardToken(a);
    const noKey = await t.send('POST', '/api/v1/account/subscription/payUsingNewCard', a, {
      planId: 2,
      id: token.token,
    });
    expect(noKey.status).toBe(400);
    expect(apiErrorSchema.parse(await noKey.json()).code).toBe('IDEMPOTENCY_KEY');
    expect((await keyed(`/api/payment/${a.guid}/card/gettoken`, b, prepare())).status).toBe(403);
    const stolen = await payNewCard(b, { id: token.token!, allowAutoRenewal: true });
    expect(stolen.status).toBe(400);
    expect(apiErrorSchema.parse(await stolen.json()).code).toBe('PAYMENT_TOKEN');
    expect(chargesOf(token.token!)).toHaveLength(0);
    // A plan that mandates renewal is not bought with renewal off.
    const monthly = await payNewCard(a, { planId: 3, id: token.token! });
    expect(apiErrorSchema.parse(await monthly.json()).code).toBe('PAYMENT_AUTO_RENEW');
    // A return page elsewhere is refused.
    const away = await keyed(`/api/payment/${a.guid}/card/gettoken`, a, prepare({ url: 'https://evil.example/x' }));
    expect(away.status).toBe(400);
  });

  it('shows the gateway message of a declined card and of insufficient funds, and keeps the plan', async () => {
    const who = await customer();
    for (const [number, message, code] of [
      ['4000000000000002', 'Your card was declined.', 'declined'],
      ['4000000000009995', 'Your card has insufficient funds.', 'insufficient_funds'],
    ] as const) {
      const token = await cardToken(who, { optionalKey2: number });
      expect(token.status).toBe(1);
      const result = paymentResultSchema.parse(
        await (await payNewCard(who, { id: token.token!, allowAutoRenewal: true })).json(),
      );
      expect(result).toMatchObject({ statusId: 0, gatewayReturnMessage: message, gatewayReturnCode: code });
    }
    expect((await userRow(who.guid)).planId).toBe(1);
  });

  it('refuses an invalid card at the token step with status -1', async () => {
    const who = await customer();
    const expired = await cardToken(who, { optionalKey4: '01', optionalKey5: '2026' });
    expect(expired.status).toBe(-1);
    expect(expired.message).toBeTruthy();
    expect(expired.gatewayReturnCode).toBe('expired_card');
    const luhn = await cardToken(who, { optionalKey2: '4242424242424241' });
    expect(luhn).toMatchObject({ status: -1, gatewayReturnCode: 'invalid_card' });
  });

  it('makes a free order with a 100% promo code without charging', async () => {
    const who = await customer();
    const token = await cardToken(who, { promoCode: 'FLEXFREE' });
    expect(token).toMatchObject({ status: 2, amountAfterDiscount: 0 });
    const result = paymentResultSchema.parse(
      await (await payNewCard(who, { id: token.token!, promoCode: 'FLEXFREE', allowAutoRenewal: true })).json(),
    );
    expect(result).toMatchObject({ statusId: 1, amount: 0, discount: 35, planId: 2 });
    expect(chargesOf(token.token!)).toHaveLength(0);
  });

  it('makes a free order with a 100% promo code with Sadad and Knet too, without the provider’s page', async () => {
    for (const [country, route, code] of [
      ['SA', 'sadad', 'SD01'],
      ['KW', 'knet', 'KN01'],
    ] as const) {
      const who = await customer(country);
      const token = tokenResponseSchema.parse(
        await (
          await keyed(
            `/api/payment/${who.guid}/${route}/gettoken`,
            who,
            prepare({ promoCode: 'FLEXFREE', optionalKey1: 'sadad-user', optionalKey2: '' }),
          )
        ).json(),
      );
      expect(token).toMatchObject({ status: 2, amountAfterDiscount: 0, redirectUrl: null });
      const result = paymentResultSchema.parse(
        await (
          await keyed(`/api/payment/${who.guid}/subscription/pay`, who, {
            planId: 2,
            promoCode: 'FLEXFREE',
            paymentMethodCode: code,
            allowAutoRenewal: true,
          })
        ).json(),
      );
      expect(result).toMatchObject({ statusId: 1, amount: 0, planId: 2, paymentMethodCode: code });
      expect(await userRow(who.guid)).toMatchObject({ planId: 2 });
      // Without the promo code, the provider's return is needed.
      const other = await customer(country);
      const unpaid = await keyed(`/api/payment/${other.guid}/subscription/pay`, other, {
        planId: 2,
        paymentMethodCode: code,
      });
      expect(unpaid.status).toBe(400);
      expect((await userRow(other.guid)).planId).toBe(1);
    }
    // Not where the method isn't offered.
    const jordanian = await customer();
    const elsewhere = await keyed(`/api/payment/${jordanian.guid}/subscription/pay`, jordanian, {
      planId: 2,
      promoCode: 'FLEXFREE',
      paymentMethodCode: 'KN01',
    });
    expect(apiErrorSchema.parse(await elsewhere.json()).code).toBe('PAYMENT_METHOD');
  });

  it('adds the promo code’s extra time to the new expiry', async () => {
    const who = await customer();
    const token = await cardToken(who, { promoCode: 'YEARPLUS' });
    const result = paymentResultSchema.parse(
      await (await payNewCard(who, { id: token.token!, promoCode: 'YEARPLUS', allowAutoRenewal: true })).json(),
    );
    expect(result).toMatchObject({ statusId: 1, amount: 29.75, additionalDuration: 1, additionalDurationType: 'Year' });
    expect(result.planExpiryDate).toBe('2028-11-22');
  });

  it('pays with a saved card by its id alone (a security code, when sent, is checked), and saves a new card', async () => {
    const who = await customer('JO', true);
    const [card] = await t.database.db.select().from(savedCards).where(eq(savedCards.userGuid, who.guid));
    const paid = await keyed('/api/v1/account/subscription/payUsingExistingCard', who, {
      planId: 2,
      id: String(card!.id),
    });
    expect(paymentResultSchema.parse(await paid.json())).toMatchObject({
      statusId: 1,
      paymentMethodCode: 'CC03',
      gatewayReturnCode: null,
    });
    expect(sandbox.chargeRecords().filter((r) => r.token === card!.providerToken)).toHaveLength(1);
    // Another customer's card pays nothing.
    const other = await customer();
    const stolen = await keyed('/api/v1/account/subscription/payUsingExistingCard', other, {
      planId: 2,
      id: String(card!.id),
    });
    expect(apiErrorSchema.parse(await stolen.json()).code).toBe('PAYMENT_TOKEN');
    const wrongCode = await customer('JO', true);
    const [itsCard] = await t.database.db.select().from(savedCards).where(eq(savedCards.userGuid, wrongCode.guid));
    const refused = paymentResultSchema.parse(
      await (
        await keyed('/api/v1/account/subscription/payUsingExistingCard', wrongCode, {
          planId: 2,
          id: String(itsCard!.id),
          cardData: { cvv2: '1234' },
        })
      ).json(),
    );
    expect(refused).toMatchObject({ statusId: 0, gatewayReturnCode: 'incorrect_cvc' });

    const saver = await customer();
    const token = await cardToken(saver, { optionalKey2: '5555555555554444', saveCard: true });
    await payNewCard(saver, { id: token.token!, saveCard: true, allowAutoRenewal: true });
    const saved = await t.database.db.select().from(savedCards).where(eq(savedCards.userGuid, saver.guid));
    expect(saved).toEqual([
      expect.objectContaining({
        type: '2',
        first6Digits: '555555',
        last4Digits: '4444',
        name: 'Test Customer',
        isDefault: true,
      }),
    ]);
    expect(JSON.stringify(saved)).not.toContain('5555555555554444');
  });

  it('opens the mailboxes of a signup paid with a card', async () => {
    const who = { ...(await t.login('incomplete@example.com')), email: 'incomplete@example.com' };
    await t.database.db.update(users).set({ city: 'Irbid', signupPlanId: 3 }).where(eq(users.guid, who.guid));
    const state = membershipStateSchema.parse(
      await (await t.request(`/api/v1/account/${who.guid}/membership`, { cookie: who.cookie })).json(),
    );
    expect(state.pending).toEqual({ planId: 3, active: false });
    const token = await cardToken(who, { planId: 3, url: `${ORIGIN}/en/signup/payment`, isMembershipUpgrade: false });
    const result = paymentResultSchema.parse(
      await (await payNewCard(who, { planId: 3, id: token.token!, allowAutoRenewal: true, isSignup: true })).json(),
    );
    expect(result).toMatchObject({ statusId: 1, amount: 4.25, planId: 3, planExpiryDate: '2026-12-22' });
    const user = await userRow(who.guid);
    expect(user).toMatchObject({ hasMailboxes: true, planId: 3, planAutoRenewal: true });
    expect(
      (await t.database.db.select().from(addresses).where(eq(addresses.userGuid, who.guid))).length,
    ).toBeGreaterThan(0);
  });

  it('turns auto-renewal off and on, within the rules of the plan', async () => {
    const demo = await t.login('demo@example.com');
    const set = (who: { cookie: string; guid: string }, on: boolean) =>
      t.request(`/api/v1/account/${who.guid}/membership?autorenewal=${on}`, { method: 'POST', cookie: who.cookie });
    const off = await set(demo, false);
    expect(await off.json()).toMatchObject({ planId: 2, autoRenewal: false });
    expect(await (await set(demo, true)).json()).toMatchObject({ autoRenewal: true });
    const basic = await customer();
    expect((await set(basic, true)).status).toBe(400);
    const other = await customer();
    expect((await set({ cookie: other.cookie, guid: demo.guid }, false)).status).toBe(403);
  });

  it('resolves the payment page of an upgrade choice only', async () => {
    const who = await customer();
    const resolve = (query: string) =>
      t.request(`/api/account/ResolvePaymentUrl?${query}`, { method: 'POST', cookie: who.cookie });
    const ok = await resolve('currencyCode=JOD&planID=2&lang=ar');
    expect(await ok.json()).toEqual({ absoluteUri: `${ORIGIN}/ar/account/membership-payment?id=2` });
    expect((await resolve('currencyCode=JOD&planID=1&lang=en')).status).toBe(400);
    expect((await resolve('currencyCode=USD&planID=2&lang=en')).status).toBe(400);
  });

  it('decrypts Visa Checkout data only when it is genuine', async () => {
    const who = await customer();
    const config = await (await t.request('/api/shareddata/getvisaconfig')).json();
    expect(config).toMatchObject({ VisaApiKey: expect.any(String), VisaImgUrl: expect.any(String) });
    const bad = decryptResponseSchema.parse(
      await (
        await t.send('POST', `/api/payment/${who.guid}/decryptpaymentdata`, who, { EncryptKey: 'x', PaymentData: 'y' })
      ).json(),
    );
    expect(bad.status).not.toBe('VERIFIED');
  });

  /** Submits a sandbox page's form as the browser would. */
  function decide(path: string, fields: Record<string, string>) {
    return t.request(path, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  it('passes and fails a 3-D Secure challenge; only a passed one pays', async () => {
    for (const pass of [false, true]) {
      const who = await customer();
      const token = await cardToken(who, { optionalKey2: '4000 0027 6000 3184' });
      expect(token.status).toBe(3);
      expect(token.html).toContain(`/sandbox/3ds/${token.secureId}`);
      const page = await t.request(`/sandbox/3ds/${token.secureId}`);
      expect(page.status).toBe(200);
      const decided = await decide(`/sandbox/3ds/${token.secureId}`, { decision: pass ? 'pass' : 'fail' });
      const cookie = decided.headers.getSetCookie().find((c) => c.startsWith(`${SECURE_KEY_COOKIE}=`));
      expect(cookie).toBeTruthy();
      const value = decodeURIComponent(cookie!.split(';')[0]!.slice(SECURE_KEY_COOKIE.length + 1));
      const [secureId, response] = [value.slice(0, value.indexOf('.')), value.slice(value.indexOf('.') + 1)];
      expect(secureId).toBe(token.secureId);
      const result = paymentResultSchema.parse(
        await (
          await payNewCard(who, {
            id: token.token!,
            allowAutoRenewal: true,
            digitSecureId: secureId,
            digitSecureResponse: response,
          })
        ).json(),
      );
      expect(result.paymentMethodCode).toBe('CC02');
      expect(result.statusId).toBe(pass ? 1 : 0);
      expect((await userRow(who.guid)).planId).toBe(pass ? 2 : 1);
      if (!pass) expect(result.gatewayReturnMessage).toMatch(/3-D Secure/);
    }
  });

  /** Starts a redirect method and follows the sandbox page's button to the return URL. */
  async function redirectFlow(who: Customer, route: string, decision: string, body: Partial<TokenPrepareRequest> = {}) {
    const res = await keyed(`/api/payment/${who.guid}/${route}/gettoken`, who, prepare({ optionalKey2: '', ...body }));
    const token = tokenResponseSchema.parse(await res.json());
    expect(token.status).toBe(1);
    const redirect = token.redirectUrl!;
    expect(redirect).toMatch(new RegExp(`^/sandbox/${route}/`));
    expect((await t.request(redirect)).status).toBe(200);
    const back = await decide(redirect, { decision });
    expect(back.status).toBe(303);
    return new URL(back.headers.get('location')!, ORIGIN);
  }

  it('pays with PayPal after approval, once, even when the return URL is replayed; a cancel pays nothing', async () => {
    const who = await customer();
    const back = await redirectFlow(who, 'paypal', 'approve', { saveCard: true });
    expect(back.pathname).toBe('/en/account/membership-payment');
    expect(back.searchParams.get('id')).toBe('2');
    expect(back.searchParams.get('save')).toBe('1');
    const payload = {
      planId: 2,
      saveCard: true,
      thirdPartyData: { payerId: back.searchParams.get('PayerID')!, token: back.searchParams.get('token')!, typeId: 5 },
    };
    const first = paymentResultSchema.parse(
      await (await keyed('/api/v1/account/subscription/payUsingNewThirdParty', who, payload)).json(),
    );
    expect(first).toMatchObject({ statusId: 1, paymentMethodCode: 'PP01', amount: 35 });
    // The return page reloaded: a new key, the same return parameters.
    const replay = paymentResultSchema.parse(
      await (await keyed('/api/v1/account/subscription/payUsingNewThirdParty', who, payload)).json(),
    );
    expect(replay).toEqual(first);
    expect(
      sandbox.chargeRecords().filter((r) => r.amountMinor === 35_000 && r.token === payload.thirdPartyData.token),
    ).toHaveLength(1);
    const saved = walletContentSchema.parse(
      await (await t.request(`/api/account/${who.guid}/wallet/content`, { cookie: who.cookie })).json(),
    );
    expect(saved.thirdParty).toHaveLength(1);

    const quitter = await customer();
    const cancelled = await redirectFlow(quitter, 'paypal', 'cancel');
    // The payment page says the customer cancelled.
    expect(cancelled.pathname).toBe('/en/account/membership-payment');
    expect(cancelled.search).toBe('?id=2&cancelled=1');
    expect((await userRow(quitter.guid)).planId).toBe(1);
  });

  it('pays with Sadad in Saudi Arabia and with Knet in Kuwait, and refuses them elsewhere', async () => {
    const saudi = await customer('SA');
    const needsId = await keyed(
      `/api/payment/${saudi.guid}/sadad/gettoken`,
      saudi,
      prepare({ optionalKey1: '', optionalKey2: '' }),
    );
    expect(needsId.status).toBe(400);
    const back = await redirectFlow(saudi, 'sadad', 'approve', { optionalKey1: 'sadad-user' });
    const estn = back.searchParams.get('estn')!;
    const sadad = paymentResultSchema.parse(
      await (
        await keyed(`/api/payment/${saudi.guid}/subscription/pay`, saudi, {
          planId: 2,
          paymentMethodCode: 'SD01',
          estn,
        })
      ).json(),
    );
    expect(sadad).toMatchObject({ statusId: 1, currencyCode: 'SAR', amount: 185, paymentMethodCode: 'SD01' });

    const kuwaiti = await customer('KW');
    const knetBack = await redirectFlow(kuwaiti, 'knet', 'approve');
    const knet = paymentResultSchema.parse(
      await (
        await keyed(`/api/payment/${kuwaiti.guid}/subscription/pay`, kuwaiti, {
          planId: 2,
          paymentMethodCode: 'KN01',
          paymentId: knetBack.searchParams.get('PaymentID')!,
        })
      ).json(),
    );
    expect(knet).toMatchObject({ statusId: 1, currencyCode: 'KWD', amount: 15.25 });

    const declined = await customer('KW');
    const declinedBack = await redirectFlow(declined, 'knet', 'decline');
    const refused = paymentResultSchema.parse(
      await (
        await keyed(`/api/payment/${declined.guid}/subscription/pay`, declined, {
          planId: 2,
          paymentMethodCode: 'KN01',
          paymentId: declinedBack.searchParams.get('PaymentID')!,
        })
      ).json(),
    );
    expect(refused).toMatchObject({ statusId: 0, gatewayReturnCode: 'declined' });

    // Cancelling on the provider's page comes back to the payment page, which says so.
    for (const [country, route, extra] of [
      ['SA', 'sadad', { optionalKey1: 'sadad-user' }],
      ['KW', 'knet', {}],
    ] as const) {
      const quitter = await customer(country);
      const back = await redirectFlow(quitter, route, 'cancel', extra);
      expect(back.search).toBe('?id=2&cancelled=1');
      expect((await userRow(quitter.guid)).planId).toBe(1);
    }

    const jordanian = await customer();
    const notHere = await keyed(
      `/api/payment/${jordanian.guid}/sadad/gettoken`,
      jordanian,
      prepare({ optionalKey2: '' }),
    );
    expect(apiErrorSchema.parse(await notHere.json()).code).toBe('PAYMENT_METHOD');
  });

  it('pays with Visa Checkout from the lightbox data', async () => {
    const who = await customer();
    const config = (await (await t.request('/api/shareddata/getvisaconfig')).json()) as Record<string, string>;
    const lightbox = await decide(config.VisaLightboxUrl!, {
      apikey: config.VisaApiKey!,
      amount: '35',
      currency: 'JOD',
      card: 'visa',
      action: 'continue',
    });
    const html = await lightbox.text();
    const attr = (name: string) => html.match(new RegExp(`${name}="([^"]+)"`))?.[1] ?? '';
    const encKey = attr('data-enc-key');
    const paymentData = attr('data-enc-payment-data').replace(/&amp;/g, '&');
    expect(encKey).toBeTruthy();
    expect(html).not.toContain('4242424242424242');
    const card = decryptResponseSchema.parse(
      await (
        await t.send('POST', `/api/payment/${who.guid}/decryptpaymentdata`, who, {
          EncryptKey: encKey,
          PaymentData: paymentData,
        })
      ).json(),
    );
    expect(card).toMatchObject({ status: 'VERIFIED', number: expect.stringMatching(/4242$/) });
    const result = paymentResultSchema.parse(
      await (
        await keyed('/api/v1/account/subscription/payUsingVisaCheckout', who, {
          planId: 2,
          visaCheckoutData: { cvv2: '123', encryptKey: encKey, paymentData },
        })
      ).json(),
    );
    expect(result).toMatchObject({ statusId: 1, paymentMethodCode: 'VC01' });
  });

  it('pays with the Peach card frame in South Africa only', async () => {
    const who = await customer('ZA');
    const res = await keyed(`/api/payment/${who.guid}/peach/gettoken`, who, prepare({ optionalKey2: '' }));
    const token = tokenResponseSchema.parse(await res.json());
    expect(token.status).toBe(1);
    expect(token.html).toContain(`/sandbox/peach/frame/${token.token}`);
    const done = await decide(`/sandbox/peach/frame/${token.token}`, {
      name: 'Test Customer',
      number: '4242424242424242',
      expiryMonth: '09',
      expiryYear: '2030',
      cvv: '123',
    });
    expect([200, 303]).toContain(done.status);
    const result = paymentResultSchema.parse(
      await (await keyed('/api/v1/account/subscription/payUsingPeach', who, { planId: 2, id: token.token! })).json(),
    );
    expect(result).toMatchObject({ statusId: 1, currencyCode: 'ZAR', amount: 899 });

    const jordanian = await customer();
    const refused = await keyed(
      `/api/payment/${jordanian.guid}/peach/gettoken`,
      jordanian,
      prepare({ optionalKey2: '' }),
    );
    expect(apiErrorSchema.parse(await refused.json()).code).toBe('PAYMENT_METHOD');
  });

  it('never logs a card number or security code', () => {
    const text = logLines.join('\n');
    expect(text).toContain('"payment"');
    expect(text).not.toMatch(/4242\s?4242\s?4242\s?4242/);
    expect(text).not.toContain('5555555555554444');
    expect(text).not.toContain('optionalKey2');
    expect(text).not.toContain('optionalKey3');
    expect(text).not.toContain('cvv2');
  });
});
