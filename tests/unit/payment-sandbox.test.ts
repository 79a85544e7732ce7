import type { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { SECURE_KEY_COOKIE } from '../../src/lib/api/payments/contract.ts';
import { CARD_RULES } from '../../src/lib/payments/card-type.ts';
import type { CardDetails, RedirectMethod } from '../../server/payments/provider.ts';
import {
  SANDBOX_MESSAGES,
  SandboxProvider,
  VISA_LIGHTBOX_PATH,
  withParams,
} from '../../server/payments/sandbox/sandbox-provider.ts';
import { TEST_CARDS, groupCardNumber, outcomeOf } from '../../server/payments/sandbox/test-cards.ts';
import {
  AMOUNT,
  JOD,
  NOW,
  ORIGIN,
  SECRET,
  card,
  cvvFor,
  expectCleanPage,
  pageHtml,
  postForm,
  sandbox,
} from './payment-sandbox-fixture.ts';

let provider: SandboxProvider;
let app: Hono;
let references = 0;
const newReference = () => `order-${++references}`;

beforeEach(() => {
  ({ provider, app } = sandbox());
});

async function tokenOf(number: string): Promise<string> {
  const result = await provider.tokenizeCard(card(number));
  if (!result.ok) throw new Error(result.message);
  return result.token;
}

const charge = (token: string, extra: Record<string, unknown> = {}) =>
  provider.charge({ ...JOD, reference: newReference(), token, description: 'Flex annual', ...extra });

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  postForm(app, path, fields, headers);

describe('test cards', () => {
  it('are valid numbers of their type', async () => {
    for (const test of TEST_CARDS) {
      const result = await provider.tokenizeCard(card(test.number));
      expect(result, test.number).toMatchObject({
        ok: true,
        systemId: test.systemId,
        first6: test.number.slice(0, 6),
        last4: test.number.slice(-4),
        expiryDate: '0930',
        name: 'Test Customer',
      });
    }
    expect(groupCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(groupCardNumber('36227206271667')).toBe('3622 720627 1667');
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(outcomeOf('4111 1111 1111 1111')).toBe('success');
  });

  it('charge with the outcome the table gives', async () => {
    const expected = {
      success: { status: 'succeeded' },
      secure: { status: 'failed', code: 'authentication_failed', message: '3-D Secure verification failed.' },
      declined: { status: 'failed', code: 'declined', message: 'Your card was declined.' },
      insufficient_funds: {
        status: 'failed',
        code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    };
    for (const test of TEST_CARDS) {
      expect(await charge(await tokenOf(test.number)), test.number).toMatchObject(expected[test.outcome]);
    }
    // Any other accepted number succeeds.
    expect(await charge(await tokenOf('4111111111111111'))).toMatchObject({ status: 'succeeded' });
    expect(provider.chargeRecords()).toHaveLength(TEST_CARDS.filter((c) => c.outcome === 'success').length + 1);
  });
});

describe('tokenizeCard', () => {
  it('refuses unsupported types, bad checksums, expired cards, wrong security codes and empty names', async () => {
    const refused = async (details: CardDetails) => {
      const result = await provider.tokenizeCard(details);
      expect(result.ok).toBe(false);
      return result.ok ? '' : result.message;
    };
    expect(await refused(card('1234567812345670'))).toMatch(/supported card type/);
    expect(await refused(card('4242424242424241'))).toMatch(/not valid/);
    expect(await refused(card('4242424242424242', { expiryMonth: 5, expiryYear: 2026 }))).toMatch(/expired/);
    expect(await refused(card('4242424242424242', { expiryMonth: 13 }))).toMatch(/expir/);
    expect(await refused(card('378282246310005', { cvv: '123' }))).toBe('The security code must be 4 digits.');
    expect(await refused(card('4242424242424242', { cvv: '1234' }))).toBe('The security code must be 3 digits.');
    expect(await refused(card('4242424242424242', { name: '   ' }))).toMatch(/name/);
    // Each refusal names its reason with a code the product shows in the customer's language.
    const codeOf = async (details: CardDetails) => {
      const result = await provider.tokenizeCard(details);
      return result.ok ? null : result.code;
    };
    expect(await codeOf(card('1234567812345670'))).toBe('unsupported_card');
    expect(await codeOf(card('4242424242424241'))).toBe('invalid_card');
    expect(await codeOf(card('4242424242424242', { expiryMonth: 5, expiryYear: 2026 }))).toBe('expired_card');
    expect(await codeOf(card('378282246310005', { cvv: '123' }))).toBe('incorrect_cvc');
    expect(await codeOf(card('4242424242424242', { name: '   ' }))).toBe('invalid_card');
    // This month is still valid.
    expect((await provider.tokenizeCard(card('4242424242424242', { expiryMonth: 6, expiryYear: 2026 }))).ok).toBe(true);
    expect(CARD_RULES.find((r) => r.id === 3)?.cvvLength).toBe(4);
  });

  it('gives a signed token that carries neither the number nor the security code', async () => {
    const token = await tokenOf('4242 4242 4242 4242');
    const [kind, payload, mac] = token.split('.');
    expect(kind).toBe('sbx_card');
    expect(mac).toBeTruthy();
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as unknown[];
    expect(claims.slice(0, 5)).toEqual(['success', '424242', '4242', 1, '0930']);
    expect(`${token} ${JSON.stringify(claims)}`).not.toContain('4242424242424242');
    // Nothing else is carried but a random value that makes each token its own (which may hold any digits).
    expect(claims).toHaveLength(6);
    expect(JSON.stringify(claims.slice(0, 5))).not.toContain('123');
    // The pay calls take ids of at most 200 characters.
    for (const test of TEST_CARDS) expect((await tokenOf(test.number)).length).toBeLessThanOrEqual(200);
    // Every tokenization gives its own token.
    expect(await tokenOf('4242424242424242')).not.toBe(token);
  });

  it('accepts its tokens in another process with the same secret, and refuses forged ones', async () => {
    const declined = await tokenOf('4000000000000002');
    const [kind, payload, mac] = declined.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as unknown[];
    expect(claims[0]).toBe('declined');
    const forgedPayload = Buffer.from(JSON.stringify(['success', ...claims.slice(1)])).toString('base64url');
    const forged = `${kind}.${forgedPayload}.${mac}`;
    expect(await charge(forged)).toEqual({
      status: 'failed',
      code: 'processing_error',
      message: SANDBOX_MESSAGES.badToken,
    });
    expect(await charge('not-a-token')).toMatchObject({ status: 'failed', code: 'processing_error' });

    const good = await tokenOf('4242424242424242');
    const twin = new SandboxProvider({ clock: () => NOW, secret: SECRET });
    const stranger = new SandboxProvider({ clock: () => NOW, secret: 'another-secret' });
    const request = { ...JOD, token: good, description: 'x' };
    expect(await twin.charge({ ...request, reference: newReference() })).toMatchObject({ status: 'succeeded' });
    expect(await stranger.charge({ ...request, reference: newReference() })).toMatchObject({
      status: 'failed',
      code: 'processing_error',
    });
  });

  it('takes the seeded legacy tokens as a succeeding Visa', async () => {
    expect(await charge('sandbox_tok_demo_visa', { cvv: '123' })).toMatchObject({ status: 'succeeded' });
    expect(await charge('sandbox_tok_other')).toMatchObject({ status: 'succeeded' });
    expect(await provider.startSecure('sandbox_tok_demo_visa', { ...JOD, reference: 'r' })).toBeNull();
  });
});

describe('charge', () => {
  it('charges once per reference and answers a replay with the first result', async () => {
    const token = await tokenOf('4242424242424242');
    const request = { ...JOD, reference: newReference(), token, description: 'Flex annual' };
    const [first, second] = await Promise.all([provider.charge(request), provider.charge(request)]);
    expect(first.status).toBe('succeeded');
    expect(second).toEqual(first);
    expect(await provider.charge(request)).toEqual(first);
    expect(provider.chargeRecords()).toEqual([{ reference: request.reference, ...JOD, token }]);
  });

  it('checks a given security code, and refuses an expired saved card and a bad amount', async () => {
    const amex = await tokenOf('378282246310005');
    expect(await charge(amex, { cvv: '123' })).toEqual({
      status: 'failed',
      code: 'incorrect_cvc',
      message: SANDBOX_MESSAGES.securityCode,
    });
    expect(await charge(amex, { cvv: '1234' })).toMatchObject({ status: 'succeeded' });
    const later = new SandboxProvider({ clock: () => new Date('2031-01-01T00:00:00Z'), secret: SECRET });
    expect(await later.charge({ ...JOD, reference: newReference(), token: amex, description: 'x' })).toMatchObject({
      status: 'failed',
      code: 'expired_card',
    });
    expect(await charge(amex, { amountMinor: 0 })).toMatchObject({ code: 'processing_error' });
    expect(await charge(amex, { amountMinor: 1.5 })).toMatchObject({ code: 'processing_error' });
  });
});

describe('3-D Secure', () => {
  async function challengeFor(token: string, payment = JOD) {
    const challenge = await provider.startSecure(token, { ...payment, reference: 'r' });
    expect(challenge).not.toBeNull();
    return challenge!;
  }

  it('asks only the challenge card, with a frame of the challenge page and no script', async () => {
    expect(await provider.startSecure(await tokenOf('4242424242424242'), { ...JOD, reference: 'r' })).toBeNull();
    expect(await provider.startSecure('forged', { ...JOD, reference: 'r' })).toBeNull();
    const challenge = await challengeFor(await tokenOf('4000002760003184'));
    expect(challenge.html).toBe(
      `<iframe src="/sandbox/3ds/${challenge.id}" title="3-D Secure verification" width="100%" height="460"></iframe>`,
    );
    expect(challenge.id).toMatch(/^[a-z0-9]+$/);
  });

  it('passes through the page: the cookie carries the response that verifySecure accepts', async () => {
    const token = await tokenOf('4000002760003184');
    const challenge = await challengeFor(token);
    const page = await app.request(`/sandbox/3ds/${challenge.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expectCleanPage(html);
    expect(html).toContain(AMOUNT);
    expect(html).toContain('Card ending in 3184');
    expect(html).toContain('Sandbox shop');
    expect(html).toContain('>Pass verification</button>');
    expect(html).toContain('>Fail verification</button>');
    expect(html).toContain('<input type="hidden" name="decision" value="pass">');

    const passed = await post(`/sandbox/3ds/${challenge.id}`, { decision: 'pass' });
    expect(passed.status).toBe(200);
    expect(await passed.text()).toContain('Verification complete — return to the shop');
    const cookie = passed.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${SECURE_KEY_COOKIE}=${challenge.id}\\.[0-9a-f]{64};`));
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=600');
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/);
    const response = cookie.split(';')[0]!.split('=')[1]!.split('.')[1]!;

    expect(await provider.verifySecure(token, challenge.id, response)).toBe(true);
    expect(await provider.verifySecure(token, challenge.id, 'failed')).toBe(false);
    expect(await provider.verifySecure(await tokenOf('4000002760003184'), challenge.id, response)).toBe(false);

    const reference = newReference();
    const secure = { id: challenge.id, response };
    const paid = await provider.charge({ ...JOD, reference, token, secure, description: 'x' });
    expect(paid.status).toBe('succeeded');
    // One authentication pays one order.
    expect(await charge(token, { secure })).toMatchObject({ code: 'authentication_failed' });
    // Answering again the same way is harmless; the other way is refused.
    expect((await post(`/sandbox/3ds/${challenge.id}`, { decision: 'pass' })).status).toBe(200);
    expect((await post(`/sandbox/3ds/${challenge.id}`, { decision: 'fail' })).status).toBe(409);
    expect(await (await app.request(`/sandbox/3ds/${challenge.id}`)).text()).toContain('already complete');
  });

  it('fails through the page: the cookie carries a response that verifySecure rejects', async () => {
    const token = await tokenOf('4000002760003184');
    const challenge = await challengeFor(token);
    const failedPage = await post(`/sandbox/3ds/${challenge.id}`, { decision: 'fail' });
    expect(failedPage.status).toBe(200);
    expect(await failedPage.text()).toContain('Verification complete — return to the shop');
    const cookie = failedPage.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${SECURE_KEY_COOKIE}=${challenge.id}\\.failed;`));
    expect(await provider.verifySecure(token, challenge.id, 'failed')).toBe(false);
    expect(await charge(token, { secure: { id: challenge.id, response: 'failed' } })).toEqual({
      status: 'failed',
      code: 'authentication_failed',
      message: '3-D Secure verification failed.',
    });
    expect(provider.chargeRecords()).toHaveLength(0);
  });

  it('marks the cookie Secure over https, and answers an unknown challenge with 404', async () => {
    const challenge = await challengeFor(await tokenOf('4000002760003184'));
    const res = await app.request(`https://shop.example/sandbox/3ds/${challenge.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://shop.example' },
      body: 'decision=pass',
    });
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
    expect((await app.request('/sandbox/3ds/unknown')).status).toBe(404);
    expect((await post('/sandbox/3ds/unknown', { decision: 'pass' })).status).toBe(404);
    expect((await post(`/sandbox/3ds/${challenge.id}`, { decision: 'maybe' })).status).toBe(400);
  });

  it('refuses a passed challenge for another amount', async () => {
    const token = await tokenOf('4000002760003184');
    const challenge = await challengeFor(token);
    const cookie = (await post(`/sandbox/3ds/${challenge.id}`, { decision: 'pass' })).headers.get('set-cookie')!;
    const response = cookie.split(';')[0]!.split('.')[1]!;
    expect(await charge(token, { secure: { id: challenge.id, response }, amountMinor: 1_000 })).toMatchObject({
      code: 'authentication_failed',
    });
  });
});

describe('redirect methods', () => {
  const RETURN = '/en/account/membership-payment?id=2';
  const CANCEL = '/en/account/membership-payment?id=2&cancelled=1';

  async function start(method: RedirectMethod, reference = newReference(), saveAccount = false) {
    const started = await provider.startRedirect(method, {
      ...JOD,
      reference,
      returnUrl: RETURN,
      cancelUrl: CANCEL,
      lang: 'en',
      saveAccount,
    });
    expect(started.redirectUrl).toBe(`/sandbox/${method}/${started.token}`);
    return { ...started, reference };
  }

  const decide = async (method: RedirectMethod, token: string, decision: string) => {
    const res = await post(`/sandbox/${method}/${token}`, { decision });
    return { status: res.status, location: res.headers.get('location') ?? '' };
  };

  it('PayPal: approve returns with token and PayerID; the capture succeeds once and gives the account', async () => {
    const { token, redirectUrl, reference } = await start('paypal', undefined, true);
    const page = await app.request(redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expectCleanPage(html);
    expect(html).toContain(AMOUNT);
    expect(html).toContain('buyer@sandbox.example');
    expect(html).toContain('Sandbox Buyer');
    expect(html).toContain('>Approve</button>');
    expect(html).toContain('>Cancel</button>');

    const approved = await decide('paypal', token, 'approve');
    expect(approved.status).toBe(303);
    const back = new URL(approved.location, ORIGIN);
    expect(approved.location.startsWith('/en/account/membership-payment?')).toBe(true);
    expect(back.searchParams.get('id')).toBe('2');
    expect(back.searchParams.get('token')).toBe(token);
    const payerId = back.searchParams.get('PayerID')!;
    expect(payerId).toMatch(/^[A-Z0-9]{13}$/);

    const expected = { ...JOD, reference };
    expect(await provider.completeRedirect({ method: 'paypal', token, payerId: 'WRONG' }, expected)).toMatchObject({
      code: 'processing_error',
    });
    const result = await provider.completeRedirect({ method: 'paypal', token, payerId }, expected);
    expect(result).toMatchObject({
      status: 'succeeded',
      account: { name: 'Sandbox Buyer', email: 'buyer@sandbox.example' },
    });
    expect(result.account?.token).toMatch(/^sbx_pp\./);
    expect(await provider.completeRedirect({ method: 'paypal', token, payerId }, expected)).toEqual(result);
    expect(provider.chargeRecords()).toEqual([{ reference, ...JOD, token }]);

    // The account pays later orders, once each; a forged account token pays nothing.
    const later = { ...JOD, reference: newReference(), token: result.account!.token, description: 'Renewal' };
    const renewal = await provider.chargeAccount(later);
    expect(renewal.status).toBe('succeeded');
    expect(await provider.chargeAccount(later)).toEqual(renewal);
    expect(
      await provider.chargeAccount({ ...later, reference: newReference(), token: `${later.token.slice(0, -2)}xx` }),
    ).toMatchObject({ status: 'failed', code: 'processing_error' });
    expect(provider.chargeRecords()).toHaveLength(2);
  });

  it('PayPal: cancel returns to the cancel URL and the completion fails', async () => {
    const { token, reference } = await start('paypal');
    const cancelled = await decide('paypal', token, 'cancel');
    expect(cancelled).toEqual({ status: 303, location: CANCEL });
    expect(await provider.completeRedirect({ method: 'paypal', token, payerId: 'X' }, { ...JOD, reference })).toEqual({
      status: 'failed',
      code: 'cancelled',
      message: 'The payment was not approved.',
    });
    expect((await decide('paypal', token, 'approve')).status).toBe(409);
    expect(provider.chargeRecords()).toHaveLength(0);
  });

  it('PayPal: a capture before approval fails without closing the payment; another amount or order fails', async () => {
    const { token, reference } = await start('paypal');
    const early = await provider.completeRedirect({ method: 'paypal', token, payerId: 'X' }, { ...JOD, reference });
    expect(early).toMatchObject({ status: 'failed', code: 'cancelled' });
    const payerId = new URL((await decide('paypal', token, 'approve')).location, ORIGIN).searchParams.get('PayerID')!;
    const ret = { method: 'paypal' as const, token, payerId };
    expect(await provider.completeRedirect(ret, { amountMinor: 1, currency: 'JOD', reference })).toMatchObject({
      status: 'failed',
      message: SANDBOX_MESSAGES.amountMismatch,
    });
    expect(await provider.completeRedirect(ret, { ...JOD, currency: 'USD', reference })).toMatchObject({
      status: 'failed',
    });
    expect(await provider.completeRedirect(ret, { ...JOD, reference: newReference() })).toMatchObject({
      status: 'failed',
      message: SANDBOX_MESSAGES.otherOrder,
    });
    expect(await provider.completeRedirect(ret, { ...JOD, reference })).toMatchObject({ status: 'succeeded' });
    expect(provider.chargeRecords()).toHaveLength(1);
  });

  it('Sadad: pay returns with estn; cancel goes to the cancel URL', async () => {
    const { token, redirectUrl, reference } = await start('sadad');
    const html = await (await app.request(redirectUrl)).text();
    expect(html).toContain('>Pay</button>');
    expect(html).not.toContain('Decline');
    expect((await decide('sadad', token, 'decline')).status).toBe(400);
    const paid = await decide('sadad', token, 'approve');
    expect(paid.status).toBe(303);
    const estn = new URL(paid.location, ORIGIN).searchParams.get('estn')!;
    expect(estn).toBe(token);
    const result = await provider.completeRedirect({ method: 'sadad', estn }, { ...JOD, reference });
    expect(result.status).toBe('succeeded');
    expect(result.account).toBeUndefined();
    // A Sadad token is no PayPal token.
    expect(
      await provider.completeRedirect({ method: 'paypal', token: estn, payerId: 'X' }, { ...JOD, reference: 'x' }),
    ).toMatchObject({ code: 'processing_error' });

    const other = await start('sadad');
    expect(await decide('sadad', other.token, 'cancel')).toEqual({ status: 303, location: CANCEL });
    expect(
      await provider.completeRedirect({ method: 'sadad', estn: other.token }, { ...JOD, reference: other.reference }),
    ).toMatchObject({ code: 'cancelled' });
    expect(provider.chargeRecords()).toHaveLength(1);
  });

  it('Knet: pay and decline both return with a PaymentID; only the paid one succeeds', async () => {
    const paidSession = await start('knet');
    expect(await (await app.request(paidSession.redirectUrl)).text()).toContain('>Decline</button>');
    const paid = await decide('knet', paidSession.token, 'approve');
    const paymentId = new URL(paid.location, ORIGIN).searchParams.get('PaymentID')!;
    expect(paymentId).toMatch(/^\d{12,13}$/);
    const expected = { ...JOD, reference: paidSession.reference };
    expect(await provider.completeRedirect({ method: 'knet', paymentId }, expected)).toMatchObject({
      status: 'succeeded',
    });

    const declinedSession = await start('knet');
    const declined = await decide('knet', declinedSession.token, 'decline');
    expect(declined.status).toBe(303);
    const declinedId = new URL(declined.location, ORIGIN).searchParams.get('PaymentID')!;
    expect(
      await provider.completeRedirect(
        { method: 'knet', paymentId: declinedId },
        { ...JOD, reference: declinedSession.reference },
      ),
    ).toEqual({ status: 'failed', code: 'declined', message: 'Your card was declined.' });

    const cancelledSession = await start('knet');
    expect((await decide('knet', cancelledSession.token, 'cancel')).location).toBe(CANCEL);
    expect(
      await provider.completeRedirect({ method: 'knet', paymentId: '123' }, { ...JOD, reference: newReference() }),
    ).toMatchObject({ code: 'processing_error' });
    expect(provider.chargeRecords()).toHaveLength(1);
  });

  it('keeps only same-origin paths or absolute URLs, and adds to an absolute URL’s query', async () => {
    for (const returnUrl of ['javascript:alert(1)', '//evil.example/x', '/\\evil.example', '/\t/evil.example']) {
      await expect(
        provider.startRedirect('paypal', {
          ...JOD,
          reference: 'r',
          returnUrl,
          cancelUrl: CANCEL,
          lang: 'en',
          saveAccount: false,
        }),
      ).rejects.toThrow();
    }
    expect(withParams('https://shop.example/a?b=1#top', { estn: 'x y' })).toBe(
      'https://shop.example/a?b=1&estn=x+y#top',
    );
    expect(withParams('/a', { PaymentID: '1' })).toBe('/a?PaymentID=1');
  });

  it('answers an unknown session or a session of another method with 404', async () => {
    const { token } = await start('paypal');
    expect((await app.request(`/sandbox/sadad/${token}`)).status).toBe(404);
    expect((await app.request('/sandbox/paypal/nothing')).status).toBe(404);
    expect((await post('/sandbox/knet/nothing', { decision: 'approve' })).status).toBe(404);
  });
});

describe('Visa Checkout', () => {
  const lightbox = `${VISA_LIGHTBOX_PATH}?apikey=sandbox-visa-checkout&amount=35.000&currency=JOD`;
  const fields = { apikey: 'sandbox-visa-checkout', amount: '35.000', currency: 'JOD' };

  function dataOf(html: string) {
    const attr = (name: string) => new RegExp(`data-${name}="([^"]*)"`).exec(html)?.[1] ?? '';
    return { callid: attr('callid'), encKey: attr('enc-key'), encPaymentData: attr('enc-payment-data') };
  }

  it('configures the button and the lightbox, and serves an accessible button image', async () => {
    expect(provider.visaCheckoutConfig()).toEqual({
      apiKey: 'sandbox-visa-checkout',
      buttonImageUrl: '/sandbox/visa-checkout/button.svg',
      lightboxUrl: '/sandbox/visa-checkout/lightbox',
    });
    const button = await app.request('/sandbox/visa-checkout/button.svg');
    expect(button.status).toBe(200);
    expect(button.headers.get('content-type')).toBe('image/svg+xml');
    expect(await button.text()).toContain('<title id="title">Visa Checkout</title>');
  });

  it('lists the wallet cards and refuses a wrong API key', async () => {
    const page = await app.request(lightbox);
    expect(page.status).toBe(200);
    const html = await page.text();
    expectCleanPage(html);
    expect(html).toContain(AMOUNT);
    expect(html).toContain('<label for="card-visa">Visa ending in 4242 — Sandbox Buyer, expires 12/2029</label>');
    expect(html).toContain('<label for="card-mastercard">Mastercard ending in 4444');
    expect(html).toContain('>Continue</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).not.toContain('4242424242424242');
    expect((await app.request(lightbox.replace('sandbox-visa-checkout', 'wrong'))).status).toBe(403);
    expect((await post(VISA_LIGHTBOX_PATH, { ...fields, apikey: 'wrong', action: 'continue' })).status).toBe(403);
    expect((await app.request(`${VISA_LIGHTBOX_PATH}?apikey=sandbox-visa-checkout&amount=x&currency=JOD`)).status).toBe(
      400,
    );
  });

  it('hands encrypted payment data that decrypts to the chosen card, and nothing when tampered', async () => {
    const res = await post(VISA_LIGHTBOX_PATH, { ...fields, action: 'continue', card: 'mastercard' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expectCleanPage(html);
    expect(html).toContain('<script type="module" src="/sandbox/assets/visa-checkout.js"></script>');
    expect(html).not.toContain('5555555555554444');
    const data = dataOf(html);
    expect(data.callid).toMatch(/^[0-9a-f]{32}$/);
    expect(Buffer.from(data.encPaymentData, 'base64url').toString('latin1')).not.toContain('5555');

    const decrypted = await provider.decryptVisaCheckout(data.encKey, data.encPaymentData);
    expect(decrypted).toMatchObject({
      verified: true,
      maskedNumber: '************4444',
      imageFileName: 'mastercard',
      systemId: 2,
      first6: '555555',
      last4: '4444',
      expiryDate: '1229',
      name: 'Sandbox Buyer',
    });
    expect(await charge(decrypted!.token)).toMatchObject({ status: 'succeeded' });

    const flipped = `${data.encPaymentData.slice(0, 20)}${data.encPaymentData[20] === 'A' ? 'B' : 'A'}${data.encPaymentData.slice(21)}`;
    expect(await provider.decryptVisaCheckout(data.encKey, flipped)).toBeNull();
    expect(await provider.decryptVisaCheckout(`${data.encKey}x`, data.encPaymentData)).toBeNull();
    expect(await provider.decryptVisaCheckout('x', 'y')).toBeNull();
    const stranger = new SandboxProvider({ clock: () => NOW, secret: 'another-secret' });
    expect(await stranger.decryptVisaCheckout(data.encKey, data.encPaymentData)).toBeNull();

    const visa = dataOf(await (await post(VISA_LIGHTBOX_PATH, { ...fields, action: 'continue', card: 'visa' })).text());
    expect(await provider.decryptVisaCheckout(visa.encKey, visa.encPaymentData)).toMatchObject({
      maskedNumber: '************4242',
      imageFileName: 'visa',
    });
  });

  it('cancels with a page whose script tells the shop', async () => {
    const res = await post(VISA_LIGHTBOX_PATH, { ...fields, action: 'cancel' });
    const html = await res.text();
    expect(html).toContain('data-outcome="cancel"');
    expect(html).toContain('src="/sandbox/assets/visa-checkout.js"');
    const script = await app.request('/sandbox/assets/visa-checkout.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const source = await script.text();
    expect(source).toContain("type: 'visa-checkout-cancel'");
    expect(source).toContain('window.parent.postMessage(message, location.origin)');
  });
});

describe('Peach', () => {
  async function start() {
    const reference = newReference();
    const { checkoutId, html } = await provider.startPeach({ ...JOD, reference, lang: 'en' });
    expect(html).toBe(
      `<iframe src="/sandbox/peach/frame/${checkoutId}" title="Card payment" width="100%" height="480"></iframe>`,
    );
    return { checkoutId, reference, frame: `/sandbox/peach/frame/${checkoutId}` };
  }

  const cardFields = (number: string, name = 'Test Customer') => ({
    name,
    number,
    expiryMonth: '9',
    expiryYear: '2030',
    cvv: cvvFor(number),
  });

  it('takes a card in the frame, posts the id to the page, and charges once', async () => {
    const { checkoutId, reference, frame } = await start();
    const form = await app.request(frame);
    expect(form.status).toBe(200);
    const html = await form.text();
    expectCleanPage(html);
    for (const [id, label] of [
      ['name', 'Name on card'],
      ['number', 'Card number'],
      ['expiry-month', 'Month'],
      ['expiry-year', 'Year'],
      ['cvv', 'Security code'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('<option value="2041">2041</option>');
    expect(html).toContain(`Pay ${AMOUNT}`);

    // Until the card is given in the frame, the checkout is not finished.
    expect(await provider.completePeach(checkoutId, { ...JOD, reference })).toMatchObject({
      code: 'incomplete',
    });

    const accepted = await post(frame, cardFields('4242 4242 4242 4242'));
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe(frame);
    const done = await app.request(frame);
    expect(done.headers.get('content-security-policy')).toContain("script-src 'self'");
    const doneHtml = await done.text();
    expect(doneHtml).toContain(`data-checkout-id="${checkoutId}"`);
    expect(doneHtml).toContain('src="/sandbox/assets/peach.js"');
    const script = await (await app.request('/sandbox/assets/peach.js')).text();
    expect(script).toContain("window.top.postMessage({ type: 'peach', id }, location.origin)");

    expect(await provider.completePeach(checkoutId, { ...JOD, amountMinor: 1, reference })).toMatchObject({
      code: 'processing_error',
    });
    const result = await provider.completePeach(checkoutId, { ...JOD, reference });
    expect(result).toMatchObject({
      status: 'succeeded',
      card: { first6: '424242', last4: '4242', systemId: 1, expiryDate: '0930', name: 'Test Customer' },
    });
    expect(await provider.completePeach(checkoutId, { ...JOD, reference })).toEqual(result);
    expect(provider.chargeRecords()).toEqual([{ reference, ...JOD, token: result.card!.token }]);
    expect(await (await app.request(frame)).text()).toContain('This payment is complete.');
  });

  it('shows a refused card in the form, keeping the name and expiry but not the number or code', async () => {
    const { frame } = await start();
    const res = await post(frame, { ...cardFields('4242424242424241', '<b>Ann</b>'), cvv: '987' });
    expect(res.status).toBe(422);
    const html = await res.text();
    expectCleanPage(html);
    expect(html).toContain('role="alert"');
    expect(html).toContain('The card number is not valid.');
    expect(html).toContain('value="&lt;b&gt;Ann&lt;/b&gt;"');
    expect(html).not.toContain('<b>Ann');
    expect(html).toContain('<option value="9" selected>09</option>');
    expect(html).toContain('<option value="2030" selected>2030</option>');
    expect(html).not.toContain('4242424242424241');
    expect(html).not.toContain('value="987"');
    expect(html).toMatch(/<input id="number"(?![^>]*value=)[^>]*>/);
    expect(html).toMatch(/<input id="cvv"(?![^>]*value=)[^>]*>/);
  });

  it('fails a declined card at completion', async () => {
    const { checkoutId, reference, frame } = await start();
    expect((await post(frame, cardFields('4000000000000002'))).status).toBe(303);
    expect(await provider.completePeach(checkoutId, { ...JOD, reference })).toEqual({
      status: 'failed',
      code: 'declined',
      message: 'Your card was declined.',
    });
    expect(provider.chargeRecords()).toHaveLength(0);
    expect(await provider.completePeach('unknown', { ...JOD, reference: newReference() })).toMatchObject({
      code: 'incomplete',
    });
  });

  it('runs the 3-D Secure challenge inside the frame for the challenge card', async () => {
    const { checkoutId, reference, frame } = await start();
    const submitted = await post(frame, cardFields('4000002760003184'));
    expect(submitted.status).toBe(303);
    const challengePath = submitted.headers.get('location')!;
    expect(challengePath).toMatch(/^\/sandbox\/3ds\/\w+$/);
    expect((await app.request(frame)).headers.get('location')).toBe(challengePath);
    expect(await provider.completePeach(checkoutId, { ...JOD, reference })).toMatchObject({
      code: 'incomplete',
    });
    const passed = await post(challengePath, { decision: 'pass' });
    expect(passed.status).toBe(303);
    expect(passed.headers.get('location')).toBe(frame);
    expect(passed.headers.get('set-cookie')).toBeNull();
    expect(await (await app.request(frame)).text()).toContain(`data-checkout-id="${checkoutId}"`);
    expect(await provider.completePeach(checkoutId, { ...JOD, reference })).toMatchObject({ status: 'succeeded' });

    // A failed challenge brings the form back with the reason.
    const second = await start();
    const challenge = (await post(second.frame, cardFields('4000002760003184'))).headers.get('location')!;
    await post(challenge, { decision: 'fail' });
    const html = await (await app.request(second.frame)).text();
    expect(html).toContain('3-D Secure verification failed.');
    expect(await provider.completePeach(second.checkoutId, { ...JOD, reference: second.reference })).toMatchObject({
      code: 'incomplete',
    });
    expect(provider.chargeRecords()).toHaveLength(1);
  });
});

describe('pages', () => {
  it('refuse a post from another site', async () => {
    const { token } = await provider.startRedirect('paypal', {
      ...JOD,
      reference: newReference(),
      returnUrl: '/back',
      cancelUrl: '/cancel',
      lang: 'en',
      saveAccount: false,
    });
    const path = `/sandbox/paypal/${token}`;
    expect((await post(path, { decision: 'approve' }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(path, { decision: 'approve' }, { origin: 'null' })).status).toBe(403);
    expect((await post(path, { decision: 'approve' }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(provider.redirectSession('paypal', token)?.state).toBe('pending');
    const same = await post(path, { decision: 'approve' }, { 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(303);
  });

  it('carry their own policy, are never cached, and serve their assets with the right types', async () => {
    const html = await pageHtml(await app.request('/sandbox'));
    for (const test of TEST_CARDS) expect(html).toContain(groupCardNumber(test.number));
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'">`,
    );

    const css = await app.request('/sandbox/assets/sandbox.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).not.toMatch(/\b(left|right)\s*:|margin-left|padding-right/);
    expect((await app.request('/sandbox/assets/..%2Fsandbox-pages.ts')).status).toBe(404);
    expect((await app.request('/sandbox/nothing/here')).status).toBe(404);
    expect((await app.request('/sandbox/3ds/x', { method: 'PUT' })).status).toBe(404);
  });
});
