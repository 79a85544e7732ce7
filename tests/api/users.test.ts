import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { BACKENDS, cookieOf, createTestApp, type TestApp } from './harness.ts';
import { DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { accountLinks, outboxEmails, sessions, users, type UserStatus } from '../../server/db/schema.ts';
import { SessionStore } from '../../server/auth/sessions.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { accountFromLinkSchema, linkAccountSchema, reauthenticationSchema } from '../../src/lib/api/users/contract.ts';
import { z } from '../../src/lib/zod.ts';
import type { Lang } from '../../src/i18n/languages.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NEW_PASSWORD = 'Fresh!Pass1';

describe.each(BACKENDS)('users API on %s', (backend) => {
  let t: TestApp;
  /** The demo password's hash, reused so new test users cost no scrypt. */
  let demoHash: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const [demo] = await t.database.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    demoHash = demo!.passwordHash;
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown, init: { cookie?: string; from?: string } = {}) =>
    t.request(path, { method: 'POST', body: JSON.stringify(body), ...init });
  const details = (cookie: string) => t.request('/api/account/GetCustomerDetails', { cookie });
  const errorOf = async (res: Response) => [res.status, apiErrorSchema.parse(await res.json()).code];

  /** A user of its own per test, so tests don't depend on each other's password changes. */
  async function newUser(status: UserStatus = 'active'): Promise<{ email: string; guid: string }> {
    const user = { email: `user${++n}-${status}@example.com`, guid: randomUUID() };
    await t.database.db.insert(users).values({
      ...user,
      passwordHash: demoHash,
      status,
      firstName: 'Test',
      lastName: 'User',
      countryCode: 'JO',
    });
    return user;
  }

  const login = (email: string, password: string, from = `198.51.100.${n % 250}`) =>
    post('/api/account/login', { email, password }, { from });

  async function mailsTo(email: string) {
    return t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, email))
      .orderBy(desc(outboxEmails.id));
  }

  /** The token of the newest e-mail to `email`. */
  async function latestToken(email: string): Promise<string> {
    const [mail] = await mailsTo(email);
    return new URL(mail!.link).searchParams.get('q') ?? '';
  }

  async function resetToken(email: string, langCode: Lang = 'en'): Promise<string> {
    const res = await post('/api/users/SendForgottenPasswordEmail', { email, langCode });
    expect(await res.json()).toEqual({ sent: true });
    return latestToken(email);
  }

  async function activationToken(email: string, langCode: Lang = 'en'): Promise<string> {
    const res = await post('/api/users/SendActivationEmail', { email, langCode });
    expect(await res.json()).toEqual({ sent: true });
    return latestToken(email);
  }

  describe('forgotten password e-mail', () => {
    it('mails a reset link in the language asked, with the catalogue subject and body, and the link works', async () => {
      const user = await newUser();
      // The address as typed: case and spaces don't matter.
      await post('/api/users/SendForgottenPasswordEmail', { email: ` ${user.email.toUpperCase()}`, langCode: 'ar' });
      const q = await latestToken(user.email);
      const [mail] = await mailsTo(user.email);
      expect(mail).toMatchObject({ kind: 'reset-password', langCode: 'ar', sentAt: null });
      expect(mail!.subject).toBe('أعد تعيين كلمة المرور في Shipbox');
      expect(mail!.link).toMatch(/^http:\/\/localhost\/ar\/account\/change-password\?q=[\w-]{43}$/);
      expect(mail!.body).toContain('خلال ساعتين');
      expect(mail!.body).toContain(`\n${mail!.link}\n`);

      const resolved = await post('/api/users/ResolveResetPassword', { q });
      expect(resolved.status).toBe(200);
      expect(z.strictObject(accountFromLinkSchema.shape).parse(await resolved.json())).toEqual({
        active: true,
        email: user.email,
        activationParam: q,
      });

      await resetToken(user.email, 'en');
      const [english] = await mailsTo(user.email);
      expect(english!.subject).toBe('Reset your Shipbox password');
      expect(english!.body).toMatch(/^Open this link within 2 hours/);
    });

    it('stores only a hash of the token', async () => {
      const user = await newUser();
      const q = await resetToken(user.email);
      const rows = await t.database.db.select().from(accountLinks).where(eq(accountLinks.userGuid, user.guid));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(q).digest('base64url'));
      expect(JSON.stringify(rows)).not.toContain(q);
    });

    it('answers the same for unknown e-mails, and mails accounts of any status', async () => {
      const unknown = await post('/api/users/SendForgottenPasswordEmail', {
        email: 'ghost@example.com',
        langCode: 'en',
      });
      expect([unknown.status, await unknown.json()]).toEqual([200, { sent: true }]);
      expect(await mailsTo('ghost@example.com')).toEqual([]);
      for (const status of ['pending', 'deactivated'] as const) {
        const user = await newUser(status);
        await resetToken(user.email);
        expect((await mailsTo(user.email)).map((m) => m.kind)).toEqual(['reset-password']);
      }
    });

    it('sends at most 3 an hour to one address', async () => {
      const user = await newUser();
      for (let i = 0; i < 4; i++) await resetToken(user.email);
      expect(await mailsTo(user.email)).toHaveLength(3);
      t.advance(HOUR + 1000);
      await resetToken(user.email);
      expect(await mailsTo(user.email)).toHaveLength(4);
    });
  });

  describe('reset password', () => {
    it('changes the password once: the new one works, the old one fails, sessions end, the link is used up', async () => {
      const user = await newUser();
      const session = cookieOf(await login(user.email, DEMO_PASSWORD)) ?? '';
      expect((await details(session)).status).toBe(200);
      const q = await resetToken(user.email);

      const done = await post('/api/users/changeForgottenPassword', { q, newPassword: NEW_PASSWORD });
      expect([done.status, await done.json()]).toEqual([200, { done: true }]);
      expect((await details(session)).status).toBe(401);
      expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
      expect(await errorOf(await login(user.email, DEMO_PASSWORD))).toEqual([401, 'AE002']);

      const again = await post('/api/users/changeForgottenPassword', { q, newPassword: 'Other!Pass2' });
      expect(await errorOf(again)).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
      expect(await errorOf(await post('/api/users/ResolveResetPassword', { q }))).toEqual([
        400,
        'ACCOUNT_NOT_RESOLVED',
      ]);
    });

    it('refuses the current password as the new one without using the link up', async () => {
      const user = await newUser();
      const q = await resetToken(user.email);
      const same = await post('/api/users/changeForgottenPassword', { q, newPassword: DEMO_PASSWORD });
      expect(await errorOf(same)).toEqual([400, 'SAME_PASSWORD']);
      const done = await post('/api/users/changeForgottenPassword', { q, newPassword: NEW_PASSWORD });
      expect(done.status).toBe(200);
    });

    it('refuses a weak password with the rules it breaks, and keeps the link', async () => {
      const user = await newUser();
      const q = await resetToken(user.email);
      const weak = await post('/api/users/changeForgottenPassword', { q, newPassword: 'short' });
      expect(weak.status).toBe(400);
      const body = apiErrorSchema.parse(await weak.json());
      expect(body.code).toBe('VALIDATION');
      expect(body.fieldErrors?.newPassword).toEqual([
        'password.length',
        'password.uppercase',
        'password.digit',
        'password.special',
      ]);
      expect((await post('/api/users/ResolveResetPassword', { q })).status).toBe(200);
    });

    it('refuses a link after 2 hours, and an older link once a newer one is sent', async () => {
      const user = await newUser();
      const first = await resetToken(user.email);
      const second = await resetToken(user.email);
      expect(await errorOf(await post('/api/users/ResolveResetPassword', { q: first }))).toEqual([
        400,
        'ACCOUNT_NOT_RESOLVED',
      ]);
      t.advance(2 * HOUR - MINUTE);
      expect((await post('/api/users/ResolveResetPassword', { q: second })).status).toBe(200);
      t.advance(2 * MINUTE);
      expect(await errorOf(await post('/api/users/ResolveResetPassword', { q: second }))).toEqual([
        400,
        'ACCOUNT_NOT_RESOLVED',
      ]);
      const late = await post('/api/users/changeForgottenPassword', { q: second, newPassword: NEW_PASSWORD });
      expect(await errorOf(late)).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
    });

    it('refuses unknown tokens, malformed ones, and links of another purpose', async () => {
      const unknown = randomBytes(32).toString('base64url');
      expect(await errorOf(await post('/api/users/ResolveResetPassword', { q: unknown }))).toEqual([
        400,
        'ACCOUNT_NOT_RESOLVED',
      ]);
      expect(await errorOf(await post('/api/users/ResolveResetPassword', { q: 'x' }))).toEqual([400, 'VALIDATION']);
      const pending = await newUser('pending');
      const activation = await activationToken(pending.email);
      expect(await errorOf(await post('/api/users/ResolveResetPassword', { q: activation }))).toEqual([
        400,
        'ACCOUNT_NOT_RESOLVED',
      ]);
      const reset = await resetToken(pending.email);
      expect(await errorOf(await post('/api/users/ActivateUser', { q: reset }))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
    });
  });

  describe('activation', () => {
    it('reactivates deactivated@example.com through its reactivation link, once', async () => {
      const email = 'deactivated@example.com';
      const q = await activationToken(email);
      const [mail] = await mailsTo(email);
      expect(mail).toMatchObject({ kind: 'reactivation', langCode: 'en', subject: 'Reactivate your Shipbox account' });
      expect(mail!.link).toMatch(/^http:\/\/localhost\/en\/account\/reactivate\?q=[\w-]{43}$/);
      expect(mail!.body).toContain(mail!.link);

      const resolved = await post('/api/users/ResolveAccount', { q });
      expect(await resolved.json()).toEqual({ active: false, email, activationParam: q });
      expect(await errorOf(await login(email, DEMO_PASSWORD))).toEqual([401, 'AE001']);

      const done = await post('/api/users/ActivateUser', { q });
      expect([done.status, await done.json()]).toEqual([200, { done: true }]);
      expect((await login(email, DEMO_PASSWORD)).status).toBe(200);
      expect(await errorOf(await post('/api/users/ActivateUser', { q }))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
      expect(await errorOf(await post('/api/users/ResolveAccount', { q }))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
    });

    it('activates a pending account from an activation e-mail in Arabic', async () => {
      const user = await newUser('pending');
      const q = await activationToken(user.email, 'ar');
      const [mail] = await mailsTo(user.email);
      expect(mail).toMatchObject({ kind: 'activation', langCode: 'ar', subject: 'فعّل حسابك في Shipbox' });
      expect(mail!.link).toMatch(/^http:\/\/localhost\/ar\/account\/activate\?q=/);
      expect((await post('/api/users/ActivateUser', { q })).status).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.guid, user.guid));
      expect(row!.status).toBe('active');
    });

    it('answers ALREADY_ACTIVE for a link of an account already active, using nothing up', async () => {
      const user = await newUser('pending');
      const first = await activationToken(user.email);
      const second = await activationToken(user.email);
      expect((await post('/api/users/ActivateUser', { q: first })).status).toBe(200);
      expect(await (await post('/api/users/ResolveAccount', { q: second })).json()).toEqual({
        active: true,
        email: user.email,
        activationParam: second,
      });
      expect(await errorOf(await post('/api/users/ActivateUser', { q: second }))).toEqual([400, 'ALREADY_ACTIVE']);
      const hash = createHash('sha256').update(second).digest('base64url');
      const [link] = await t.database.db.select().from(accountLinks).where(eq(accountLinks.tokenHash, hash));
      expect(link!.usedAt).toBeNull();
    });

    it('refuses an activation link after 48 hours', async () => {
      const user = await newUser('pending');
      const q = await activationToken(user.email);
      t.advance(48 * HOUR - MINUTE);
      expect((await post('/api/users/ResolveAccount', { q })).status).toBe(200);
      t.advance(2 * MINUTE);
      expect(await errorOf(await post('/api/users/ResolveAccount', { q }))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
      expect(await errorOf(await post('/api/users/ActivateUser', { q }))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
    });

    it('mails nothing to an active account', async () => {
      const user = await newUser();
      await post('/api/users/SendActivationEmail', { email: user.email, langCode: 'en' });
      expect(await mailsTo(user.email)).toEqual([]);
    });
  });

  describe('activation in the v1 form (the link in the activationParams header)', () => {
    const account = (q?: string) =>
      t.request('/api/v1/session/account', q === undefined ? {} : { headers: { activationParams: q } });
    const activate = (guid: string, q?: string, init: { cookie?: string } = {}) =>
      t.request(`/api/v1/account/${guid}/activate`, {
        method: 'POST',
        ...init,
        ...(q === undefined ? {} : { headers: { activationParams: q } }),
      });

    it('answers the account of the link, as ResolveAccount does, with its GUID, and no cache keeps it', async () => {
      const user = await newUser('pending');
      const q = await activationToken(user.email);
      const res = await account(q);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = z.strictObject(linkAccountSchema.shape).parse(await res.json());
      expect(body).toEqual({ active: false, email: user.email, activationParam: q, accountGUID: user.guid });
      const resolved = await post('/api/users/ResolveAccount', { q });
      expect({ ...(await resolved.json()), accountGUID: user.guid }).toEqual(body);
    });

    it('activates the account of the link once, logged out, and the link then stops working in both forms', async () => {
      const user = await newUser('pending');
      const q = await activationToken(user.email);
      expect(await errorOf(await login(user.email, DEMO_PASSWORD))).toEqual([401, 'AE001']);

      const done = await activate(user.guid, q);
      expect([done.status, await done.json()]).toEqual([200, { done: true }]);
      const [row] = await t.database.db.select().from(users).where(eq(users.guid, user.guid));
      expect(row!.status).toBe('active');
      expect((await login(user.email, DEMO_PASSWORD)).status).toBe(200);

      expect(await errorOf(await activate(user.guid, q))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
      expect(await errorOf(await account(q))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
      expect(await errorOf(await post('/api/users/ActivateUser', { q }))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
    });

    it("refuses (403) a link of another account than the path's, using nothing up", async () => {
      const mine = await newUser('pending');
      const theirs = await newUser('pending');
      const q = await activationToken(mine.email);
      expect(await errorOf(await activate(theirs.guid, q))).toEqual([403, 'FORBIDDEN']);
      expect(await errorOf(await activate('not-a-guid', q))).toEqual([403, 'FORBIDDEN']);
      const [other] = await t.database.db.select().from(users).where(eq(users.guid, theirs.guid));
      expect(other!.status).toBe('pending');
      // A session of the other account proves nothing either: the link decides.
      const { cookie } = await t.login('demo@example.com');
      const [demo] = await t.database.db.select().from(users).where(eq(users.email, 'demo@example.com'));
      expect(await errorOf(await activate(demo!.guid, q, { cookie }))).toEqual([403, 'FORBIDDEN']);
      expect((await activate(mine.guid.toUpperCase(), q)).status).toBe(200);
    });

    it('answers ALREADY_ACTIVE for an account already active, using nothing up', async () => {
      const user = await newUser('pending');
      const first = await activationToken(user.email);
      const second = await activationToken(user.email);
      expect((await activate(user.guid, first)).status).toBe(200);
      expect(linkAccountSchema.parse(await (await account(second)).json())).toMatchObject({ active: true });
      expect(await errorOf(await activate(user.guid, second))).toEqual([400, 'ALREADY_ACTIVE']);
      const hash = createHash('sha256').update(second).digest('base64url');
      const [link] = await t.database.db.select().from(accountLinks).where(eq(accountLinks.tokenHash, hash));
      expect(link!.usedAt).toBeNull();
    });

    it('refuses a missing or malformed header (400), and unknown, expired or reset links (ACCOUNT_NOT_RESOLVED)', async () => {
      const user = await newUser('pending');
      const missing = await account();
      expect([missing.status, apiErrorSchema.parse(await missing.json()).fieldErrors]).toEqual([
        400,
        { activationParams: [expect.any(String)] },
      ]);
      expect(await errorOf(await account('x'))).toEqual([400, 'VALIDATION']);
      expect(await errorOf(await activate(user.guid))).toEqual([400, 'VALIDATION']);
      const unknown = randomBytes(32).toString('base64url');
      expect(await errorOf(await account(unknown))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
      expect(await errorOf(await activate(user.guid, unknown))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
      const reset = await resetToken(user.email);
      expect(await errorOf(await account(reset))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
      expect(await errorOf(await activate(user.guid, reset))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);

      const q = await activationToken(user.email);
      t.advance(48 * HOUR - MINUTE);
      expect((await account(q)).status).toBe(200);
      t.advance(2 * MINUTE);
      expect(await errorOf(await account(q))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
      expect(await errorOf(await activate(user.guid, q))).toEqual([400, 'ACCOUNT_NOT_RESOLVED']);
    });
  });

  describe('re-authentication', () => {
    const reauthenticate = (body: unknown, cookie?: string, from?: string) =>
      post('/api/users/AuthenticateUser', body, { ...(cookie ? { cookie } : {}), ...(from ? { from } : {}) });
    /** The session id behind a cookie (`sid=<id>`). */
    const idOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
    const store = () => new SessionStore(t.database.db, t.clock);

    it('records the time on the session, which stays the same one, and answers it', async () => {
      const user = await newUser();
      const session = cookieOf(await login(user.email, DEMO_PASSWORD)) ?? '';
      expect(await store().reauthenticatedAt(idOf(session))).toBeNull();
      t.advance(MINUTE);

      const res = await reauthenticate({ email: ` ${user.email.toUpperCase()}`, password: DEMO_PASSWORD }, session);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
      const body = z.strictObject(reauthenticationSchema.shape).parse(await res.json());
      expect(body).toEqual({ authenticated: true, reauthenticatedAt: t.clock().toISOString() });
      expect(await store().reauthenticatedAt(idOf(session))).toEqual(t.clock());
      expect((await details(session)).status).toBe(200);
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.userGuid, user.guid));
      expect(rows).toHaveLength(1);
    });

    it('refuses a wrong password, and another account even with its own password, as login does (AE002)', async () => {
      const user = await newUser();
      const other = await newUser();
      const session = cookieOf(await login(user.email, DEMO_PASSWORD)) ?? '';
      const wrong = await reauthenticate({ email: user.email, password: 'Wrong!2345' }, session);
      expect(await errorOf(wrong)).toEqual([401, 'AE002']);
      const theirs = await reauthenticate({ email: other.email, password: DEMO_PASSWORD }, session);
      expect(await errorOf(theirs)).toEqual([401, 'AE002']);
      expect(await store().reauthenticatedAt(idOf(session))).toBeNull();
      // A refusal doesn't end the session.
      expect((await details(session)).status).toBe(200);
    });

    it('answers AE001 and AE003 like login, only with the right password', async () => {
      const user = await newUser();
      const session = cookieOf(await login(user.email, DEMO_PASSWORD)) ?? '';
      await t.database.db.update(users).set({ isDropShip: true }).where(eq(users.guid, user.guid));
      expect(await errorOf(await reauthenticate({ email: user.email, password: DEMO_PASSWORD }, session))).toEqual([
        401,
        'AE003',
      ]);
      await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.guid, user.guid));
      expect(await errorOf(await reauthenticate({ email: user.email, password: DEMO_PASSWORD }, session))).toEqual([
        401,
        'AE001',
      ]);
      expect(await errorOf(await reauthenticate({ email: user.email, password: 'Wrong!2345' }, session))).toEqual([
        401,
        'AE002',
      ]);
    });

    it("shares login's limit: after 5 failures from one address, both stop (429) until the window ends", async () => {
      const user = await newUser();
      const from = '198.51.100.231';
      const session = cookieOf(await login(user.email, DEMO_PASSWORD, from)) ?? '';
      for (let i = 0; i < 5; i++) {
        const res = await reauthenticate({ email: user.email, password: `Wrong!${i}000` }, session, from);
        expect(res.status).toBe(401);
      }
      const blocked = await reauthenticate({ email: user.email, password: DEMO_PASSWORD }, session, from);
      expect(await errorOf(blocked)).toEqual([429, 'TOO_MANY_ATTEMPTS']);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await errorOf(await login(user.email, DEMO_PASSWORD, from))).toEqual([429, 'TOO_MANY_ATTEMPTS']);
      t.advance(15 * MINUTE + 1000);
      const fresh = cookieOf(await login(user.email, DEMO_PASSWORD, from)) ?? '';
      expect((await reauthenticate({ email: user.email, password: DEMO_PASSWORD }, fresh, from)).status).toBe(200);
    });

    it('answers 401 without a session, and 400 for a body that is not credentials', async () => {
      const user = await newUser();
      expect(await errorOf(await reauthenticate({ email: user.email, password: DEMO_PASSWORD }))).toEqual([
        401,
        'UNAUTHORIZED',
      ]);
      const { cookie } = await t.login(user.email);
      const bad = await reauthenticate({ email: 'not-an-email' }, cookie);
      expect(await errorOf(bad)).toEqual([400, 'VALIDATION']);
    });
  });

  describe('change password while logged in', () => {
    const change = (guid: string, cookie: string, oldPassword: string, newPassword: string) =>
      post(`/api/users/${guid}/changePassword`, { oldPassword, newPassword }, { cookie });

    it('is declared with the user guid, so the owner check applies', () => {
      expect(t.app.routes.some((r) => r.method === 'POST' && r.path === '/api/users/:guid/changePassword')).toBe(true);
    });

    it('changes the password, keeps this session, ends the others and older reset links', async () => {
      const user = await newUser();
      const mine = cookieOf(await login(user.email, DEMO_PASSWORD, '198.51.100.201')) ?? '';
      const other = cookieOf(await login(user.email, DEMO_PASSWORD, '198.51.100.202')) ?? '';
      const q = await resetToken(user.email);

      const done = await change(user.guid, mine, DEMO_PASSWORD, NEW_PASSWORD);
      expect([done.status, await done.json()]).toEqual([200, { done: true }]);
      expect((await details(mine)).status).toBe(200);
      expect((await details(other)).status).toBe(401);
      expect(await errorOf(await post('/api/users/ResolveResetPassword', { q }))).toEqual([
        400,
        'ACCOUNT_NOT_RESOLVED',
      ]);
      expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    });

    it('refuses a wrong current password, the same password and a weak one, changing nothing', async () => {
      const user = await newUser();
      const { cookie } = await t.login(user.email);
      expect(await errorOf(await change(user.guid, cookie, 'Wrong!2345', NEW_PASSWORD))).toEqual([
        400,
        'WRONG_PASSWORD',
      ]);
      expect(await errorOf(await change(user.guid, cookie, DEMO_PASSWORD, DEMO_PASSWORD))).toEqual([
        400,
        'SAME_PASSWORD',
      ]);
      const weak = await change(user.guid, cookie, DEMO_PASSWORD, 'password');
      expect(apiErrorSchema.parse(await weak.json()).fieldErrors?.newPassword).toEqual([
        'password.uppercase',
        'password.digit',
        'password.special',
      ]);
      const [row] = await t.database.db.select().from(users).where(eq(users.guid, user.guid));
      expect(row!.passwordHash).toBe(demoHash);
      expect((await details(cookie)).status).toBe(200);
    });

    it('answers 401 without a session', async () => {
      const user = await newUser();
      const res = await post(`/api/users/${user.guid}/changePassword`, {
        oldPassword: DEMO_PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(401);
    });

    it('stops after 5 wrong current passwords in 15 minutes, with Retry-After', async () => {
      const user = await newUser();
      const { cookie } = await t.login(user.email);
      for (let i = 0; i < 5; i++) {
        expect((await change(user.guid, cookie, `Wrong!${i}000`, NEW_PASSWORD)).status).toBe(400);
      }
      const blocked = await change(user.guid, cookie, DEMO_PASSWORD, NEW_PASSWORD);
      expect(await errorOf(blocked)).toEqual([429, 'TOO_MANY_ATTEMPTS']);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      t.advance(15 * MINUTE + 1000);
      expect((await change(user.guid, cookie, DEMO_PASSWORD, NEW_PASSWORD)).status).toBe(200);
    });
  });

  describe('dev outbox', () => {
    it('lists the e-mails newest first, as an accessible page and as JSON', async () => {
      const user = await newUser();
      await resetToken(user.email, 'ar');
      await resetToken(user.email, 'en');
      const [latest] = await mailsTo(user.email);

      const page = await t.request('/dev/outbox');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      const html = await page.text();
      expect(html).toMatch(/<html lang="en"/);
      expect(html).toContain('<th scope="col">Subject</th>');
      expect(html).toContain(`<a href="${latest!.link}">`);
      expect(html).toContain('<td lang="ar" dir="rtl">أعد تعيين كلمة المرور في Shipbox</td>');
      expect(html.indexOf('Reset your Shipbox password')).toBeLessThan(html.indexOf('أعد تعيين كلمة المرور'));
      expect(html).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);

      const json = await t.request(`/dev/outbox.json?to=${encodeURIComponent(user.email.toUpperCase())}`);
      expect(json.status).toBe(200);
      const { emails } = (await json.json()) as { emails: { to: string; link: string; langCode: string }[] };
      expect(emails.map((e) => [e.to, e.langCode])).toEqual([
        [user.email, 'en'],
        [user.email, 'ar'],
      ]);
      expect(emails[0]).toMatchObject({
        link: latest!.link,
        kind: 'reset-password',
        subject: 'Reset your Shipbox password',
        body: latest!.body,
        createdAt: latest!.createdAt.toISOString(),
        sentAt: null,
      });
      const none = await t.request('/dev/outbox.json?to=ghost@example.com');
      expect(await none.json()).toEqual({ emails: [] });
    });

    it('is not served with DEV_TOOLS off; links then take PUBLIC_ORIGIN and the brand', async () => {
      const other = await createTestApp(backend, {
        seed: false,
        devTools: false,
        publicOrigin: 'https://www.mailbridge.example',
        brand: 'mailbridge',
      });
      try {
        expect((await other.request('/dev/outbox')).status).toBe(404);
        expect((await other.request('/dev/outbox.json')).status).toBe(404);
        await other.database.db.insert(users).values({
          guid: randomUUID(),
          email: 'someone@example.com',
          passwordHash: demoHash,
          firstName: 'Some',
          lastName: 'One',
          countryCode: 'US',
        });
        await other.request('/api/users/SendForgottenPasswordEmail', {
          method: 'POST',
          body: JSON.stringify({ email: 'someone@example.com', langCode: 'ar' }),
        });
        const [mail] = await other.database.db.select().from(outboxEmails);
        // Mailbridge speaks English only.
        expect(mail).toMatchObject({ langCode: 'en', subject: 'Reset your Mailbridge password' });
        expect(mail!.link).toMatch(/^https:\/\/www\.mailbridge\.example\/en\/account\/change-password\?q=[\w-]{43}$/);
      } finally {
        await other.close();
      }
    });
  });
});
