import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, capturedLogger, createTestApp, type TestApp } from './harness.ts';
import { outboxEmails, savedCards, users } from '../../server/db/schema.ts';
import { SandboxProvider } from '../../server/payments/sandbox/sandbox-provider.ts';
import {
  autoPayOptionsSchema,
  cardTokenResponseSchema,
  walletBalanceSchema,
  walletChangeSchema,
  walletTransactionsSchema,
  type AddCardRequest,
} from '../../src/lib/api/wallet/contract.ts';
import { walletContentSchema } from '../../src/lib/api/payments/contract.ts';
import { userOptionsSchema } from '../../src/lib/api/user-options/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';

interface Customer {
  cookie: string;
  guid: string;
  email: string;
}

const ORIGIN = 'http://localhost';
const WALLET_PAGE = `${ORIGIN}/en/account/payment-options`;

describe.each(BACKENDS)('wallet API on %s', (backend) => {
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

  const customer = (options: Record<string, unknown> = {}): Promise<Customer> => t.newCustomer(options);

  const wallet = (who: Customer) => `/api/account/${who.guid}/wallet`;
  const post = (path: string, who: Customer, body: unknown) => t.send('POST', path, who, body);
  const year = () => String((t.clock().getUTCFullYear() + 3) % 100).padStart(2, '0');
  const card = (number: string, overrides: Partial<AddCardRequest> = {}): AddCardRequest => ({
    Name: 'Test Customer',
    CreditCardNumber: number,
    ExpiryDate: `09${year()}`,
    IsDefault: false,
    CVV2: number.startsWith('3') && number.length === 15 ? '1234' : '123',
    ...overrides,
  });
  const content = async (who: Customer) =>
    walletContentSchema.parse(await (await t.request(`${wallet(who)}/content`, { cookie: who.cookie })).json());
  const userRow = async (who: Customer) =>
    (await t.database.db.select().from(users).where(eq(users.guid, who.guid)))[0]!;
  const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json());

  it('answers the demo balance and statement, newest first, in minor-unit exact amounts', async () => {
    const demo = await t.login('demo@example.com');
    const me = { ...demo, email: 'demo@example.com' };
    const balance = walletBalanceSchema.parse(await (await t.request(wallet(me), { cookie: me.cookie })).json());
    // 10.00 credit + 14.50 refund − 5.00 used; the card payment leaves the balance alone.
    expect(balance).toEqual({ balance: 19.5, currencyCode: 'USD' });
    const rows = walletTransactionsSchema.parse(
      await (await t.request(`${wallet(me)}/transactions`, { cookie: me.cookie })).json(),
    );
    expect(rows.map((r) => r.kind)).toEqual(['refund', 'balanceUsed', 'shipmentPayment', 'credit']);
    expect(rows[0]).toMatchObject({ amount: 14.5, reference: 'CAS-240388' });
  });

  it('adds a card of each type directly, keeps only display data, and never saves one twice', async () => {
    const who = await customer();
    for (const number of [
      '4242424242424242',
      '5555555555554444',
      '378282246310005',
      '36227206271667',
      '6011111111111117',
    ]) {
      const res = await post(`${wallet(who)}/content/cc/peach/gettoken`, who, card(number));
      expect(res.status).toBe(200);
      expect(cardTokenResponseSchema.parse(await res.json())).toEqual({ html: null });
      const added = await post(`${wallet(who)}/content/cc`, who, card(number));
      expect(added.status).toBe(200);
      walletChangeSchema.parse(await added.json());
    }
    const cards = (await content(who)).cards;
    expect(cards.map((c) => c.type)).toEqual(['1', '2', '3', '4', '6']);
    expect(cards.map((c) => c.isDefault)).toEqual([true, false, false, false, false]);
    expect(cards[2]).toMatchObject({ first6Digits: '378282', last4Digits: '0005', expiryDate: `09${year()}` });
    // The same card again is the same option.
    await post(`${wallet(who)}/content/cc`, who, card('4242424242424242', { IsDefault: true }));
    const again = await content(who);
    expect(again.cards).toHaveLength(5);
    expect(again.cards.find((c) => c.isDefault)?.last4Digits).toBe('4242');
    const stored = await t.database.db.select().from(savedCards).where(eq(savedCards.userGuid, who.guid));
    expect(JSON.stringify(stored)).not.toMatch(/4242424242424242|378282246310005/);
    // Neither the numbers nor the security codes reach the log.
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toMatch(/4242424242424242|5555555555554444|378282246310005|"1234"|CVV2/);
  });

  it('refuses an expired card, a bad number and a declined card with the provider’s words, saving nothing', async () => {
    const who = await customer();
    const thisYear = String(t.clock().getUTCFullYear() % 100).padStart(2, '0');
    const expired = await post(
      `${wallet(who)}/content/cc`,
      who,
      card('4242424242424242', { ExpiryDate: `01${thisYear}` }),
    );
    expect(expired.status).toBe(400);
    // The provider's words for support, and its reason as a code the page shows in the customer's language.
    expect(await errorOf(expired)).toMatchObject({
      code: 'WALLET_CARD',
      message: expect.stringMatching(/expired/),
      reason: 'expired_card',
    });
    const bad = await post(`${wallet(who)}/content/cc`, who, card('4242424242424241'));
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatchObject({ message: expect.stringMatching(/not valid/), reason: 'invalid_card' });
    const declined = await post(`${wallet(who)}/content/cc/peach/gettoken`, who, card('4000000000000002'));
    expect(declined.status).toBe(400);
    expect(await errorOf(declined)).toMatchObject({ message: 'Your card was declined.', reason: 'declined' });
    const malformed = await post(`${wallet(who)}/content/cc`, who, { Name: 'X', ExpiryDate: '13' });
    expect(malformed.status).toBe(400);
    expect((await content(who)).cards).toEqual([]);
  });

  it('adds a card through the verification frame once, for its owner only', async () => {
    const who = await customer();
    const other = await customer();
    const token = cardTokenResponseSchema.parse(
      await (
        await post(`${wallet(who)}/content/cc/peach/gettoken`, who, card('4000002760003184', { IsDefault: true }))
      ).json(),
    );
    expect(token.html).toContain('name="payment-provider-frame"');
    const id = /\/sandbox\/3ds\/([^"]+)"/.exec(token.html ?? '')?.[1] ?? '';
    // Not verified yet: nothing is added.
    const early = await post(`${wallet(who)}/content/cc`, who, {
      Name: 'Test Customer',
      ExpiryDate: `09${year()}`,
      peachId: id,
    });
    expect(early.status).toBe(400);
    const decided = await t.request(`/sandbox/3ds/${id}`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'pass' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(decided.status).toBe(303);
    expect(decided.headers.get('location')).toBe(`/en/account/payment-options?id=${id}`);
    // Another customer can't claim the verified card.
    const stolen = await post(`${wallet(other)}/content/cc`, other, {
      Name: 'X',
      ExpiryDate: `09${year()}`,
      peachId: id,
    });
    expect(stolen.status).toBe(400);
    expect((await errorOf(stolen)).code).toBe('WALLET_ADDITION');
    const body = { Name: 'Test Customer', ExpiryDate: `09${year()}`, peachId: id };
    const [a, b] = await Promise.all([
      post(`${wallet(who)}/content/cc`, who, body),
      post(`${wallet(who)}/content/cc`, who, body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Both answers show the one card, whichever request saved it.
    for (const answer of [a, b]) expect(walletChangeSchema.parse(await answer.json()).content.cards).toHaveLength(1);
    const cards = (await content(who)).cards;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ last4Digits: '3184', isDefault: true });
    expect((await content(other)).cards).toEqual([]);
  });

  it('adds a PayPal account through the provider page and its token, once', async () => {
    const who = await customer();
    const started = await post(`${wallet(who)}/content/3rdparty/generatesession`, who, {
      code: 'PP01',
      returnUrl: WALLET_PAGE,
      cancelUrl: WALLET_PAGE,
      langCode: 'en',
    });
    expect(started.status).toBe(200);
    const { redirectURL } = (await started.json()) as { redirectURL: string };
    const token = /\/sandbox\/paypal\/(\w+)/.exec(redirectURL)?.[1] ?? '';
    const approved = await t.request(`/sandbox/paypal/${token}`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approved.headers.get('location')).toBe(`${WALLET_PAGE}?token=${token}`);
    // A cancel comes back to the wallet saying so, whatever cancel page the browser gave.
    const second = await post(`${wallet(who)}/content/3rdparty/generatesession`, who, {
      code: 'PP01',
      returnUrl: WALLET_PAGE,
      cancelUrl: `${WALLET_PAGE}?cancelled=0&next=https://evil.example`,
      langCode: 'en',
    });
    const quitToken = /\/sandbox\/paypal\/(\w+)/.exec(
      ((await second.json()) as { redirectURL: string }).redirectURL,
    )?.[1];
    const quit = await t.request(`/sandbox/paypal/${quitToken}`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'cancel' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(quit.headers.get('location')).toBe(`${WALLET_PAGE}?cancelled=1`);
    for (let i = 0; i < 2; i++)
      expect((await post(`${wallet(who)}/content/3rdparty`, who, { token })).status).toBe(200);
    const { thirdParty } = await content(who);
    expect(thirdParty).toHaveLength(1);
    expect(thirdParty[0]).toMatchObject({ type: '5', name: 'buyer@sandbox.example', isDefault: true });
    // A return page elsewhere is refused: the provider must not become an open redirect.
    const elsewhere = await post(`${wallet(who)}/content/3rdparty/generatesession`, who, {
      code: 'PP01',
      returnUrl: 'https://evil.example/en/account/payment-options',
      cancelUrl: WALLET_PAGE,
      langCode: 'en',
    });
    expect(elsewhere.status).toBe(400);
    expect((await post(`${wallet(who)}/content/3rdparty`, who, { token: 'sbxpaypalnothing' })).status).toBe(400);
  });

  it('moves the default, and after deleting the default the oldest option left takes it', async () => {
    const who = await customer({ savedCard: true });
    await post(`${wallet(who)}/content/cc`, who, card('5555555555554444'));
    const [visa, master] = (await content(who)).cards;
    const moved = walletChangeSchema.parse(
      await (await post(`${wallet(who)}/content/cc/setDefault`, who, { id: master!.id })).json(),
    );
    expect(moved.content.cards.map((c) => c.isDefault)).toEqual([false, true]);
    await post(`${wallet(who)}/content/cc/delete`, who, { id: master!.id });
    expect((await content(who)).cards).toEqual([expect.objectContaining({ id: visa!.id, isDefault: true })]);
    // A card is not an account, and an unknown id is nobody's.
    expect((await post(`${wallet(who)}/content/3rdparty/delete`, who, { id: visa!.id })).status).toBe(400);
    expect((await post(`${wallet(who)}/content/cc/delete`, who, { id: 99_999 })).status).toBe(400);
  });

  it('deleting the last payment option turns AutoPay to Cash and stops auto-renewal, saved', async () => {
    const who = await customer({ savedCard: true, autoPay: true });
    await t.database.db.update(users).set({ planAutoRenewal: true }).where(eq(users.guid, who.guid));
    const before = autoPayOptionsSchema.parse(
      await (await t.request(`/api/v1/account/${who.guid}/AutoPayOptions`, { cookie: who.cookie })).json(),
    );
    expect(before).toMatchObject({ value: true, shippingAgreement: true, discountLabel: '5%' });
    const [only] = (await content(who)).cards;
    const change = walletChangeSchema.parse(
      await (await post(`${wallet(who)}/content/cc/delete`, who, { id: only!.id })).json(),
    );
    expect(change).toEqual({ content: { cards: [], thirdParty: [] }, paymentMethod: 0, autoRenewal: false });
    const row = await userRow(who);
    expect([row.paymentMethod, row.autoPayAgreedAt, row.planAutoRenewal]).toEqual([0, null, false]);
    const mails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, who.email));
    expect(mails.map((m) => m.kind).sort()).toEqual(['wallet-autopay-off', 'wallet-option-removed']);
  });

  it('applies the AutoPay rules: a payment option, the agreement, and Cash refused where AutoPay is mandatory', async () => {
    const path = (who: Customer) => `/api/v1/account/${who.guid}/AutoPayOptions`;
    const bare = await customer();
    const none = await post(path(bare), bare, { value: true, shippingAgreement: true });
    expect(none.status).toBe(409);
    expect((await errorOf(none)).code).toBe('AUTOPAY_NO_PAYMENT_OPTION');

    const jo = await customer({ savedCard: true });
    const noAgreement = await post(path(jo), jo, { value: true });
    expect(noAgreement.status).toBe(400);
    expect((await errorOf(noAgreement)).code).toBe('AUTOPAY_AGREEMENT');
    const on = autoPayOptionsSchema.parse(
      await (await post(path(jo), jo, { value: true, shippingAgreement: true })).json(),
    );
    expect(on).toMatchObject({ value: true, shippingAgreement: true, isAutoPayMandatory: false });
    const off = autoPayOptionsSchema.parse(await (await post(path(jo), jo, { value: false })).json());
    expect(off).toMatchObject({ value: false, shippingAgreement: false });
    expect((await userRow(jo)).autoPayAgreedAt).toBeNull();

    const kw = await customer({ countryCode: 'KW', savedCard: true, autoPay: true });
    const mandatory = autoPayOptionsSchema.parse(await (await t.request(path(kw), { cookie: kw.cookie })).json());
    expect(mandatory).toMatchObject({ isAutoPayMandatory: true, isPaymentOptionSavingMandatory: true, value: true });
    const cash = await post(path(kw), kw, { value: false });
    expect(cash.status).toBe(409);
    expect((await errorOf(cash)).code).toBe('AUTOPAY_MANDATORY');
    expect((await userRow(kw)).paymentMethod).toBe(1);
  });

  it('keeps the Wallet notification switch, and sends wallet e-mails only while it is on', async () => {
    const who = await customer({ savedCard: true });
    const options = `/api/account/${who.guid}/options/notifications`;
    // Every switch is on until turned off: the wallet's, and the package alerts' (issue 24).
    expect(userOptionsSchema.parse(await (await t.request(options, { cookie: who.cookie })).json())).toEqual({
      notificationOptions: [
        { name: 'Wallet', value: true },
        { name: 'PackageArrived', value: true },
        { name: 'StorageDeadline', value: true },
        { name: 'HeldForCharges', value: true },
      ],
    });
    const off = await post(options, who, { notificationOptions: [{ name: 'Wallet', value: false }] });
    expect(userOptionsSchema.parse(await off.json()).notificationOptions).toEqual([
      { name: 'Wallet', value: false },
      { name: 'PackageArrived', value: true },
      { name: 'StorageDeadline', value: true },
      { name: 'HeldForCharges', value: true },
    ]);
    // Each switch is kept on its own.
    const alertOff = await post(options, who, { notificationOptions: [{ name: 'StorageDeadline', value: false }] });
    expect(userOptionsSchema.parse(await alertOff.json()).notificationOptions.filter((o) => !o.value)).toEqual([
      { name: 'Wallet', value: false },
      { name: 'StorageDeadline', value: false },
    ]);
    expect((await post(options, who, { notificationOptions: [{ name: 'Sms', value: true }] })).status).toBe(400);
    await post(`${wallet(who)}/content/cc`, who, card('5555555555554444'));
    const mails = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, who.email));
    expect(mails).toEqual([]);
  });

  it('refuses every wallet call without a session (401) and on another customer’s guid (403)', async () => {
    const a = await customer({ savedCard: true });
    const b = await customer();
    const [cardOfA] = (await content(a)).cards;
    const calls: [string, string, unknown?][] = [
      ['GET', wallet(a)],
      ['GET', `${wallet(a)}/transactions`],
      ['GET', `${wallet(a)}/content`],
      ['POST', `${wallet(a)}/content/cc`, card('4242424242424242')],
      ['POST', `${wallet(a)}/content/cc/peach/gettoken`, card('4242424242424242')],
      ['POST', `${wallet(a)}/content/cc/setDefault`, { id: cardOfA!.id }],
      ['POST', `${wallet(a)}/content/cc/delete`, { id: cardOfA!.id }],
      ['POST', `${wallet(a)}/content/3rdparty`, { token: 'x' }],
      [
        'POST',
        `${wallet(a)}/content/3rdparty/generatesession`,
        { code: 'PP01', returnUrl: WALLET_PAGE, cancelUrl: WALLET_PAGE, langCode: 'en' },
      ],
      ['POST', `${wallet(a)}/content/3rdparty/setDefault`, { id: 1 }],
      ['POST', `${wallet(a)}/content/3rdparty/delete`, { id: 1 }],
      ['GET', `/api/v1/account/${a.guid}/AutoPayOptions`],
      ['POST', `/api/v1/account/${a.guid}/AutoPayOptions`, { value: false }],
      ['GET', `/api/account/${a.guid}/options/notifications`],
      ['POST', `/api/account/${a.guid}/options/notifications`, { notificationOptions: [] }],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.send(method, path, undefined, body)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await t.send(method, path, b, body)).status, `${method} ${path} as another`).toBe(403);
    }
    expect((await content(a)).cards).toHaveLength(1);
  });
});
