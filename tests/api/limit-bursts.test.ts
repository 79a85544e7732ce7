/**
 * Limits that hold under bursts (issue 29; docs/decisions/044): every limit counts and decides each attempt in one
 * statement, so of many requests sent at the same moment exactly the limit's number pass, on PGlite and PostgreSQL,
 * in one API process and across two. A login attempt is counted before its password is checked: a burst of guesses
 * has at most the limit's number of passwords checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { LOGIN_LIMITS } from '../../server/api/account/login.ts';
import { TRACKING_LIMIT } from '../../server/api/tracking/tracking.routes.ts';
import { CLAIM_LOOKUP_LIMIT } from '../../server/api/account-home/claims.routes.ts';
import { SIGNUP_LIMITS } from '../../server/api/signup/signup.routes.ts';
import { LINK_MAIL_ADDRESS_LIMIT, LINK_MAIL_LIMIT } from '../../server/api/users/link-mail.ts';
import { PROMO_LIMITS } from '../../server/api/payments/payment-steps.ts';
import { CHANGE_PASSWORD_LIMIT } from '../../server/api/users/users.routes.ts';
import { DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { signupForm } from '../fixtures/signup-form.ts';
import { startPair, STARTUP_TIMEOUT_MS, type Instance, type ProcessPair } from './api-processes.ts';

/** Requests sent at once at each limit: 50, or more where the limit itself is higher. */
const burstOf = (max: number) => Math.max(50, max + 20);

/** Sends `n` requests at the same moment; answers each one's status and error code. */
async function burst(n: number, send: (i: number) => Promise<Response>) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const res = await send(i);
      const body = (await res.json().catch(() => null)) as unknown;
      const error = apiErrorSchema.safeParse(body);
      return { status: res.status, code: error.success ? error.data.code : undefined };
    }),
  );
}

/** How many answers had each outcome: refused by the limit (429) and the rest by status and code. */
function tally(answers: { status: number; code: string | undefined }[]) {
  const limited = answers.filter((a) => a.status === 429);
  for (const a of limited) expect(a.code).toBe('TOO_MANY_ATTEMPTS');
  return { limited: limited.length, passed: answers.length - limited.length, answers };
}

const outcomes = (answers: { status: number; code: string | undefined }[]) =>
  [...new Set(answers.filter((a) => a.status !== 429).map((a) => `${a.status} ${a.code ?? ''}`.trim()))].sort();

describe.each(BACKENDS)('limits under bursts on %s', (backend) => {
  let t: TestApp;
  let address = 0;
  /** An address of its own for each burst, so limits don't meet. */
  const from = () => `198.19.${Math.floor(++address / 250)}.${address % 250}`;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, at: string) =>
    t.request('/api/account/login', { method: 'POST', from: at, body: JSON.stringify({ email, password }) });

  it(`checks ${LOGIN_LIMITS.pair.max} of ${burstOf(LOGIN_LIMITS.pair.max)} wrong passwords sent at once for one account from one address`, async () => {
    const { email } = await t.newCustomer();
    const at = from();
    const { limited, passed, answers } = tally(
      await burst(burstOf(LOGIN_LIMITS.pair.max), () => login(email, 'not-the-password-1', at)),
    );
    expect({ passed, limited }).toEqual({
      passed: LOGIN_LIMITS.pair.max,
      limited: burstOf(LOGIN_LIMITS.pair.max) - LOGIN_LIMITS.pair.max,
    });
    expect(outcomes(answers)).toEqual(['401 AE002']);
    // The right password from that address waits too; from another address it opens the account.
    expect((await login(email, DEMO_PASSWORD, at)).status).toBe(429);
  }, 60_000);

  it(`checks ${LOGIN_LIMITS.address.max} logins sent at once from one address to many accounts`, async () => {
    const at = from();
    const n = burstOf(LOGIN_LIMITS.address.max);
    const { limited, passed, answers } = tally(
      await burst(n, (i) => login(`nobody-${address}-${i}@example.com`, 'not-the-password-1', at)),
    );
    expect({ passed, limited }).toEqual({ passed: LOGIN_LIMITS.address.max, limited: n - LOGIN_LIMITS.address.max });
    expect(outcomes(answers)).toEqual(['401 AE002']);
  }, 90_000);

  it(`lets ${LOGIN_LIMITS.account.max} guesses at once at one account from addresses that failed on it, and never locks out a clean address`, async () => {
    const customer = await t.newCustomer();
    const guessers = Array.from({ length: 25 }, from);
    // Each guessing address fails once, then the account's window (shorter than the pair's) passes.
    for (const at of guessers) expect((await login(customer.email, 'not-the-password-1', at)).status).toBe(401);
    t.advance(LOGIN_LIMITS.account.windowSeconds * 1000 + 1000);
    const n = 50;
    const { limited, passed, answers } = tally(
      await burst(n, (i) => login(customer.email, 'not-the-password-2', guessers[i % guessers.length]!)),
    );
    expect({ passed, limited }).toEqual({ passed: LOGIN_LIMITS.account.max, limited: n - LOGIN_LIMITS.account.max });
    expect(outcomes(answers)).toEqual(['401 AE002']);
    const victim = await login(customer.email, DEMO_PASSWORD, from());
    expect(victim.status).toBe(200);
    t.advance(LOGIN_LIMITS.pair.windowSeconds * 1000);
  }, 120_000);

  it(`answers ${TRACKING_LIMIT.max} of ${burstOf(TRACKING_LIMIT.max)} public tracking look-ups sent at once from one address`, async () => {
    const at = from();
    const n = burstOf(TRACKING_LIMIT.max);
    const { limited, passed } = tally(
      await burst(n, (i) => t.request(`/api/tracking/${i % 2 ? 'SB9000100' : `SB${8_200_000 + i}`}`, { from: at })),
    );
    expect({ passed, limited }).toEqual({ passed: TRACKING_LIMIT.max, limited: n - TRACKING_LIMIT.max });
  });

  it(`answers ${CLAIM_LOOKUP_LIMIT.max} claim look-ups of one customer sent at once`, async () => {
    const customer = await t.newCustomer();
    const n = burstOf(CLAIM_LOOKUP_LIMIT.max);
    const { limited, passed, answers } = tally(
      await burst(n, (i) =>
        t.request(`/api/tracking//NYC/GetByShipmentByFAWB/TBA5129${String(i).padStart(5, '0')}`, {
          cookie: customer.cookie,
          from: from(),
        }),
      ),
    );
    expect({ passed, limited }).toEqual({ passed: CLAIM_LOOKUP_LIMIT.max, limited: n - CLAIM_LOOKUP_LIMIT.max });
    expect(outcomes(answers)).toEqual(['404 NOT_FOUND']);
  });

  it(`lets ${SIGNUP_LIMITS.signup.max} signups sent at once from one address reach the checks`, async () => {
    const at = from();
    const n = burstOf(SIGNUP_LIMITS.signup.max);
    // An e-mail that has an account: each signup that reaches the checks is refused there, and none is created.
    const { limited, passed, answers } = tally(
      await burst(n, () =>
        t.request('/api/signup', {
          method: 'POST',
          from: at,
          body: JSON.stringify(signupForm({ email: 'demo@example.com' })),
        }),
      ),
    );
    expect({ passed, limited }).toEqual({ passed: SIGNUP_LIMITS.signup.max, limited: n - SIGNUP_LIMITS.signup.max });
    expect(outcomes(answers).every((o) => o.startsWith('4'))).toBe(true);
  });

  it(`answers ${SIGNUP_LIMITS.check.max} e-mail checks sent at once from one address`, async () => {
    const at = from();
    const n = burstOf(SIGNUP_LIMITS.check.max);
    const { limited, passed, answers } = tally(
      await burst(n, (i) =>
        t.request('/api/signup/check', { method: 'POST', from: at, body: JSON.stringify(`free.${i}@example.com`) }),
      ),
    );
    expect({ passed, limited }).toEqual({ passed: SIGNUP_LIMITS.check.max, limited: n - SIGNUP_LIMITS.check.max });
    expect(outcomes(answers)).toEqual(['200']);
  });

  it(`sends ${LINK_MAIL_LIMIT.max} reset e-mails for one account of a burst from many addresses, and answers ${LINK_MAIL_ADDRESS_LIMIT.max} requests of one address`, async () => {
    const { email } = await t.newCustomer();
    const mails = async () => {
      const res = await t.request(`/dev/outbox.json?to=${encodeURIComponent(email)}&kind=reset-password`);
      return ((await res.json()) as { emails: unknown[] }).emails.length;
    };
    const ask = (at: string) =>
      t.request('/api/users/SendForgottenPasswordEmail', {
        method: 'POST',
        from: at,
        body: JSON.stringify({ email, langCode: 'en' }),
      });
    const spread = tally(await burst(50, () => ask(from())));
    expect(spread.limited).toBe(0);
    expect(await mails()).toBe(LINK_MAIL_LIMIT.max);

    const at = from();
    const n = burstOf(LINK_MAIL_ADDRESS_LIMIT.max);
    const { limited, passed } = tally(await burst(n, () => ask(at)));
    expect({ passed, limited }).toEqual({
      passed: LINK_MAIL_ADDRESS_LIMIT.max,
      limited: n - LINK_MAIL_ADDRESS_LIMIT.max,
    });
  });

  it(`looks up ${PROMO_LIMITS.customer.max} unknown promo codes of one customer sent at once`, async () => {
    const customer = await t.newCustomer({ countryCode: 'JO' });
    const n = burstOf(PROMO_LIMITS.customer.max);
    const { limited, passed, answers } = tally(
      await burst(n, (i) =>
        t.request('/api/v1/account/subscription/applypromo', {
          method: 'POST',
          cookie: customer.cookie,
          from: from(),
          body: JSON.stringify({ code: `NOPE${i}`, contryCode: 'JO', planId: 2 }),
        }),
      ),
    );
    expect({ passed, limited }).toEqual({ passed: PROMO_LIMITS.customer.max, limited: n - PROMO_LIMITS.customer.max });
    expect(outcomes(answers)).toHaveLength(1);
  });

  it(`checks ${CHANGE_PASSWORD_LIMIT.max} current passwords of a burst of password changes`, async () => {
    const customer = await t.newCustomer();
    const n = burstOf(CHANGE_PASSWORD_LIMIT.max);
    const { limited, passed, answers } = tally(
      await burst(n, () =>
        t.send('POST', `/api/users/${customer.guid}/changePassword`, customer, {
          oldPassword: 'not-the-password-1',
          newPassword: 'Another!2345',
        }),
      ),
    );
    expect({ passed, limited }).toEqual({
      passed: CHANGE_PASSWORD_LIMIT.max,
      limited: n - CHANGE_PASSWORD_LIMIT.max,
    });
    expect(outcomes(answers)).toHaveLength(1);
  }, 60_000);
});

describe('limits under bursts across two API processes (PostgreSQL)', () => {
  let pair: ProcessPair;
  let address = 0;
  const from = () => `198.19.200.${++address}`;
  const on = (i: number): Instance => (i % 2 ? pair.b : pair.a);

  beforeAll(async () => {
    pair = await startPair('limit_bursts', { TRUST_PROXY: '1' });
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => pair?.stop());

  const post = (instance: Instance, path: string, body: unknown, at: string) =>
    fetch(`${instance.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: instance.origin, 'x-forwarded-for': at },
      body: JSON.stringify(body),
    });

  it(`checks ${LOGIN_LIMITS.pair.max} wrong passwords of a burst split between the processes`, async () => {
    const at = from();
    const n = burstOf(LOGIN_LIMITS.pair.max);
    const { limited, passed, answers } = tally(
      await burst(n, (i) =>
        post(on(i), '/api/account/login', { email: 'demo@example.com', password: 'not-the-password-1' }, at),
      ),
    );
    expect({ passed, limited }).toEqual({ passed: LOGIN_LIMITS.pair.max, limited: n - LOGIN_LIMITS.pair.max });
    expect(outcomes(answers)).toEqual(['401 AE002']);
  }, 60_000);

  it(`answers ${TRACKING_LIMIT.max} public tracking look-ups of a burst from one address split between the processes`, async () => {
    const at = from();
    const n = burstOf(TRACKING_LIMIT.max);
    const { limited, passed } = tally(
      await burst(n, (i) =>
        fetch(`${on(i).origin}/api/tracking/SB${8_300_000 + i}`, { headers: { 'x-forwarded-for': at } }),
      ),
    );
    expect({ passed, limited }).toEqual({ passed: TRACKING_LIMIT.max, limited: n - TRACKING_LIMIT.max });
  });
});
