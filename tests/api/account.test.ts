import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { BACKENDS, cookieOf, createTestApp, type TestApp } from './harness.ts';
import { DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { loginResponseSchema } from '../../src/lib/api/session/contract.ts';
import { profileSchema } from '../../src/lib/api/customers/contract.ts';
import { activateAccount } from '../../src/lib/api/users/contract.ts';
import { honoPath } from '../../server/api/router.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { outboxEmails } from '../../server/db/schema.ts';

const MINUTE = 60_000;

describe.each(BACKENDS)('account API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown, init: { cookie?: string; from?: string } = {}) =>
    t.request(path, { method: 'POST', body: JSON.stringify(body), ...init });
  const details = (cookie: string) => t.request('/api/account/GetCustomerDetails', { cookie });

  describe('login', () => {
    it('answers the login response and sets an HttpOnly, SameSite=Lax session cookie', async () => {
      const res = await post('/api/account/login', { email: 'Demo@Example.com ', password: DEMO_PASSWORD });
      expect(res.status).toBe(200);
      const body = loginResponseSchema.parse(await res.json());
      expect(body).toMatchObject({ email: 'demo@example.com', hasMailboxes: true, planId: 2, paymentMethod: 1 });
      const [cookie] = res.headers.getSetCookie();
      expect(cookie).toMatch(/^sid=[\w-]{40,};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/);
    });

    it('uses a Secure __Host- cookie over https', async () => {
      const res = await post('/api/account/login', { email: 'demo@example.com', password: DEMO_PASSWORD }, {});
      expect(res.status).toBe(200);
      const https = await t.app.request('/api/account/login', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '198.51.100.7',
        },
        body: JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD }),
      });
      const [cookie] = https.headers.getSetCookie();
      expect(cookie).toMatch(/^__Host-sid=/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).not.toMatch(/Domain=/);
    });

    it('gives a new session id at every login and ends the one the browser had', async () => {
      const first = await t.login('demo@example.com');
      const second = await post(
        '/api/account/login',
        { email: 'demo@example.com', password: DEMO_PASSWORD },
        { cookie: first.cookie },
      );
      const rotated = cookieOf(second);
      expect(rotated).toBeDefined();
      expect(rotated).not.toBe(first.cookie);
      expect((await details(first.cookie)).status).toBe(401);
      expect((await details(rotated ?? '')).status).toBe(200);
    });

    it('refuses wrong passwords and unknown e-mails alike with AE002', async () => {
      const wrong = await post(
        '/api/account/login',
        { email: 'demo@example.com', password: 'Nope!2345' },
        { from: '192.0.2.1' },
      );
      const unknown = await post(
        '/api/account/login',
        { email: 'nobody@example.com', password: 'Nope!2345' },
        { from: '192.0.2.1' },
      );
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(apiErrorSchema.parse(await res.json())).toEqual({ code: 'AE002', message: 'Login failed' });
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    });

    it('answers AE001 for a deactivated account and AE003 for drop-and-ship, only with the right password', async () => {
      const inactive = await post('/api/account/login', { email: 'deactivated@example.com', password: DEMO_PASSWORD });
      expect([inactive.status, (await inactive.json()).code]).toEqual([401, 'AE001']);
      const dropShip = await post('/api/account/login', { email: 'dropship@example.com', password: DEMO_PASSWORD });
      expect([dropShip.status, (await dropShip.json()).code]).toEqual([401, 'AE003']);
      const guess = await post(
        '/api/account/login',
        { email: 'deactivated@example.com', password: 'Wrong!2345' },
        { from: '192.0.2.2' },
      );
      expect((await guess.json()).code).toBe('AE002');
    });

    it('answers 400 with field errors for a malformed body, never a 500', async () => {
      const bad = await t.request('/api/account/login', { method: 'POST', body: '{"email": ' });
      expect([bad.status, (await bad.json()).code]).toEqual([400, 'VALIDATION']);
      const missing = await post('/api/account/login', { email: 'not-an-email' });
      expect(missing.status).toBe(400);
      const body = apiErrorSchema.parse(await missing.json());
      expect(Object.keys(body.fieldErrors ?? {}).sort()).toEqual(['email', 'password']);
      const notJson = await t.request('/api/account/login', {
        method: 'POST',
        body: '<email>a</email>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(notJson.status).toBe(415);
      const array = await post('/api/account/login', [1, 2]);
      expect(array.status).toBe(400);
    });
  });

  describe('throttle', () => {
    const fail = (email: string, from: string) =>
      post('/api/account/login', { email, password: 'Wrong!0000' }, { from });

    it('stops an address after 5 failures on one account, with Retry-After, and lets it try again later', async () => {
      for (let i = 0; i < 5; i++) expect((await fail('agreement@example.com', '192.0.2.50')).status).toBe(401);
      const blocked = await post(
        '/api/account/login',
        { email: 'agreement@example.com', password: DEMO_PASSWORD },
        { from: '192.0.2.50' },
      );
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await blocked.json()).code).toBe('TOO_MANY_ATTEMPTS');
      // The owner, from their own address, is not locked out.
      expect(
        (
          await post(
            '/api/account/login',
            { email: 'agreement@example.com', password: DEMO_PASSWORD },
            { from: '198.51.100.20' },
          )
        ).status,
      ).toBe(200);
      t.advance(15 * MINUTE + 1000);
      expect(
        (
          await post(
            '/api/account/login',
            { email: 'agreement@example.com', password: DEMO_PASSWORD },
            { from: '192.0.2.50' },
          )
        ).status,
      ).toBe(200);
    });

    it('slows guesses on one account from many addresses, but not the owner from a clean address', async () => {
      for (let i = 0; i < 20; i++) await fail('idrequired@example.com', `10.9.0.${i}`);
      const attacker = await fail('idrequired@example.com', '10.9.0.3');
      expect(attacker.status).toBe(429);
      const owner = await post(
        '/api/account/login',
        { email: 'idrequired@example.com', password: DEMO_PASSWORD },
        { from: '198.51.100.30' },
      );
      expect(owner.status).toBe(200);
      t.advance(5 * MINUTE + 1000);
      expect((await fail('idrequired@example.com', '10.9.0.3')).status).toBe(401);
    });

    it('stops one address guessing across many accounts', async () => {
      for (let i = 0; i < 30; i++) await fail(`user${i}@example.com`, '192.0.2.99');
      expect((await fail('someone@example.com', '192.0.2.99')).status).toBe(429);
      t.advance(15 * MINUTE + 1000);
    });
  });

  describe('sessions', () => {
    it('ends after 30 idle minutes, and activity keeps it alive', async () => {
      const { cookie } = await t.login('demo@example.com', '198.51.100.40');
      t.advance(20 * MINUTE);
      expect((await details(cookie)).status).toBe(200);
      t.advance(20 * MINUTE);
      expect((await details(cookie)).status).toBe(200);
      t.advance(30 * MINUTE);
      expect((await details(cookie)).status).toBe(401);
    });

    it('ends 12 hours after login whatever the activity', async () => {
      const { cookie } = await t.login('demo@example.com', '198.51.100.41');
      for (let h = 0; h < 24; h++) {
        t.advance(29 * MINUTE);
        const res = await details(cookie);
        if (h < 24 && (h + 1) * 29 < 12 * 60) expect(res.status).toBe(200);
      }
      t.advance(29 * MINUTE);
      expect((await details(cookie)).status).toBe(401);
    });

    it('refuses a cross-site form post', async () => {
      const res = await t.request('/api/account/logout', {
        method: 'POST',
        headers: {
          'sec-fetch-site': 'cross-site',
          origin: 'https://evil.example',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'a=1',
      });
      expect(res.status).toBe(403);
    });

    it('logout ends the session on the server and clears the cookie', async () => {
      const { cookie } = await t.login('demo@example.com', '198.51.100.42');
      const out = await t.request('/api/account/logout', { method: 'POST', cookie });
      expect(out.status).toBe(204);
      expect(out.headers.getSetCookie()[0]).toMatch(/^sid=;.*Max-Age=0/);
      expect((await details(cookie)).status).toBe(401);
    });

    it('answers the session check with the user, and 401 without a session', async () => {
      const { cookie } = await t.login('incomplete@example.com', '198.51.100.43');
      const res = await details(cookie);
      expect(loginResponseSchema.parse(await res.json())).toMatchObject({
        email: 'incomplete@example.com',
        hasMailboxes: false,
      });
      expect((await t.request('/api/account/GetCustomerDetails')).status).toBe(401);
      expect((await details('sid=forged')).status).toBe(401);
    });
  });

  describe('object-level access', () => {
    it('refuses every route with a user guid to a session of another user (403), and to no session (401)', async () => {
      const owner = await t.login('demo@example.com', '198.51.100.50');
      const other = await t.login('agreement@example.com', '198.51.100.51');
      // Activation by link is for a logged-out customer: the link's token is checked instead (tests/api/users.test.ts).
      const byLink = honoPath(activateAccount.path);
      const guidRoutes = t.app.routes.filter(
        (r) => /:(guid|customerGUID|accountGUID|userGuid)\b/.test(r.path) && r.method !== 'ALL' && r.path !== byLink,
      );
      expect(guidRoutes.length).toBeGreaterThan(0);
      // The account-home calls are among them (docs/decisions/010).
      const walked = guidRoutes.map((r) => `${r.method} ${r.path}`);
      for (const route of [
        'GET /api/v1/account/:guid/ShippingAddresses/',
        'POST /api/v1/account/:guid/ShippingAddresses/:addressId/Services/:serviceCode/Activate/:value',
        'GET /api/customers/:guid/packages/getAllPackages',
        'GET /api/customers/:guid/messages',
        'GET /api/customers/:guid/messages/:messageGuid',
        'DELETE /api/customers/:guid/messages/:messageGuid',
        'POST /api/account/:guid/requests/search',
        'GET /api/account/:guid/requests/:id',
        'POST /api/account/:guid/requests',
        'POST /api/account/:guid/requests/:id/attachFiles',
        'GET /api/customers/:guid/uploads/:purpose/:uploadId',
      ]) {
        expect(walked).toContain(route);
      }
      for (const route of guidRoutes) {
        const path = route.path
          .replace(/:(guid|customerGUID|accountGUID|userGuid)\b/, owner.guid)
          .replace(/:\w+/g, '1');
        const init = route.method === 'GET' ? {} : { body: '{}' };
        const foreign = await t.request(path, { method: route.method, cookie: other.cookie, ...init });
        expect(foreign.status, `${route.method} ${route.path}`).toBe(403);
        const anonymous = await t.request(path, { method: route.method, ...init });
        expect(anonymous.status, `${route.method} ${route.path}`).toBe(401);
      }
      const own = await t.request(`/api/customers/${owner.guid}`, { cookie: owner.cookie });
      expect(profileSchema.parse(await own.json())).toMatchObject({ email: 'demo@example.com', status: 'active' });
      const upper = await t.request(`/api/customers/${owner.guid.toUpperCase()}`, { cookie: owner.cookie });
      expect(upper.status).toBe(200);
    });
  });

  describe('activation e-mail', () => {
    it('queues a reactivation link for a deactivated account and answers the same for anyone', async () => {
      const sent = await post('/api/users/SendActivationEmail', { email: 'deactivated@example.com', langCode: 'ar' });
      expect(await sent.json()).toEqual({ sent: true });
      const unknown = await post('/api/users/SendActivationEmail', { email: 'ghost@example.com', langCode: 'en' });
      expect(await unknown.json()).toEqual({ sent: true });
      const active = await post('/api/users/SendActivationEmail', { email: 'demo@example.com', langCode: 'en' });
      expect(await active.json()).toEqual({ sent: true });
      const rows = await t.database.db
        .select()
        .from(outboxEmails)
        .where(inArray(outboxEmails.kind, ['activation', 'reactivation']));
      expect(rows.map((r) => [r.toAddress, r.kind])).toEqual([['deactivated@example.com', 'reactivation']]);
      expect(rows[0]?.link).toMatch(/^http:\/\/localhost\/ar\/account\/reactivate\?q=[\w-]{40,}$/);
    });

    it('sends at most 3 an hour to one address', async () => {
      for (let i = 0; i < 4; i++)
        await post('/api/users/SendActivationEmail', { email: 'deactivated@example.com', langCode: 'en' });
      const rows = await t.database.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.toAddress, 'deactivated@example.com'));
      expect(rows.length).toBe(3);
    });
  });
});

describe.each(BACKENDS)('agreement on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('confirms the agreement with action 2, and refuses any other action', async () => {
    const { cookie, guid } = await t.login('agreement@example.com', '198.51.100.60');
    const save = (body: unknown) =>
      t.request(`/api/account/${guid}/save`, { method: 'POST', cookie, body: JSON.stringify(body) });
    const wrong = await save({ action: 1 });
    expect([wrong.status, (await wrong.json()).code]).toEqual([400, 'VALIDATION']);
    const before = await t.request('/api/account/GetCustomerDetails', { cookie });
    expect((await before.json()).confirmedAgreement).toBe(false);
    const res = await save({ action: 2 });
    expect(res.status).toBe(200);
    expect(loginResponseSchema.parse(await res.json())).toMatchObject({ confirmedAgreement: true, hasMailboxes: true });
    const after = await t.request('/api/account/GetCustomerDetails', { cookie });
    expect((await after.json()).confirmedAgreement).toBe(true);
  });
});
