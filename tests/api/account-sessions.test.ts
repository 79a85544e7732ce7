/**
 * The customer's sessions (issue 25, scope 2): GET api/v1/account/{guid}/sessions lists the live ones with the
 * device and country each was opened from and which is this device's; DELETE …/sessions/{id} logs one out and
 * DELETE …/sessions every one but this device's; another customer's guid is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { accountSessionsSchema } from '../../src/lib/api/sessions/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const MINUTE_MS = 60_000;

interface Session {
  cookie: string;
  guid: string;
}

describe.each(BACKENDS)('account sessions on %s', (backend) => {
  let t: TestApp;
  let email: string;
  let other: Session;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ email } = await t.newCustomer());
    other = await t.login('demo@example.com');
  });
  afterAll(() => t.close());

  /** Logs the customer in from a device. */
  const logIn = async (userAgent: string, from: string): Promise<Session> => {
    const res = await t.request('/api/account/login', {
      method: 'POST',
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      headers: { 'user-agent': userAgent },
      from,
    });
    if (res.status !== 200) throw new Error(`login answered ${res.status} ${await res.text()}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    return { cookie, guid: ((await res.json()) as { userGuid: string }).userGuid };
  };
  const sessionsOf = async (as: Session) => {
    const res = await t.request(`/api/v1/account/${as.guid}/sessions`, { cookie: as.cookie });
    expect(res.status).toBe(200);
    return accountSessionsSchema.parse(await res.json());
  };
  const isLoggedIn = async (as: Session) =>
    (await t.request(`/api/v1/account/${as.guid}/sessions`, { cookie: as.cookie })).status === 200;

  it('lists each live session with its device, country and times, this device marked, the latest first', async () => {
    const phone = await logIn(PHONE, '203.0.113.20');
    t.advance(2 * MINUTE_MS);
    const laptop = await logIn(LAPTOP, '203.0.113.21');
    const seen = await sessionsOf(laptop);
    const mine = seen.filter((s) => s.browser !== null);
    expect(mine.slice(0, 2)).toMatchObject([
      { browser: 'Safari', system: 'macOS', current: true },
      { browser: 'Chrome', system: 'Android', current: false },
    ]);
    expect(Date.parse(mine[0]!.createdAt) - Date.parse(mine[1]!.createdAt)).toBe(2 * MINUTE_MS);
    // The phone sees the same sessions, itself marked.
    expect((await sessionsOf(phone)).find((s) => s.current)?.browser).toBe('Chrome');
    // Never the cookie, nor its hash.
    const body = JSON.stringify(seen);
    expect(body).not.toContain(laptop.cookie.split('=')[1]);
  });

  it('logs one session out: its cookie stops working at once, the others go on', async () => {
    const phone = await logIn(PHONE, '203.0.113.22');
    const laptop = await logIn(LAPTOP, '203.0.113.23');
    const phoneId = (await sessionsOf(phone)).find((s) => s.current)!.id;
    const res = await t.request(`/api/v1/account/${laptop.guid}/sessions/${phoneId}`, {
      method: 'DELETE',
      cookie: laptop.cookie,
    });
    expect(res.status).toBe(200);
    const left = accountSessionsSchema.parse(await res.json());
    expect(left.map((s) => s.id)).not.toContain(phoneId);
    expect(await isLoggedIn(phone)).toBe(false);
    expect(await isLoggedIn(laptop)).toBe(true);
    // Gone already: 404.
    const again = await t.request(`/api/v1/account/${laptop.guid}/sessions/${phoneId}`, {
      method: 'DELETE',
      cookie: laptop.cookie,
    });
    expect(again.status).toBe(404);
  });

  it('logs out everywhere else, keeping this device', async () => {
    const a = await logIn(PHONE, '203.0.113.24');
    const b = await logIn(PHONE, '203.0.113.25');
    const here = await logIn(LAPTOP, '203.0.113.26');
    const res = await t.request(`/api/v1/account/${here.guid}/sessions`, { method: 'DELETE', cookie: here.cookie });
    expect(res.status).toBe(200);
    const left = accountSessionsSchema.parse(await res.json());
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, browser: 'Safari' });
    expect(await isLoggedIn(a)).toBe(false);
    expect(await isLoggedIn(b)).toBe(false);
    expect(await isLoggedIn(here)).toBe(true);
  });

  it("refuses another customer's sessions (403) and a stranger's session id (404); needs a session (401)", async () => {
    const here = await logIn(LAPTOP, '203.0.113.27');
    const mineId = (await sessionsOf(here)).find((s) => s.current)!.id;
    const foreign = await t.request(`/api/v1/account/${other.guid}/sessions`, { cookie: here.cookie });
    expect(foreign.status).toBe(403);
    const theirs = (await sessionsOf(other))[0]!.id;
    const ending = await t.request(`/api/v1/account/${here.guid}/sessions/${theirs}`, {
      method: 'DELETE',
      cookie: here.cookie,
    });
    expect([ending.status, apiErrorSchema.parse(await ending.json()).code]).toEqual([404, 'NOT_FOUND']);
    expect(await isLoggedIn(other)).toBe(true);
    const endingMineAsOther = await t.request(`/api/v1/account/${here.guid}/sessions/${mineId}`, {
      method: 'DELETE',
      cookie: other.cookie,
    });
    expect(endingMineAsOther.status).toBe(403);
    expect((await t.request(`/api/v1/account/${here.guid}/sessions`)).status).toBe(401);
    const badId = await t.request(`/api/v1/account/${here.guid}/sessions/not-an-id`, {
      method: 'DELETE',
      cookie: here.cookie,
    });
    expect(badId.status).toBe(400);
  });
});
