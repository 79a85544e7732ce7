/**
 * The sandbox's wallet and shipment-charge methods: card registration (with its verification frame), the PayPal
 * account link, and the hosted checkout, through the provider and through its pages.
 */
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECURE_KEY_COOKIE } from '../../src/lib/api/payments/contract.ts';
import type { CardDetails, HostedPaymentRequest } from '../../server/payments/provider.ts';
import { SANDBOX_MESSAGES, type SandboxProvider } from '../../server/payments/sandbox/sandbox-provider.ts';
import { TEST_CARDS } from '../../server/payments/sandbox/test-cards.ts';
import {
  AMOUNT,
  JOD,
  NOW,
  card,
  cvvFor,
  expectCleanPage,
  pageHtml,
  postForm,
  sandbox,
} from './payment-sandbox-fixture.ts';

const SUCCEEDS = '4242424242424242';
const SECURE = '4000002760003184';
const DECLINED = '4000000000000002';
const INSUFFICIENT = '4000000000009995';
const WALLET = '/en/account/payment-options';
const WALLET_CANCEL = '/en/account/payment-options?cancelled=1';

let now: Date;
let provider: SandboxProvider;
let app: Hono;
let references = 0;
const newReference = () => `order-${++references}`;
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};

beforeEach(() => {
  now = NOW;
  ({ provider, app } = sandbox(() => now));
});

const post = (path: string, fields: Record<string, string>) => postForm(app, path, fields);

/** What a response shows: its status, where it goes, and its page. */
async function read(res: Response) {
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

const get = async (path: string) => read(await app.request(path));

const register = (details: CardDetails, returnUrl = WALLET) =>
  provider.registerCard(details, { returnUrl, lang: 'en' });

async function verification(number = SECURE, returnUrl = WALLET) {
  const registration = await register(card(number), returnUrl);
  if (registration.status !== 'verify') throw new Error(`no verification: ${registration.status}`);
  return registration;
}

describe('card registration', () => {
  it('registers a card that needs no verification, moving no money, with a token that charges', async () => {
    for (const test of TEST_CARDS.filter((c) => c.outcome === 'success' || c.outcome === 'insufficient_funds')) {
      const registration = await register(card(test.number));
      expect(registration, test.number).toEqual({
        status: 'registered',
        card: {
          token: expect.stringMatching(/^sbx_card\./) as string,
          systemId: test.systemId,
          first6: test.number.slice(0, 6),
          last4: test.number.slice(-4),
          expiryDate: '0930',
          name: 'Test Customer',
        },
      });
    }
    expect(provider.chargeRecords()).toEqual([]);

    const visa = await register(card(SUCCEEDS));
    const poor = await register(card(INSUFFICIENT));
    if (visa.status !== 'registered' || poor.status !== 'registered') throw new Error('not registered');
    const payment = { ...JOD, description: 'Shipments' };
    expect(await provider.charge({ ...payment, reference: newReference(), token: visa.card.token })).toMatchObject({
      status: 'succeeded',
    });
    // Registered without asking for funds; the charge is what finds them missing.
    expect(await provider.charge({ ...payment, reference: newReference(), token: poor.card.token })).toEqual({
      status: 'failed',
      code: 'insufficient_funds',
      message: SANDBOX_MESSAGES.insufficientFunds,
    });
  });

  it('refuses what tokenizeCard refuses, in the same words, and a card the issuer declines', async () => {
    const bad = [
      card('1234567812345670'),
      card('4242424242424241'),
      card(SUCCEEDS, { expiryMonth: 5, expiryYear: 2026 }),
      card(SUCCEEDS, { cvv: '12' }),
      card('378282246310005', { cvv: '123' }),
      card(SUCCEEDS, { name: ' ' }),
    ];
    for (const details of bad) {
      const tokenized = await provider.tokenizeCard(details);
      expect(tokenized.ok).toBe(false);
      if (tokenized.ok) continue;
      expect(await register(details)).toEqual({ status: 'refused', code: tokenized.code, message: tokenized.message });
    }
    expect(await register(card(DECLINED))).toEqual({
      status: 'refused',
      code: 'declined',
      message: SANDBOX_MESSAGES.declined,
    });
    for (const returnUrl of ['javascript:alert(1)', '//evil.example/x', '/\t/evil.example']) {
      await expect(register(card(SUCCEEDS), returnUrl)).rejects.toThrow();
    }
  });

  it('verifies the challenge card in the named frame, saying nothing is charged, and returns with the id', async () => {
    const { id, html } = await verification();
    expect(id).toMatch(/^sbx3ds[0-9a-f]{32}$/);
    expect(html).toBe(
      `<iframe name="payment-provider-frame" src="/sandbox/3ds/${id}" title="Card verification" width="100%" height="460"></iframe>`,
    );
    expect(await provider.completeCardRegistration(id)).toEqual({
      ok: false,
      code: 'incomplete',
      message: SANDBOX_MESSAGES.verificationPending,
    });

    const page = await get(`/sandbox/3ds/${id}`);
    expect(page.status).toBe(200);
    expectCleanPage(page.html);
    expect(page.html).toContain('<h1>Card verification</h1>');
    expect(page.html).toContain('no money is taken');
    expect(page.html).toContain('<dt>Amount</dt><dd>No charge</dd>');
    expect(page.html).not.toContain('JOD');
    expect(page.html).toContain('Card ending in 3184');
    expect(page.html).toContain('>Pass verification</button>');
    expect(page.html).toContain('>Fail verification</button>');

    const passed = await post(`/sandbox/3ds/${id}`, { decision: 'pass' });
    expect(passed.status).toBe(303);
    expect(passed.headers.get('location')).toBe(`${WALLET}?id=${id}`);
    expect(passed.headers.get('set-cookie')).toBeNull();
    expect(passed.headers.get('cache-control')).toBe('no-store');

    const done = await provider.completeCardRegistration(id);
    expect(done).toEqual({
      ok: true,
      card: {
        token: expect.stringMatching(/^sbx_card\./) as string,
        systemId: 1,
        first6: '400000',
        last4: '3184',
        expiryDate: '0930',
        name: 'Test Customer',
      },
    });
    expect(await provider.completeCardRegistration(id)).toEqual(done);

    // The same answer again goes to the same place; the other one is refused.
    expect((await post(`/sandbox/3ds/${id}`, { decision: 'pass' })).headers.get('location')).toBe(`${WALLET}?id=${id}`);
    expect((await post(`/sandbox/3ds/${id}`, { decision: 'fail' })).status).toBe(409);
    expect((await get(`/sandbox/3ds/${id}`)).html).toContain('This verification is already complete.');

    // The verification pays nothing: a later payment of the card asks for its own challenge.
    if (!done.ok) throw new Error(done.message);
    const request = { ...JOD, reference: newReference(), token: done.card.token, description: 'Shipments' };
    expect(await provider.charge({ ...request, secure: { id, response: 'x' } })).toMatchObject({
      code: 'authentication_failed',
    });
    expect(await provider.startSecure(done.card.token, request)).not.toBeNull();
    expect(provider.chargeRecords()).toEqual([]);
  });

  it('fails the registration when the verification fails, and keeps an absolute return URL’s query', async () => {
    const returnUrl = 'https://shop.example/en/account/payment-options?from=wallet#cards';
    const { id } = await verification(SECURE, returnUrl);
    const failedRes = await post(`/sandbox/3ds/${id}`, { decision: 'fail' });
    expect(failedRes.status).toBe(303);
    expect(failedRes.headers.get('location')).toBe(
      `https://shop.example/en/account/payment-options?from=wallet&id=${id}#cards`,
    );
    expect(failedRes.headers.get('set-cookie')).toBeNull();
    expect(await provider.completeCardRegistration(id)).toEqual({
      ok: false,
      code: 'authentication_failed',
      message: SANDBOX_MESSAGES.secureFailed,
    });
    expect((await post(`/sandbox/3ds/${id}`, { decision: 'pass' })).status).toBe(409);
  });

  it('knows no other id: unknown, expired, or a payment’s challenge; and payment challenges still set the cookie', async () => {
    const unknown = { ok: false, code: 'processing_error', message: SANDBOX_MESSAGES.unknownSession };
    expect(await provider.completeCardRegistration('sbx3dsnothing')).toEqual(unknown);

    const tokenized = await provider.tokenizeCard(card(SECURE));
    if (!tokenized.ok) throw new Error(tokenized.message);
    const challenge = await provider.startSecure(tokenized.token, { ...JOD, reference: newReference() });
    const paid = await post(`/sandbox/3ds/${challenge!.id}`, { decision: 'pass' });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('set-cookie')).toMatch(new RegExp(`^${SECURE_KEY_COOKIE}=${challenge!.id}\\.`));
    expect(await provider.completeCardRegistration(challenge!.id)).toEqual(unknown);

    const { id } = await verification();
    await post(`/sandbox/3ds/${id}`, { decision: 'pass' });
    later(16);
    expect(await provider.completeCardRegistration(id)).toEqual(unknown);
  });
});

describe('PayPal account link', () => {
  const startLink = () => provider.startAccountLink({ returnUrl: WALLET, cancelUrl: WALLET_CANCEL, lang: 'en' });
  const decide = async (token: string, decision: string) => read(await post(`/sandbox/paypal/${token}`, { decision }));

  it('asks the buyer to save the account with no amount, and gives an account that pays later', async () => {
    const { token, redirectUrl } = await startLink();
    expect(token).toMatch(/^sbxpaypal[0-9a-f]{32}$/);
    expect(redirectUrl).toBe(`/sandbox/paypal/${token}`);
    expect(await provider.completeAccountLink(token)).toEqual({
      ok: false,
      code: 'cancelled',
      message: SANDBOX_MESSAGES.notApproved,
    });

    const page = await get(redirectUrl);
    expect(page.status).toBe(200);
    expectCleanPage(page.html);
    expect(page.html).toContain('<h1>Save your PayPal account for future payments</h1>');
    expect(page.html).toContain('Sandbox Buyer (buyer@sandbox.example)');
    expect(page.html).not.toContain('Amount');
    expect(page.html).toContain('>Agree</button>');
    expect(page.html).toContain('>Cancel</button>');
    expect(page.html).not.toContain('>Approve</button>');

    const agreed = await decide(token, 'approve');
    expect(agreed.status).toBe(303);
    expect(agreed.location).toBe(`${WALLET}?token=${token}`);

    const linked = await provider.completeAccountLink(token);
    expect(linked).toEqual({
      ok: true,
      account: {
        token: expect.stringMatching(/^sbx_pp\./) as string,
        name: 'Sandbox Buyer',
        email: 'buyer@sandbox.example',
      },
    });
    expect(await provider.completeAccountLink(token)).toEqual(linked);

    if (!linked.ok) throw new Error(linked.message);
    const reference = newReference();
    const renewal = { ...JOD, reference, token: linked.account.token, description: 'Shipments' };
    expect(await provider.chargeAccount(renewal)).toMatchObject({ status: 'succeeded' });
    expect(provider.chargeRecords()).toEqual([{ reference, ...JOD, token: linked.account.token }]);

    // Agreeing twice answers the same; cancelling now is refused; the page says it is done.
    expect(await decide(token, 'approve')).toMatchObject({ status: 303, location: `${WALLET}?token=${token}` });
    expect((await decide(token, 'cancel')).status).toBe(409);
    expect((await decide(token, 'decline')).status).toBe(400);
    expect((await get(redirectUrl)).html).toContain('This request was already approved.');
    // A link is no payment: nothing to capture.
    expect(
      await provider.completeRedirect({ method: 'paypal', token, payerId: 'X' }, { ...JOD, reference: newReference() }),
    ).toEqual({ status: 'failed', code: 'processing_error', message: SANDBOX_MESSAGES.unknownSession });
  });

  it('cancels to the cancel URL, and a cancelled link gives no account', async () => {
    const { token } = await startLink();
    expect(await decide(token, 'cancel')).toMatchObject({ status: 303, location: WALLET_CANCEL });
    expect(await decide(token, 'cancel')).toMatchObject({ status: 303, location: WALLET_CANCEL });
    expect((await decide(token, 'approve')).status).toBe(409);
    expect(await provider.completeAccountLink(token)).toEqual({
      ok: false,
      code: 'cancelled',
      message: SANDBOX_MESSAGES.notApproved,
    });
  });

  it('knows only its own tokens, and keeps only acceptable URLs', async () => {
    const unknown = { ok: false, code: 'processing_error', message: SANDBOX_MESSAGES.unknownSession };
    expect(await provider.completeAccountLink('sbxpaypalnothing')).toEqual(unknown);
    const payment = {
      ...JOD,
      reference: newReference(),
      returnUrl: WALLET,
      cancelUrl: WALLET_CANCEL,
      lang: 'en' as const,
    };
    const paypal = await provider.startRedirect('paypal', { ...payment, saveAccount: true });
    expect((await decide(paypal.token, 'approve')).status).toBe(303);
    expect(await provider.completeAccountLink(paypal.token)).toEqual(unknown);
    const sadad = await provider.startRedirect('sadad', { ...payment, saveAccount: false });
    expect(await provider.completeAccountLink(sadad.token)).toEqual(unknown);

    const { token } = await startLink();
    later(61);
    expect(await provider.completeAccountLink(token)).toEqual(unknown);

    for (const [returnUrl, cancelUrl] of [
      ['javascript:alert(1)', WALLET_CANCEL],
      [WALLET, '//evil.example'],
    ]) {
      await expect(
        provider.startAccountLink({ returnUrl: returnUrl!, cancelUrl: cancelUrl!, lang: 'en' }),
      ).rejects.toThrow();
    }
  });
});

describe('hosted checkout', () => {
  const RETURN = '/en/pending-payments?order=SB-1';
  const CANCEL = '/en/pending-payments?order=SB-1&cancelled=1';

  async function startHosted(overrides: Partial<HostedPaymentRequest> = {}) {
    const reference = newReference();
    const started = await provider.startHostedPayment({
      ...JOD,
      reference,
      returnUrl: RETURN,
      cancelUrl: CANCEL,
      lang: 'en',
      description: 'Shipments 1234, 5678',
      ...overrides,
    });
    return { ...started, path: started.redirectUrl, expected: { ...JOD, reference } };
  }

  const cardFields = (number: string, extra: Record<string, string> = {}) => ({
    decision: 'pay',
    name: 'Test Customer',
    number,
    expiryMonth: '9',
    expiryYear: '2030',
    cvv: cvvFor(number),
    ...extra,
  });

  const pay = async (path: string, number: string, extra: Record<string, string> = {}) =>
    read(await post(path, cardFields(number, extra)));

  it('shows the merchant, what is paid for, the amount, and a labelled card form', async () => {
    const { token, redirectUrl } = await startHosted({ description: 'Shipments <b>1234</b>' });
    expect(token).toMatch(/^sbxcheckout[0-9a-f]{32}$/);
    expect(redirectUrl).toBe(`/sandbox/checkout/${token}`);
    const html = await pageHtml(await app.request(redirectUrl));
    expect(html).toContain('<dt>Merchant</dt><dd>Sandbox shop</dd>');
    expect(html).toContain('<dt>Payment for</dt><dd>Shipments &lt;b&gt;1234&lt;/b&gt;</dd>');
    expect(html).toContain(`<dt>Amount</dt><dd>${AMOUNT}</dd>`);
    for (const [id, label, autocomplete] of [
      ['name', 'Name on card', 'cc-name'],
      ['number', 'Card number', 'cc-number'],
      ['expiry-month', 'Month', 'cc-exp-month'],
      ['expiry-year', 'Year', 'cc-exp-year'],
      ['cvv', 'Security code', 'cc-csc'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`id="${id}"[^>]*autocomplete="${autocomplete}"`));
    }
    expect(html).toMatch(/<input id="number"[^>]*inputmode="numeric"/);
    expect(html).toMatch(/<input id="cvv"[^>]*inputmode="numeric"/);
    expect(html).toContain('<option value="1">01</option>');
    expect(html).toContain('<option value="12">12</option>');
    expect(html).toContain('<option value="2026">2026</option>');
    expect(html).toContain('<option value="2035">2035</option>');
    expect(html).not.toContain('<option value="2036">');
    expect(html).toContain('<input type="hidden" name="decision" value="pay">');
    expect(html).toContain(`>Pay ${AMOUNT}</button>`);
    expect(html).toContain('<input type="hidden" name="decision" value="cancel">');
    expect(html).toContain('>Cancel</button>');
    expect(html).not.toContain('role="alert"');
  });

  it('pays once: goes to the return URL as given, and a double post, a reload or another card charges nothing more', async () => {
    const { token, path, expected } = await startHosted();
    expect(await provider.completeHostedPayment(token, expected)).toEqual({ status: 'open' });

    const [first, second] = await Promise.all([post(path, cardFields(SUCCEEDS)), post(path, cardFields(SUCCEEDS))]);
    for (const res of [first, second]) {
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(RETURN);
    }
    expect(await pay(path, '5555555555554444')).toMatchObject({ status: 303, location: RETURN });
    expect(provider.chargeRecords()).toEqual([
      { reference: expected.reference, ...JOD, token: expect.stringMatching(/^sbx_card\./) as string },
    ]);

    const result = await provider.completeHostedPayment(token, expected);
    expect(result).toEqual({ status: 'succeeded', providerRef: expect.stringMatching(/^sbx_ch_/) as string });
    expect(await provider.completeHostedPayment(token, expected)).toEqual(result);

    const page = await get(path);
    expect(page.status).toBe(200);
    expectCleanPage(page.html);
    expect(page.html).toContain('<h1>Payment complete</h1>');
    expect(page.html).toContain(`<a href="${RETURN}">Return to the shop</a>`);
    expect(page.html).not.toContain('<form');
    expect(await read(await post(path, { decision: 'cancel' }))).toMatchObject({ status: 303, location: RETURN });
    expect(await provider.expireHostedPayment(token)).toBe('paid');
    expect(await provider.completeHostedPayment(token, expected)).toEqual(result);
    expect(provider.chargeRecords()).toHaveLength(1);

    // An absolute return URL comes back exactly as it was given.
    const absolute = 'https://shop.example/en/pending-payments?order=SB-2&x=a%20b#top';
    const other = await startHosted({ returnUrl: absolute });
    expect(await pay(other.path, SUCCEEDS)).toMatchObject({ status: 303, location: absolute });
  });

  it('shows a refused card on the form, keeps the payment open, and takes another card', async () => {
    const { token, path, expected } = await startHosted();
    const declined = await pay(path, DECLINED, { name: '<b>Ann</b>', cvv: '987' });
    expect(declined.status).toBe(422);
    expectCleanPage(declined.html);
    expect(declined.html).toContain('<p class="error" role="alert" id="card-error">Your card was declined.</p>');
    expect(declined.html).toMatch(
      /<form method="post" action="\/sandbox\/checkout\/\w+" aria-describedby="card-error">/,
    );
    expect(declined.html).toContain('value="&lt;b&gt;Ann&lt;/b&gt;"');
    expect(declined.html).toContain('<option value="9" selected>09</option>');
    expect(declined.html).toContain('<option value="2030" selected>2030</option>');
    expect(declined.html).toMatch(/<input id="number"(?![^>]*value=)[^>]*>/);
    expect(declined.html).toMatch(/<input id="cvv"(?![^>]*value=)[^>]*>/);
    expect(await provider.completeHostedPayment(token, expected)).toEqual({ status: 'open' });
    // The page, reloaded, still says why.
    expect((await get(path)).html).toContain('Your card was declined.');

    expect((await pay(path, INSUFFICIENT)).html).toContain(SANDBOX_MESSAGES.insufficientFunds);
    expect((await pay(path, '4242424242424241')).html).toContain('The card number is not valid.');
    const shortCode = await pay(path, SUCCEEDS, { cvv: '12' });
    expect(shortCode.status).toBe(422);
    expect(shortCode.html).toContain('The security code must be 3 digits.');
    expect(provider.chargeRecords()).toEqual([]);

    expect(await pay(path, SUCCEEDS)).toMatchObject({ status: 303, location: RETURN });
    expect(await provider.completeHostedPayment(token, expected)).toMatchObject({ status: 'succeeded' });
    expect(provider.chargeRecords()).toHaveLength(1);
    expect((await get(path)).html).not.toContain('declined');
  });

  it('3-D Secure: pays after a passed challenge, from the page the challenge returns to', async () => {
    const { token, path, expected } = await startHosted();
    const sent = await pay(path, SECURE);
    const challengePath = sent.location!;
    const id = challengePath.split('/').pop()!;
    const secureReturn = `/sandbox/checkout/${token}/secure/${id}`;
    // Before the answer, the return page sends the customer back to the challenge.
    expect(await get(secureReturn)).toMatchObject({ status: 303, location: challengePath });
    const page = await get(challengePath);
    expect(page.html).toContain('<h1>3-D Secure verification</h1>');
    expect(page.html).toContain(AMOUNT);
    expect(await provider.completeHostedPayment(token, expected)).toEqual({ status: 'open' });

    const passed = await post(challengePath, { decision: 'pass' });
    expect(passed.status).toBe(303);
    expect(passed.headers.get('location')).toBe(secureReturn);
    expect(passed.headers.get('set-cookie')).toBeNull();
    expect(provider.chargeRecords()).toEqual([]);

    expect(await get(secureReturn)).toMatchObject({ status: 303, location: RETURN });
    expect(await get(secureReturn)).toMatchObject({ status: 303, location: RETURN });
    expect(provider.chargeRecords()).toHaveLength(1);
    expect(await provider.completeHostedPayment(token, expected)).toMatchObject({ status: 'succeeded' });
  });

  it('3-D Secure: a failed challenge shows the failure on the form; only the last card’s challenge may pay', async () => {
    const { token, path, expected } = await startHosted();
    const failedRes = await post((await pay(path, SECURE)).location!, { decision: 'fail' });
    expect(failedRes.status).toBe(303);
    expect(failedRes.headers.get('set-cookie')).toBeNull();
    const next = failedRes.headers.get('location')!;
    expect(next).toMatch(new RegExp(`^/sandbox/checkout/${token}/secure/sbx3ds[0-9a-f]{32}$`));
    expect(await get(next)).toMatchObject({ status: 303, location: path });
    const form = await get(path);
    expect(form.html).toContain(`role="alert" id="card-error">${SANDBOX_MESSAGES.secureFailed}</p>`);
    expect(await get(next)).toMatchObject({ status: 303, location: path });
    expect(await provider.completeHostedPayment(token, expected)).toEqual({ status: 'open' });

    // A challenge left behind for another card pays nothing when it is passed later.
    const sent = await pay(path, SECURE);
    expect((await pay(path, DECLINED)).status).toBe(422);
    const stale = await post(sent.location!, { decision: 'pass' });
    expect(await get(stale.headers.get('location')!)).toMatchObject({ status: 303, location: path });
    expect(provider.chargeRecords()).toEqual([]);

    expect(await pay(path, SUCCEEDS)).toMatchObject({ status: 303, location: RETURN });
    expect(provider.chargeRecords()).toHaveLength(1);
  });

  it('cancel goes to the cancel URL and leaves the payment open to come back to', async () => {
    const { token, path, expected } = await startHosted();
    expect(await read(await post(path, { decision: 'cancel' }))).toMatchObject({ status: 303, location: CANCEL });
    expect(await provider.completeHostedPayment(token, expected)).toEqual({ status: 'open' });
    expect((await get(path)).html).toContain(`>Pay ${AMOUNT}</button>`);
    expect((await read(await post(path, { decision: 'maybe' }))).status).toBe(400);
    expect(await pay(path, SUCCEEDS)).toMatchObject({ status: 303, location: RETURN });
  });

  it('expires: the page is closed, posts are refused, nothing is charged; a paid one stays paid', async () => {
    const { token, path, expected } = await startHosted();
    expect(await provider.expireHostedPayment(token)).toBe('expired');
    expect(await provider.expireHostedPayment(token)).toBe('expired');
    expect(await provider.completeHostedPayment(token, expected)).toEqual({
      status: 'failed',
      code: 'cancelled',
      message: SANDBOX_MESSAGES.paymentClosed,
    });
    const closed = await get(path);
    expect(closed.status).toBe(410);
    expectCleanPage(closed.html);
    expect(closed.html).toContain('This payment is no longer available.');
    expect((await pay(path, SUCCEEDS)).status).toBe(410);
    expect((await read(await post(path, { decision: 'cancel' }))).status).toBe(410);

    // Closed while its customer was at the challenge: passing it pays nothing.
    const second = await startHosted();
    const sent = await pay(second.path, SECURE);
    expect(await provider.expireHostedPayment(second.token)).toBe('expired');
    const passed = await post(sent.location!, { decision: 'pass' });
    expect((await get(passed.headers.get('location')!)).status).toBe(410);
    expect(provider.chargeRecords()).toEqual([]);

    expect(await provider.expireHostedPayment('sbxcheckoutnothing')).toBe('unknown');
    expect((await get('/sandbox/checkout/sbxcheckoutnothing')).status).toBe(404);
    expect((await pay('/sandbox/checkout/sbxcheckoutnothing', SUCCEEDS)).status).toBe(404);
  });

  it('closes by itself an hour after it opened, unless it was paid', async () => {
    const open = await startHosted();
    const paid = await startHosted();
    await pay(paid.path, SUCCEEDS);
    later(61);
    expect((await get(open.path)).status).toBe(410);
    expect(await provider.completeHostedPayment(open.token, open.expected)).toMatchObject({ code: 'cancelled' });
    expect(await provider.expireHostedPayment(open.token)).toBe('expired');
    expect(await provider.completeHostedPayment(paid.token, paid.expected)).toMatchObject({ status: 'succeeded' });
    expect((await get(paid.path)).html).toContain('<h1>Payment complete</h1>');
  });

  it('answers only for its own order and amount', async () => {
    const { token, path, expected } = await startHosted();
    const check = async () => {
      expect(await provider.completeHostedPayment('sbxcheckoutnothing', expected)).toEqual({
        status: 'failed',
        code: 'processing_error',
        message: SANDBOX_MESSAGES.unknownSession,
      });
      expect(await provider.completeHostedPayment(token, { ...expected, reference: newReference() })).toEqual({
        status: 'failed',
        code: 'processing_error',
        message: SANDBOX_MESSAGES.otherOrder,
      });
      for (const money of [{ amountMinor: 1 }, { currency: 'USD' }]) {
        expect(await provider.completeHostedPayment(token, { ...expected, ...money })).toEqual({
          status: 'failed',
          code: 'processing_error',
          message: SANDBOX_MESSAGES.amountMismatch,
        });
      }
    };
    await check();
    await pay(path, SUCCEEDS);
    await check();
    expect(await provider.completeHostedPayment(token, expected)).toMatchObject({ status: 'succeeded' });
  });

  it('refuses to start with a bad amount or URL', async () => {
    for (const overrides of [
      { amountMinor: 0 },
      { amountMinor: 1.5 },
      { currency: 'jod' },
      { returnUrl: 'javascript:alert(1)' },
      { cancelUrl: '//evil.example/x' },
    ]) {
      await expect(startHosted(overrides), JSON.stringify(overrides)).rejects.toThrow();
    }
  });
});

describe('card data', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('never comes back in a page, a redirect or a cookie, and is never logged', async () => {
    const logged: unknown[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(...args);
      });
    }
    const responses: Response[] = [];
    const send = async (path: string, fields: Record<string, string>) => {
      const res = await post(path, fields);
      responses.push(res);
      return res;
    };
    const AMEX = '378282246310005';
    const codes = { [SUCCEEDS]: '987', [DECLINED]: '654', [SECURE]: '321', [AMEX]: '7391', '4242424242424241': '852' };
    const fields = (number: keyof typeof codes) => ({
      decision: 'pay',
      name: 'Test Customer',
      number,
      expiryMonth: '9',
      expiryYear: '2030',
      cvv: codes[number],
    });

    const { redirectUrl: path } = await provider.startHostedPayment({
      ...JOD,
      reference: newReference(),
      returnUrl: '/back',
      cancelUrl: '/cancel',
      lang: 'en',
      description: 'Shipments',
    });
    await send(path, fields('4242424242424241'));
    await send(path, fields(DECLINED));
    await send(path, { ...fields(AMEX), cvv: '12' });
    const secure = await send(path, fields(SECURE));
    const challenged = await send(secure.headers.get('location')!, { decision: 'fail' });
    responses.push(await app.request(challenged.headers.get('location')!), await app.request(path));
    await send(path, fields(AMEX));
    await send(path, fields(SUCCEEDS));
    responses.push(await app.request(path));

    const { id } = await verification();
    responses.push(await app.request(`/sandbox/3ds/${id}`));
    await send(`/sandbox/3ds/${id}`, { decision: 'pass' });

    const seen = await Promise.all(
      responses.map(
        async (res) =>
          `${res.status} ${res.headers.get('location') ?? ''} ${res.headers.get('set-cookie') ?? ''}\n${await res.text()}`,
      ),
    );
    const everything = [...seen, JSON.stringify(provider.chargeRecords()), JSON.stringify(logged)].join('\n');
    expect(everything).toContain('Your card was declined.');
    for (const [number, code] of Object.entries(codes)) {
      expect(everything).not.toContain(number);
      // Tokens and ids are letters and digits: a code standing alone is one that came back.
      expect(everything).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`));
    }
  });
});
