/**
 * Two real API processes on one PostgreSQL database (docs/decisions/023), spoken to over HTTP as a load balancer
 * would: started together against an empty database (one migrates and seeds, the other waits), they share
 * sessions, idempotency keys and rate-limit counters, report ready, and stop cleanly on SIGTERM.
 *
 * It creates a database of its own on the PostgreSQL server TEST_DATABASE_URL names: the machine's (`.ci/run`
 * sets it when one answers on 127.0.0.1:5432), or the embedded one the API tests start without it
 * (tests/api/postgres-global-setup.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../server/api/account/login.ts';
import { DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { loginResponseSchema } from '../../src/lib/api/session/contract.ts';
import { accountSessionsSchema } from '../../src/lib/api/sessions/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import {
  IDEMPOTENCY_HEADER,
  membershipStateSchema,
  paymentResultSchema,
  tokenResponseSchema,
} from '../../src/lib/api/payments/contract.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';
import { cardTokenRequest } from '../fixtures/card-token.ts';
import { STARTUP_TIMEOUT_MS, startPair, type Instance, type ProcessPair } from './api-processes.ts';

/** A call as the site's pages make it: same-origin, JSON, the session cookie if any. */
function call(
  instance: Instance,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('sec-fetch-site', 'same-origin');
  // State-changing calls carry the page's origin: the origin of the process called, as behind one host name.
  if (method !== 'GET') headers.set('origin', instance.origin);
  if (options.cookie) headers.set('cookie', options.cookie);
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${instance.origin}${path}`, {
    method,
    headers,
    redirect: 'manual',
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

const sessionCookie = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '')[0] ?? '';

const login = (instance: Instance, email: string, password = DEMO_PASSWORD) =>
  call(instance, 'POST', '/api/account/login', { body: { email, password } });

describe('two API processes on one PostgreSQL database', () => {
  let pair: ProcessPair;
  let uploadDir: string;
  let a: Instance;
  let b: Instance;
  let sql: pg.Client;

  beforeAll(async () => {
    // One upload folder for both, as a shared volume would be.
    uploadDir = mkdtempSync(join(tmpdir(), 'scaleout-uploads-'));
    // Both at once against the empty database: the startup lock lets one migrate and seed while the other waits.
    pair = await startPair('scaleout', { UPLOAD_DIR: uploadDir, SHUTDOWN_DELAY_SECONDS: '1' });
    ({ a, b } = pair);
    sql = new pg.Client({ connectionString: pair.scratch.url });
    await sql.connect();
  }, STARTUP_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    await sql?.end();
    await pair?.stop();
    if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
  });

  it('both started against one empty database: migrated and seeded once, both ready', async () => {
    for (const instance of [a, b]) {
      const res = await call(instance, 'GET', '/api/health/ready');
      expect([res.status, await res.json(), res.headers.get('cache-control')]).toEqual([
        200,
        { status: 'ready' },
        'no-store',
      ]);
      expect((await call(instance, 'GET', '/api/health/live')).status).toBe(200);
      expect(instance.output(), `${instance.name} logged`).not.toMatch(/"level":(50|60)/);
    }
    const people = await sql.query<{ n: number }>(
      "select count(*)::int as n from users where email like '%@example.com'",
    );
    expect(people.rows[0]?.n).toBe(6);
    const migrations = await sql.query<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct hash)::int as distinct from public.__drizzle_migrations',
    );
    expect(migrations.rows[0]?.n).toBe(migrations.rows[0]?.distinct);
  });

  it('shares sessions: logged in on A, known on B; logged out on B, refused on A', async () => {
    const res = await login(a, 'demo@example.com');
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/^sid=.+/);
    const { userGuid } = loginResponseSchema.parse(await res.json());

    const onB = await call(b, 'GET', '/api/account/GetCustomerDetails', { cookie });
    expect(onB.status).toBe(200);
    expect(loginResponseSchema.parse(await onB.json())).toMatchObject({ email: 'demo@example.com', userGuid });

    const out = await call(b, 'POST', '/api/account/logout', { cookie });
    expect(out.status).toBe(204);
    expect((await call(a, 'GET', '/api/account/GetCustomerDetails', { cookie })).status).toBe(401);
    expect((await call(b, 'GET', '/api/account/GetCustomerDetails', { cookie })).status).toBe(401);
  });

  it("lists the account's sessions and logs one out from either process: logged in on A, listed and ended on B", async () => {
    const phone = sessionCookie(await login(a, 'demo@example.com'));
    const laptopRes = await login(b, 'demo@example.com');
    const laptop = sessionCookie(laptopRes);
    const { userGuid } = loginResponseSchema.parse(await laptopRes.json());
    const listed = async (instance: Instance, cookie: string) => {
      const res = await call(instance, 'GET', `/api/v1/account/${userGuid}/sessions`, { cookie });
      expect(res.status).toBe(200);
      return accountSessionsSchema.parse(await res.json());
    };
    const phoneId = (await listed(a, phone)).find((s) => s.current)!.id;
    expect((await listed(b, laptop)).map((s) => s.id)).toContain(phoneId);
    const ended = await call(b, 'DELETE', `/api/v1/account/${userGuid}/sessions/${phoneId}`, { cookie: laptop });
    expect(ended.status).toBe(200);
    expect((await call(a, 'GET', '/api/account/GetCustomerDetails', { cookie: phone })).status).toBe(401);
    expect((await listed(a, laptop)).map((s) => s.id)).not.toContain(phoneId);
  });

  it('finishes a passkey ceremony on the other process: added through A and B, logged in through B and A', async () => {
    const created = await call(a, 'POST', '/dev/customers', { body: {} });
    const { email } = (await created.json()) as { email: string };
    const loginRes = await login(a, email);
    const cookie = sessionCookie(loginRes);
    const { userGuid } = loginResponseSchema.parse(await loginRes.json());
    // Each process is its own origin here (its port), with the same host: the relying party both check, and the
    // origin each answer is signed for is that of the process it goes to (behind one host name, the same one).
    expect(
      (await call(b, 'POST', '/api/users/AuthenticateUser', { cookie, body: { email, password: DEMO_PASSWORD } }))
        .status,
    ).toBe(200);
    const options = await call(a, 'POST', `/api/v1/account/${userGuid}/passkeys/options`, { cookie });
    expect(options.status).toBe(200);
    const authenticator = new SoftAuthenticator();
    const response = authenticator.register(
      (await options.json()) as Parameters<SoftAuthenticator['register']>[0],
      b.origin,
    );
    const added = await call(b, 'POST', `/api/v1/account/${userGuid}/passkeys`, {
      cookie,
      body: { name: 'Phone', response },
    });
    expect(added.status).toBe(201);

    const loginOptions = await call(b, 'POST', '/api/v1/session/passkey/options');
    const answer = authenticator.authenticate((await loginOptions.json()) as { challenge: string }, a.origin);
    const onA = await call(a, 'POST', '/api/v1/session/passkey', { body: { response: answer } });
    expect(onA.status).toBe(200);
    expect(loginResponseSchema.parse(await onA.json()).userGuid).toBe(userGuid);
    // The same answer on the other process: its challenge was used up on A.
    const replayed = await call(b, 'POST', '/api/v1/session/passkey', { body: { response: answer } });
    expect(replayed.status).toBe(401);
  });

  it('shares idempotency keys: a payment sent to A and again to B is charged once, B replays A’s answer', async () => {
    const made = await call(a, 'POST', '/dev/customers', { body: { countryCode: 'JO' } });
    expect(made.status).toBe(200);
    const { email, guid } = (await made.json()) as { email: string; guid: string };
    // Logged in on B, then used on A and B alike: the session is the database's.
    const logged = await login(b, email);
    expect(logged.status).toBe(200);
    const cookie = sessionCookie(logged);

    // The card token comes from B's sandbox; A charges it (the token is signed with the secret both share).
    const prepared = await call(b, 'POST', `/api/payment/${guid}/card/gettoken`, {
      cookie,
      headers: { [IDEMPOTENCY_HEADER]: 'scaleout-token-0001' },
      body: cardTokenRequest({ url: `${b.origin}/en/account/membership-payment` }),
    });
    expect(prepared.status).toBe(200);
    const token = tokenResponseSchema.parse(await prepared.json());
    expect(token.status).toBe(1);

    const pay = (instance: Instance, key: string) =>
      call(instance, 'POST', '/api/v1/account/subscription/payUsingNewCard', {
        cookie,
        headers: { [IDEMPOTENCY_HEADER]: key },
        body: { planId: 2, id: token.token, allowAutoRenewal: true },
      });
    const first = await pay(a, 'scaleout-pay-0001');
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const result = paymentResultSchema.parse(await first.json());
    expect(result).toMatchObject({ statusId: 1, planId: 2, amount: 35, currencyCode: 'JOD' });
    expect(result.orderNumber).toBeTruthy();

    const again = await pay(b, 'scaleout-pay-0001');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(result);

    // One paid order in the database, and the customer's plan as that one payment left it.
    const orders = await sql.query<{ state: string }>('select state from payment_orders where user_guid = $1', [guid]);
    expect(orders.rows.map((r) => r.state)).toEqual(['paid']);
    const membership = await call(a, 'GET', `/api/v1/account/${guid}/membership`, { cookie });
    expect(membershipStateSchema.parse(await membership.json()).current).toMatchObject({
      planId: 2,
      expiryDate: result.planExpiryDate,
    });
    // The same key with another body is refused on either process.
    const reused = await call(a, 'POST', '/api/v1/account/subscription/payUsingNewCard', {
      cookie,
      headers: { [IDEMPOTENCY_HEADER]: 'scaleout-pay-0001' },
      body: { planId: 2, id: token.token, allowAutoRenewal: false },
    });
    expect(reused.status).toBe(422);
  });

  it('shares rate limits: failed logins alternating between A and B are stopped at the same count as on one', async () => {
    const { max } = LOGIN_LIMITS.pair;
    /** The failures answered 401 before the first 429, sending attempt i to `pick(i)`. */
    async function failuresBeforeLimit(email: string, pick: (i: number) => Instance) {
      for (let i = 0; i < max + 1; i++) {
        const res = await login(pick(i), email, 'not-the-password-1');
        if (res.status === 429) {
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(apiErrorSchema.parse(await res.json()).code).toBe('TOO_MANY_ATTEMPTS');
          return i;
        }
        expect([res.status, apiErrorSchema.parse(await res.json()).code]).toEqual([401, 'AE002']);
      }
      return max + 1;
    }
    const alone = await failuresBeforeLimit('guesser-one@example.com', () => a);
    const together = await failuresBeforeLimit('guesser-two@example.com', (i) => (i % 2 === 0 ? a : b));
    expect(alone).toBe(max);
    expect(together).toBe(max);
    // The account is locked for this address on both processes, even with the right password.
    expect((await login(b, 'guesser-two@example.com', DEMO_PASSWORD)).status).toBe(429);
  });

  it('on SIGTERM: not ready at once, still answering the requests it gets, then exits cleanly', async () => {
    // A login takes a moment (scrypt): sent as the signal arrives, it is answered.
    const inFlight = login(b, 'demo@example.com');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(b.child.kill('SIGTERM')).toBe(true);

    // The signal arrives a moment after kill() returns: ask until it has (well within the one-second delay).
    let ready = await call(b, 'GET', '/api/health/ready');
    for (let i = 0; i < 20 && ready.status === 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      ready = await call(b, 'GET', '/api/health/ready');
    }
    expect([ready.status, await ready.json(), ready.headers.get('cache-control')]).toEqual([
      503,
      { status: 'unavailable', reason: 'shutting down' },
      'no-store',
    ]);
    expect((await call(b, 'GET', '/api/health/live')).status).toBe(200);
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    const cookie = sessionCookie(answered);

    expect(await b.exited).toEqual({ code: 0, signal: null });
    await expect(fetch(`${b.origin}/api/health/live`)).rejects.toThrow();
    // A serves on, and the session made on B a moment before it stopped is valid there.
    expect((await call(a, 'GET', '/api/health/ready')).status).toBe(200);
    expect((await call(a, 'GET', '/api/account/GetCustomerDetails', { cookie })).status).toBe(200);

    a.child.kill('SIGTERM');
    expect(await a.exited).toEqual({ code: 0, signal: null });
    expect(a.output() + b.output()).not.toMatch(/"level":(50|60)/);
  });
});
