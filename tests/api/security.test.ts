/**
 * Security properties of the whole API, walked from the router's own list of routes (ApiRouter.routes), so a
 * route added tomorrow is checked without anyone writing a test for it (docs/decisions/022, docs/security.md):
 * the owner check of every route with a user parameter, the cross-site refusal of every state-changing call,
 * the session cookie's flags and the security headers of every kind of response.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { BACKENDS, cookieOf, createTestApp, type TestApp } from './harness.ts';
import { createApi } from '../../server/api/api.ts';
import type { ApiDeps } from '../../server/api/env.ts';
import type { DeclaredRoute } from '../../server/api/router.ts';
import { OWNER_PARAMS } from '../../src/lib/api/endpoint.ts';
import { forwardedAddress } from '../../server/api/client-address.ts';
import { TRACKING_LIMIT } from '../../server/api/tracking/tracking.routes.ts';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { addresses, messages, passkeys, requests, savedCards, sessions } from '../../server/db/schema.ts';
import type { Db } from '../../server/db/database.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { IDEMPOTENCY_HEADER, tokenResponseSchema } from '../../src/lib/api/payments/contract.ts';
import { PNG } from '../fixtures/files.ts';
import { cardTokenRequest } from '../fixtures/card-token.ts';

/** The router as the app builds it: route declarations need no dependencies, so none are given. */
const ROUTES: readonly DeclaredRoute[] = createApi({} as ApiDeps).routes;
const UNSAFE = ROUTES.filter((r) => r.method !== 'GET');
const OWNED = ROUTES.filter((r) => r.owner !== undefined);

const CROSS_SITE = { code: 'FORBIDDEN', message: 'Cross-site request refused' };
const NOT_YOURS = { code: 'FORBIDDEN', message: 'Not yours' };

/** The rows of a raw query (PGlite's and node-postgres's results both carry `rows`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** Every table's rows, as one digest each: what a refused request must leave exactly as it was. */
async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ h: string | null }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.identifier(name)} t`,
    );
    digest[name] = row?.h ?? '';
  }
  expect(Object.keys(digest)).toEqual(expect.arrayContaining(['users', 'sessions', 'messages', 'saved_cards']));
  return digest;
}

/** Every row of every table as text: to prove what is stored nowhere. */
async function everything(db: Db): Promise<string> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  let text = '';
  for (const { name } of tables) {
    const rows = await rowsOf<{ row: string }>(db, sql`select t::text as row from ${sql.identifier(name)} t`);
    text += rows.map((r) => r.row).join('\n');
  }
  return text;
}

describe.each(BACKENDS)('security on %s', (backend) => {
  let t: TestApp;
  /** A: the demo customer, whose data the other one reaches for. B: a fresh customer of the dev tools. */
  let a: { cookie: string; guid: string };
  let b: { cookie: string; guid: string };
  /** Path parameters other than the user's, by name: real objects of A where there are some. */
  let values: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    a = await t.login('demo@example.com', '198.51.100.90');
    b = await t.newCustomer({ countryCode: 'JO', savedCard: true });
    const { db } = t.database;
    const [message] = await db.select().from(messages).where(eq(messages.userGuid, a.guid)).limit(1);
    const [request] = await db.select().from(requests).where(eq(requests.userGuid, a.guid)).limit(1);
    const [address] = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userGuid, a.guid))
      .orderBy(asc(addresses.id))
      .limit(1);
    const [session] = await db.select().from(sessions).where(eq(sessions.userGuid, a.guid)).limit(1);
    // A passkey of A's, which B's session must not remove.
    await db.insert(passkeys).values({
      id: 'c2VjdXJpdHktc3dlZXAtcGFzc2tleQ',
      userGuid: a.guid,
      publicKey: 'AQ',
      deviceType: 'singleDevice',
      name: "A's phone",
    });
    values = {
      purpose: '1',
      uploadId: randomUUID(),
      messageGuid: message?.guid ?? randomUUID(),
      sessionId: session?.publicId ?? randomUUID(),
      passkeyId: 'c2VjdXJpdHktc3dlZXAtcGFzc2tleQ',
      id: String(request?.id ?? 1),
      requestId: String(request?.id ?? 1),
      addressId: String(address?.id ?? 1),
      serviceCode: address?.services[0]?.code ?? 'CONS',
      value: 'true',
      orderNumber: 'SB-000001',
      code: 'JO',
      awb: 'SB7000100',
      packageId: '1',
      mailboxid: 'JO100001',
    };
  });
  afterAll(() => t.close());

  /** The route's path for `guid`, every other parameter plausible; an unknown parameter name fails the test. */
  const pathFor = (route: DeclaredRoute, guid: string) =>
    route.path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_all, name: string) => {
      if ((OWNER_PARAMS as readonly string[]).includes(name)) return guid;
      const value = values[name];
      if (value === undefined) throw new Error(`No plausible value for :${name} of ${route.method} ${route.path}`);
      return encodeURIComponent(value);
    });

  /** A plausible body for a route: a file for uploads, else a JSON object of the call's kind. */
  function bodyFor(route: DeclaredRoute): BodyInit | undefined {
    if (route.method === 'GET' || route.method === 'DELETE') return undefined;
    if (/\/upload\/|\/attachFiles$/.test(route.path)) {
      const form = new FormData();
      form.append('file', new File([PNG], 'passport.png', { type: 'image/png' }));
      return form;
    }
    const bodies: [RegExp, unknown][] = [
      [/changePassword$/, { oldPassword: DEMO_PASSWORD, newPassword: 'Taken!over2345' }],
      [/AutoPayOptions$/, { value: false, notifyUser: false }],
      [/options\/notifications$/, { notificationOptions: [{ name: 'Wallet', value: false }] }],
      [/subscriptions$/, [{ action: '2', type: 1 }]],
      [/requests$/, { categoryId: 1, subject: 'Hello', description: 'Please call me.' }],
      [/requests\/search$/, {}],
      [/card\/gettoken$/, cardTokenRequest({ optionalKey1: 'Mallory' })],
      [/\/save$|profiledetails$/, { firstName: 'Mallory', lastName: 'Intruder' }],
    ];
    return JSON.stringify(bodies.find(([pattern]) => pattern.test(route.path))?.[1] ?? {});
  }

  const call = (route: DeclaredRoute, guid: string, init: { cookie?: string; headers?: Record<string, string> }) =>
    t.request(pathFor(route, guid), {
      method: route.method,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.headers ? { headers: init.headers } : {}),
      ...(bodyFor(route) === undefined ? {} : { body: bodyFor(route) }),
    });

  /** A request exactly as given (the harness adds Sec-Fetch-Site, which some cases must not have). */
  const raw = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    t.app.request(path, {
      method: init.method ?? 'GET',
      headers: { 'x-forwarded-for': '198.51.100.91', ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
    });

  const errorOf = async (res: Response) => {
    const body = apiErrorSchema.parse(await res.json());
    return { status: res.status, code: body.code, message: body.message };
  };

  describe('the router lists its routes', () => {
    it('records every declared route, each one mounted in the app', () => {
      expect(ROUTES.length).toBeGreaterThan(100);
      const mounted = new Set(t.app.routes.map((r) => `${r.method} ${r.path}`));
      for (const route of ROUTES)
        expect(mounted, `${route.method} ${route.path}`).toContain(`${route.method} ${route.path}`);
      // And every API route of the app is in the list: nothing is declared past ApiRouter.
      const declared = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
      // The health checks and the API's own description are the app's, not calls of the contract.
      const apiRoutes = t.app.routes.filter(
        (r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !/^\/api\/(health|openapi\.json|docs)/.test(r.path),
      );
      for (const route of apiRoutes)
        expect(declared, `${route.method} ${route.path}`).toContain(`${route.method} ${route.path}`);
    });

    it('marks the owner parameter and the session need of each', () => {
      for (const route of ROUTES) {
        const named = OWNER_PARAMS.filter((p) => new RegExp(`:${p}(?!\\w)`).test(route.path));
        // A path checked against an account link's token instead (activation) has no session owner.
        expect(route.owner, route.path).toBe(route.ownerBy === 'link' ? undefined : named[0]);
        expect(named.length, route.path).toBeLessThanOrEqual(1);
        if (route.owner) expect(route.auth, route.path).toBe(true);
      }
      expect(ROUTES.find((r) => r.path === '/api/account/login')).toMatchObject({ owner: undefined, auth: false });
      expect(ROUTES.find((r) => r.path === '/api/account/GetCustomerDetails')).toMatchObject({ auth: true });
      expect(() => ((ROUTES as DeclaredRoute[]).length = 0)).toThrow();
    });
  });

  describe("another user's guid", () => {
    it('is in more than 60 routes, every one of them with a plausible value for each parameter', () => {
      expect(OWNED.length).toBeGreaterThan(60);
      for (const route of OWNED) expect(() => pathFor(route, a.guid)).not.toThrow();
      // More than one spelling of the user parameter is walked.
      expect(OWNED.map((r) => r.owner)).toEqual(expect.arrayContaining(['guid', 'customerGUID']));
    });

    it("answers 403 FORBIDDEN on every such route to B's session and changes nothing of A's", async () => {
      const before = await snapshot(t.database.db);
      for (const route of OWNED) {
        const res = await call(route, a.guid, { cookie: b.cookie });
        expect(await errorOf(res), `${route.method} ${route.path}`).toEqual({ status: 403, ...NOT_YOURS });
        // The guid in any case is the same user.
        const upper = await call(route, a.guid.toUpperCase(), { cookie: b.cookie });
        expect(upper.status, `${route.method} ${route.path} (upper case)`).toBe(403);
      }
      expect(await snapshot(t.database.db)).toEqual(before);
    });

    it('answers 401 on every such route without a session', async () => {
      for (const route of OWNED) {
        const res = await call(route, a.guid, {});
        expect(await errorOf(res), `${route.method} ${route.path}`).toMatchObject({
          status: 401,
          code: 'UNAUTHORIZED',
        });
        const forged = await call(route, a.guid, { cookie: 'sid=forged' });
        expect(forged.status, `${route.method} ${route.path} (forged)`).toBe(401);
      }
    });

    it("lets B past the same check with B's own guid (the 403 is the owner check's, not the route's)", async () => {
      for (const route of OWNED.filter((r) => r.method === 'GET')) {
        const res = await call(route, b.guid, { cookie: b.cookie });
        // B's own lists answer; A's object ids under B's guid are not found; a missing query is a 400.
        expect([200, 400, 404], `${route.method} ${route.path}: ${res.status}`).toContain(res.status);
      }
    });
  });

  describe('cross-site requests', () => {
    const ATTACKS: [string, Record<string, string>][] = [
      ['a page of another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
      ['an opaque origin (sandboxed frame)', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
      ['a sibling subdomain', { origin: 'http://shop.localhost', 'sec-fetch-site': 'same-site' }],
      ['another port of this host', { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-site' }],
      ['another site, Sec-Fetch-Site unknown to the browser', { origin: 'https://evil.example' }],
      ['no Origin but Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
      ['no Origin but Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ];

    it('covers more than 50 state-changing routes', () => {
      expect(UNSAFE.length).toBeGreaterThan(50);
      expect(new Set(UNSAFE.map((r) => r.method))).toEqual(new Set(['POST', 'PUT', 'DELETE']));
    });

    it('refuses every POST, PUT and DELETE from another site with 403, before anything else runs', async () => {
      const before = await snapshot(t.database.db);
      for (const route of UNSAFE) {
        for (const [attack, headers] of ATTACKS) {
          // A's own guid and cookie, as a victim's browser would send them; a text/plain body, which no handler
          // takes (so a 415 or a 400 would show that a handler ran).
          const res = await raw(pathFor(route, a.guid), {
            method: route.method,
            headers: { ...headers, cookie: a.cookie, 'content-type': 'text/plain' },
            body: '{"x":1}',
          });
          expect(await errorOf(res), `${route.method} ${route.path}: ${attack}`).toEqual({
            status: 403,
            ...CROSS_SITE,
          });
        }
      }
      // Nothing changed, not even a session: logout and the password change did not run.
      expect(await snapshot(t.database.db)).toEqual(before);
      expect((await t.request('/api/account/GetCustomerDetails', { cookie: a.cookie })).status).toBe(200);
    });

    it('lets every one of them through from this origin (the next check answers)', async () => {
      for (const route of UNSAFE) {
        const res = await call(route, a.guid, {
          headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
        });
        const label = `${route.method} ${route.path}`;
        if (route.auth) {
          expect(await errorOf(res), label).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
        } else if (res.status === 403) {
          expect((await errorOf(res)).message, label).not.toBe(CROSS_SITE.message);
        }
      }
    });

    it('lets clients that are not browsers through: neither Origin nor Sec-Fetch-Site', async () => {
      const login = await raw('/api/account/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'incomplete@example.com', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const out = await raw('/api/account/logout', { method: 'POST', headers: { cookie: cookieOf(login) ?? '' } });
      expect(out.status).toBe(204);
      // Reads are never refused, whoever links to them.
      const read = await raw('/api/countries/', {
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(read.status).toBe(200);
    });

    it("takes the trusted proxy's scheme and host for this origin", async () => {
      const logout = (headers: Record<string, string>) =>
        raw('/api/account/logout', { method: 'POST', headers: { 'sec-fetch-site': 'same-origin', ...headers } });
      expect((await logout({ 'x-forwarded-proto': 'https', origin: 'https://localhost' })).status).toBe(204);
      // A page over http posting to the https site: refused (it may be an attacker's answer on plain http).
      expect((await logout({ 'x-forwarded-proto': 'https', origin: 'http://localhost' })).status).toBe(403);
      const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.shipbox.example' };
      expect((await logout({ ...proxied, origin: 'https://www.shipbox.example' })).status).toBe(204);
      expect((await logout({ ...proxied, origin: 'https://localhost' })).status).toBe(403);
      expect((await logout({ ...proxied, origin: 'https://shipbox.example' })).status).toBe(403);
    });

    it('without a trusted proxy, judges by the Host alone, and accepts a configured PUBLIC_ORIGIN', async () => {
      const distDir = mkdtempSync(join(tmpdir(), 'dist-'));
      const direct = createApp({
        brand: 'shipbox',
        distDir,
        db: t.database.db,
        logger: createLogger('silent'),
        clock: t.clock,
        trustProxy: false,
        publicOrigin: 'https://www.shipbox.example',
      });
      const logout = (headers: Record<string, string>) =>
        direct.request('http://127.0.0.1:4321/api/account/logout', { method: 'POST', headers });
      expect((await logout({ origin: 'http://127.0.0.1:4321' })).status).toBe(204);
      // The same host over https: a TLS-terminating proxy in front that we were not told to trust.
      expect((await logout({ origin: 'https://127.0.0.1:4321' })).status).toBe(204);
      expect((await logout({ origin: 'https://www.shipbox.example' })).status).toBe(204);
      // Forwarded headers are not believed.
      const forwarded = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
      expect((await logout({ ...forwarded, origin: 'https://evil.example' })).status).toBe(403);
      expect((await logout({ origin: 'http://127.0.0.1:9999' })).status).toBe(403);
      rmSync(distDir, { recursive: true, force: true });
    });

    it('guards the payment sandbox and the dev tools, which share the app, the same way', async () => {
      const headers = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
      const devCustomer = await raw('/dev/customers', { method: 'POST', headers, body: '{}' });
      expect(await errorOf(devCustomer)).toEqual({ status: 403, ...CROSS_SITE });
      const sandbox = await raw('/sandbox/paypal/some-token', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'decision=approve',
      });
      expect(sandbox.status).toBe(403);
      // The sandbox's own pages post to themselves: same origin, on to the page (an unknown token here).
      const own = await raw('/sandbox/paypal/some-token', {
        method: 'POST',
        headers: {
          origin: 'http://localhost',
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'decision=approve',
      });
      expect(own.status).toBe(404);
    });
  });

  describe('the session cookie', () => {
    const login = (headers: Record<string, string> = {}) =>
      raw('/api/account/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
        body: JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD }),
      });

    it('is HttpOnly, SameSite=Lax, Path=/ and not Secure over http', async () => {
      const [cookie = ''] = (await login()).headers.getSetCookie();
      expect(cookie).toMatch(/^sid=[\w-]{40,};/);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=(Lax|Strict)/i);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).not.toMatch(/Secure/i);
      expect(cookie).not.toMatch(/Domain=/i);
    });

    it('is Secure with the __Host- prefix when the trusted proxy says https', async () => {
      const [cookie = ''] = (
        await login({ 'x-forwarded-proto': 'https', origin: 'https://localhost' })
      ).headers.getSetCookie();
      expect(cookie).toMatch(/^__Host-sid=[\w-]{40,};/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=(Lax|Strict)/i);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).not.toMatch(/Domain=/i);
    });
  });

  describe('card data', () => {
    it('is stored nowhere: a card paid with and saved leaves its token, first six and last four only', async () => {
      const payer = await t.newCustomer({ countryCode: 'JO' });
      const keyed = (path: string, body: unknown) =>
        t.request(path, {
          method: 'POST',
          cookie: payer.cookie,
          headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
          body: JSON.stringify(body),
        });
      const prepared = await keyed(
        `/api/payment/${payer.guid}/card/gettoken`,
        cardTokenRequest({
          optionalKey1: 'Card Holder',
          optionalKey2: '5555 5555 5555 4444',
          optionalKey3: '987',
          saveCard: true,
        }),
      );
      expect(prepared.status).toBe(200);
      const { token } = tokenResponseSchema.parse(await prepared.json());
      const paid = await keyed('/api/v1/account/subscription/payUsingNewCard', {
        planId: 2,
        id: token,
        saveCard: true,
        allowAutoRenewal: true,
      });
      expect(paid.status).toBe(200);
      const saved = await t.database.db.select().from(savedCards).where(eq(savedCards.userGuid, payer.guid));
      expect(saved).toEqual([expect.objectContaining({ first6Digits: '555555', last4Digits: '4444' })]);
      const stored = await everything(t.database.db);
      expect(stored).not.toMatch(/5555\D?5555\D?5555\D?4444/);
      expect(stored).not.toContain('optionalKey3');
    });
  });

  describe('security headers', () => {
    beforeAll(() => {
      // A small built site in the app's own site folder.
      for (const page of ['en/home', 'en/404', 'ar/404']) {
        mkdirSync(join(t.distDir, page, '..'), { recursive: true });
        writeFileSync(join(t.distDir, `${page}.html`), `<!doctype html><title>${page}</title>`);
      }
      mkdirSync(join(t.distDir, '_astro'), { recursive: true });
      writeFileSync(join(t.distDir, '_astro', 'boot.abc123.js'), 'console.log(1)');
      t.siteFiles.reload();
    });

    const RESPONSES: [string, string, number][] = [
      ['an API answer', '/api/countries/', 200],
      ['an API 404', '/api/no-such-call', 404],
      ['an API refusal', `/api/customers/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, 401],
      ['a site page', '/en/home', 200],
      ['a static asset', '/_astro/boot.abc123.js', 200],
      ['the site 404', '/en/no-such-page', 404],
      ['a payment sandbox page', '/sandbox', 200],
    ];

    const expectHeaders = (res: Response, label: string) => {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, label).toMatch(/frame-ancestors '(self|none)'/);
      expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), label).toMatch(
        /^(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin)$/,
      );
      expect(res.headers.get('permissions-policy'), label).toMatch(/camera=\(\)/);
      // No policy that scripts obey may allow inline or evaluated code.
      for (const directive of csp.split(';').map((d) => d.trim())) {
        if (/^(script-src|script-src-elem|script-src-attr|default-src)\b/.test(directive)) {
          expect(directive, label).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|\*/);
        }
      }
    };

    it.each(RESPONSES)('are on %s (%s), without HSTS over http', async (label, path, status) => {
      const res = await raw(path);
      expect(res.status, label).toBe(status);
      expectHeaders(res, label);
      expect(res.headers.get('strict-transport-security'), label).toBeNull();
    });

    it.each(RESPONSES)('add HSTS to %s (%s) over https from the trusted proxy', async (label, path, status) => {
      const res = await raw(path, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.status, label).toBe(status);
      expectHeaders(res, label);
      expect(res.headers.get('strict-transport-security'), label).toMatch(/^max-age=(\d+)/);
      expect(
        Number(/max-age=(\d+)/.exec(res.headers.get('strict-transport-security') ?? '')?.[1]),
      ).toBeGreaterThanOrEqual(31_536_000);
    });

    it('never add HSTS because an untrusted client says https', async () => {
      const direct = createApp({
        brand: 'shipbox',
        distDir: t.distDir,
        db: t.database.db,
        logger: createLogger('silent'),
        clock: t.clock,
        trustProxy: false,
      });
      for (const [label, path] of RESPONSES) {
        const res = await direct.request(path, { headers: { 'x-forwarded-proto': 'https' } });
        expectHeaders(res, label);
        expect(res.headers.get('strict-transport-security'), label).toBeNull();
      }
      // Over a TLS connection of its own, the server does say it.
      const tls = await direct.request('https://localhost/en/home');
      expect(tls.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    });
  });
});

describe("the client's address behind trusted proxies", () => {
  it('is read from the right of X-Forwarded-For, as many entries as there are proxies', () => {
    expect(forwardedAddress('198.51.100.1', 1)).toBe('198.51.100.1');
    // The client wrote the first entry; the one proxy appended what it saw.
    expect(forwardedAddress('6.6.6.6, 198.51.100.1', 1)).toBe('198.51.100.1');
    // A CDN, then a load balancer: the CDN's entry is the visitor's.
    expect(forwardedAddress('6.6.6.6, 198.51.100.1, 203.0.113.5', 2)).toBe('198.51.100.1');
    expect(forwardedAddress('198.51.100.1', 2)).toBe('198.51.100.1');
    expect(forwardedAddress(' , ', 1)).toBeUndefined();
    expect(forwardedAddress(undefined, 1)).toBeUndefined();
  });

  it('cannot be chosen by the client to escape a per-address limit', async () => {
    const t = await createTestApp(BACKENDS[0]!);
    try {
      const track = (spoofed: string) => t.request('/api/tracking/SB9000105', { from: `${spoofed}, 198.51.100.77` });
      for (let i = 0; i < TRACKING_LIMIT.max; i += 1) expect((await track(`10.0.0.${i}`)).status).toBe(200);
      // Another made-up first entry each time, the same real address: the limit holds.
      expect((await track('10.0.1.1')).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});
