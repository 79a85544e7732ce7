/**
 * Limits on abuse (docs/decisions/030): wrong promo codes per customer and per client address, on every call that
 * takes a code, as failed logins are; link e-mails per requesting address, whatever the recipients. Each answers
 * 429 with Retry-After and lets the caller in again once its window has passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { IDEMPOTENCY_HEADER } from '../../src/lib/api/payments/contract.ts';
import { PROMO_LIMITS } from '../../server/api/payments/payment-steps.ts';
import { LINK_MAIL_ADDRESS_LIMIT } from '../../server/api/users/link-mail.ts';
import { cardTokenRequest } from '../fixtures/card-token.ts';

interface Customer {
  cookie: string;
  guid: string;
}

const MINUTE = 60_000;

async function answerOf(res: Response) {
  const body = (await res.json()) as unknown;
  const error = apiErrorSchema.safeParse(body);
  return {
    status: res.status,
    code: error.success ? error.data.code : undefined,
    retryAfter: Number(res.headers.get('retry-after') ?? 0),
  };
}

describe.each(BACKENDS)('abuse limits on %s', (backend) => {
  let t: TestApp;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const customer = (): Promise<Customer> => t.newCustomer({ countryCode: 'JO' });

  const promo = (who: Customer, code: string, from: string) =>
    t
      .request('/api/v1/account/subscription/applypromo', {
        method: 'POST',
        cookie: who.cookie,
        from,
        body: JSON.stringify({ code, contryCode: 'JO', planId: 2 }),
      })
      .then(answerOf);

  const cardToken = (who: Customer, promoCode: string, from: string, key = `abuse-key-${++keys}`) =>
    t
      .request(`/api/payment/${who.guid}/card/gettoken`, {
        method: 'POST',
        cookie: who.cookie,
        from,
        headers: { [IDEMPOTENCY_HEADER]: key },
        body: JSON.stringify(cardTokenRequest({ promoCode })),
      })
      .then(answerOf);

  describe('wrong promo codes', () => {
    it('stop a customer after 10 unknown codes on every call that takes a code, until the window ends', async () => {
      const who = await customer();
      const from = '198.51.100.21';
      for (let i = 0; i < PROMO_LIMITS.customer.max; i++) {
        expect(await promo(who, `GUESS${i}`, from)).toMatchObject({ status: 400, code: 'PROMO_UNKNOWN' });
      }
      const stopped = await promo(who, 'WELCOME10', from);
      expect(stopped).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
      expect(stopped.retryAfter).toBeGreaterThan(0);
      expect(stopped.retryAfter).toBeLessThanOrEqual(PROMO_LIMITS.customer.windowSeconds);
      // The customer, from anywhere, and through the payment calls too: the limit can't be gone around.
      expect((await promo(who, 'WELCOME10', '198.51.100.99')).status).toBe(429);
      const key = 'abuse-key-kept';
      const token = await cardToken(who, 'WELCOME10', from, key);
      expect(token).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
      expect(token.retryAfter).toBeGreaterThan(0);
      // Paying without a code is not limited, and another customer at the same address is not stopped.
      expect((await cardToken(who, '', from)).status).toBe(200);
      expect((await promo(await customer(), 'WELCOME10', from)).status).toBe(200);

      t.advance(PROMO_LIMITS.customer.windowSeconds * 1000 + MINUTE);
      expect(await promo(who, 'WELCOME10', from)).toMatchObject({ status: 200 });
      // The refused payment call did not keep its key: the same key now runs.
      expect((await cardToken(who, 'WELCOME10', from, key)).status).toBe(200);
    });

    it('stop an address after 30 unknown codes, whichever customers sent them; codes that exist do not count', async () => {
      const from = '198.51.100.22';
      const perCustomer = PROMO_LIMITS.customer.max - 1;
      let sent = 0;
      let last: Customer | undefined;
      while (sent < PROMO_LIMITS.address.max) {
        last = await customer();
        for (let i = 0; i < perCustomer && sent < PROMO_LIMITS.address.max; i++, sent++) {
          expect((await promo(last, `ADDR${sent}`, from)).code).toBe('PROMO_UNKNOWN');
        }
      }
      // A customer with no wrong code of their own is stopped at this address, and only here.
      const fresh = await customer();
      expect(await promo(fresh, 'WELCOME10', from)).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
      expect((await promo(fresh, 'WELCOME10', '198.51.100.23')).status).toBe(200);

      // An ended code is a code that exists: the customer is told so as often as they ask.
      const expired = await customer();
      for (let i = 0; i < PROMO_LIMITS.customer.max + 2; i++) {
        expect((await promo(expired, 'SUMMER25', '198.51.100.24')).code).toBe('PROMO_EXPIRED');
      }
      t.advance(PROMO_LIMITS.address.windowSeconds * 1000 + MINUTE);
    });
  });

  describe('link e-mails', () => {
    const ask = (path: string, email: string, from: string, body?: string) =>
      t
        .request(`/api/users/${path}`, {
          method: 'POST',
          from,
          body: body ?? JSON.stringify({ email, langCode: 'en' }),
        })
        .then(answerOf);
    const resetMails = async () => {
      const res = await t.request('/dev/outbox.json?to=demo@example.com&kind=reset-password');
      return ((await res.json()) as { emails: unknown[] }).emails.length;
    };

    it('are limited per requesting address, whatever the recipients, before the body is read', async () => {
      const from = '198.51.100.31';
      for (let i = 0; i < LINK_MAIL_ADDRESS_LIMIT.max; i++) {
        const path = i % 2 ? 'SendActivationEmail' : 'SendForgottenPasswordEmail';
        expect(await ask(path, `stranger${i}@example.com`, from)).toMatchObject({ status: 200 });
      }
      const before = await resetMails();
      const stopped = await ask('SendForgottenPasswordEmail', 'demo@example.com', from);
      expect(stopped).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
      expect(stopped.retryAfter).toBeGreaterThan(0);
      expect(stopped.retryAfter).toBeLessThanOrEqual(LINK_MAIL_ADDRESS_LIMIT.windowSeconds);
      expect((await ask('SendActivationEmail', 'deactivated@example.com', from)).status).toBe(429);
      expect((await ask('SendActivationEmail', '', from, 'not json')).status).toBe(429);
      expect(await resetMails()).toBe(before);

      // Another address is not affected, and the mail goes out.
      expect((await ask('SendForgottenPasswordEmail', 'demo@example.com', '198.51.100.32')).status).toBe(200);
      expect(await resetMails()).toBe(before + 1);

      t.advance(LINK_MAIL_ADDRESS_LIMIT.windowSeconds * 1000 + MINUTE);
      expect((await ask('SendForgottenPasswordEmail', 'demo@example.com', from)).status).toBe(200);
      expect(await resetMails()).toBe(before + 2);
    });
  });
});
