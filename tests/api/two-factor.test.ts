/**
 * The second step of password logins (issue 25, scope 4): set up under the customer's guid after a recent
 * re-authentication, confirmed with a code; then a password login asks for a code (OTP_REQUIRED, no session),
 * takes a code once (a replay fails), takes a recovery code once, counts a wrong code as a failed login (429 after
 * the limit), and the second step can be turned off and its recovery codes renewed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { codeAt } from '../../server/auth/totp.ts';
import { LOGIN_LIMITS } from '../../server/api/account/login.ts';
import { SECOND_STEP_LIMIT } from '../../server/api/two-factor/second-step.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { loginResponseSchema } from '../../src/lib/api/session/contract.ts';
import {
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../src/lib/api/two-factor/contract.ts';

const STEP_MS = 30_000;

interface Customer {
  cookie: string;
  guid: string;
  email: string;
}

describe.each(BACKENDS)('two-step login on %s', (backend) => {
  let t: TestApp;
  let address = 0;
  /** An address of its own for each test's logins, so their failures don't add up. */
  const nextAddress = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const base = (c: Customer) => `/api/v1/account/${c.guid}/two-factor`;
  const errorOf = async (res: Response) => ({ status: res.status, code: apiErrorSchema.parse(await res.json()).code });
  const sessionCookies = (res: Response) => res.headers.getSetCookie().filter((c) => /^(__Host-)?sid=/.test(c));

  const reauthenticate = async (c: Customer) => {
    const res = await t.send('POST', '/api/users/AuthenticateUser', c, { email: c.email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
  };
  const status = async (c: Customer) => {
    const res = await t.send('GET', base(c), c);
    expect(res.status).toBe(200);
    return twoFactorStatusSchema.parse(await res.json());
  };
  /** Sets the second step up and on; the secret (as typed) and the recovery codes. */
  const turnOn = async (c: Customer) => {
    await reauthenticate(c);
    const setup = await t.send('POST', `${base(c)}/setup`, c);
    expect(setup.status).toBe(200);
    const secret = twoFactorSetupSchema.parse(await setup.json()).secret.replaceAll(' ', '');
    const confirm = await t.send('POST', `${base(c)}/confirm`, c, { code: codeAt(secret, t.clock()) });
    expect(confirm.status).toBe(200);
    // The step the confirmation used is taken: the next login needs the next step's code.
    t.advance(STEP_MS);
    return { secret, codes: recoveryCodesSchema.parse(await confirm.json()).recoveryCodes };
  };
  const logIn = (c: Customer, from: string, extra: { otp?: string; recoveryCode?: string } = {}) =>
    t.request('/api/account/login', {
      method: 'POST',
      body: JSON.stringify({ email: c.email, password: DEMO_PASSWORD, ...extra }),
      from,
    });

  it('sets up only after a recent re-authentication, with a QR code and a key for the brand and e-mail', async () => {
    const c = await t.newCustomer();
    expect(await status(c)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await errorOf(await t.send('POST', `${base(c)}/setup`, c))).toEqual({
      status: 403,
      code: 'REAUTHENTICATION_REQUIRED',
    });
    await reauthenticate(c);
    const res = await t.send('POST', `${base(c)}/setup`, c);
    expect(res.status).toBe(200);
    const setup = twoFactorSetupSchema.parse(await res.json());
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Shipbox:/);
    expect(new URL(setup.otpauthUri).searchParams.get('issuer')).toBe('Shipbox');
    expect(decodeURIComponent(setup.otpauthUri)).toContain(c.email);
    expect(setup.secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(new URL(setup.otpauthUri).searchParams.get('secret')).toBe(setup.secret.replaceAll(' ', ''));
    expect(Buffer.from(setup.qrCode.split(',')[1]!, 'base64').toString()).toMatch(/^<svg/);
    // Stored encrypted: the secret is nowhere in the table as it was handed out.
    const stored = await t.database.db.query.totpFactors.findFirst({
      where: (f, { eq }) => eq(f.userGuid, c.guid),
    });
    expect(stored?.secret).not.toContain(setup.secret.replaceAll(' ', ''));
    // Not on yet: a login doesn't ask.
    expect(await status(c)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await logIn(c, nextAddress())).status).toBe(200);
    // A re-authentication counts for five minutes.
    t.advance(6 * 60_000);
    const late = await t.request(`${base(c)}/setup`, { method: 'POST', cookie: c.cookie });
    expect(late.status).toBe(403);
  });

  it('turns on with a right code of the new secret only; answers ten recovery codes once', async () => {
    const c = await t.newCustomer();
    expect(await errorOf(await t.send('POST', `${base(c)}/confirm`, c, { code: '123456' }))).toEqual({
      status: 409,
      code: 'TWO_FACTOR_NOT_SET_UP',
    });
    await reauthenticate(c);
    const setup = twoFactorSetupSchema.parse(await (await t.send('POST', `${base(c)}/setup`, c)).json());
    const secret = setup.secret.replaceAll(' ', '');
    const wrong = String((Number(codeAt(secret, t.clock())) + 1) % 1_000_000).padStart(6, '0');
    expect(await errorOf(await t.send('POST', `${base(c)}/confirm`, c, { code: wrong }))).toEqual({
      status: 422,
      code: 'OTP_INVALID',
    });
    // A code two steps old is outside the window.
    const old = codeAt(secret, new Date(t.clock().getTime() - 2 * STEP_MS));
    expect((await t.send('POST', `${base(c)}/confirm`, c, { code: old })).status).toBe(422);
    expect((await t.send('POST', `${base(c)}/confirm`, c, { code: 'abc' })).status).toBe(400);
    expect(await status(c)).toMatchObject({ enabled: false });

    const res = await t.send('POST', `${base(c)}/confirm`, c, { code: codeAt(secret, t.clock()) });
    expect(res.status).toBe(200);
    const { recoveryCodes } = recoveryCodesSchema.parse(await res.json());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await status(c)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Stored hashed.
    const rows = await t.database.db.query.recoveryCodes.findMany({ where: (r, { eq }) => eq(r.userGuid, c.guid) });
    expect(rows.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);
    // Once on, neither confirmed again nor set up again until turned off.
    expect((await t.send('POST', `${base(c)}/confirm`, c, { code: codeAt(secret, t.clock()) })).status).toBe(409);
    await reauthenticate(c);
    expect(await errorOf(await t.send('POST', `${base(c)}/setup`, c))).toEqual({
      status: 409,
      code: 'TWO_FACTOR_ON',
    });
  });

  it('asks a password login for the code, opens no session without it, and takes each code once', async () => {
    const c = await t.newCustomer();
    const { secret } = await turnOn(c);
    const from = nextAddress();

    const asked = await logIn(c, from);
    expect(await errorOf(asked)).toEqual({ status: 401, code: 'OTP_REQUIRED' });
    expect(sessionCookies(asked)).toEqual([]);

    const code = codeAt(secret, t.clock());
    const ok = await logIn(c, from, { otp: code });
    expect(ok.status).toBe(200);
    expect(loginResponseSchema.parse(await ok.json()).userGuid).toBe(c.guid);
    expect(sessionCookies(ok)).toHaveLength(1);

    // The same code again, even within its window: refused.
    const replay = await logIn(c, from, { otp: code });
    expect(await errorOf(replay)).toEqual({ status: 401, code: 'OTP_INVALID' });
    expect(sessionCookies(replay)).toEqual([]);
    // The next step's code works.
    t.advance(STEP_MS);
    expect((await logIn(c, from, { otp: codeAt(secret, t.clock()) })).status).toBe(200);

    // A wrong password with a right code is still a wrong password.
    t.advance(STEP_MS);
    const wrongPassword = await t.request('/api/account/login', {
      method: 'POST',
      body: JSON.stringify({ email: c.email, password: 'Not-the-password1', otp: codeAt(secret, t.clock()) }),
      from,
    });
    expect(await errorOf(wrongPassword)).toEqual({ status: 401, code: 'AE002' });
  });

  it('lets two requests with one code open one session between them', async () => {
    const c = await t.newCustomer();
    const { secret } = await turnOn(c);
    const code = codeAt(secret, t.clock());
    const answers = await Promise.all([logIn(c, nextAddress(), { otp: code }), logIn(c, nextAddress(), { otp: code })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('counts a wrong code as a failed login: 429 once the limit is reached, even for the right code', async () => {
    const c = await t.newCustomer();
    const { secret } = await turnOn(c);
    const from = nextAddress();
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i += 1) {
      expect(await errorOf(await logIn(c, from, { otp: '000000' }))).toEqual({ status: 401, code: 'OTP_INVALID' });
    }
    const blocked = await logIn(c, from, { otp: codeAt(secret, t.clock()) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sessionCookies(blocked)).toEqual([]);
    // A wrong recovery code counts the same.
    const other = await t.newCustomer();
    await turnOn(other);
    const there = nextAddress();
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i += 1) {
      expect((await logIn(other, there, { recoveryCode: 'aaaa-aaaa-aaaa-aaaa' })).status).toBe(401);
    }
    expect((await logIn(other, there)).status).toBe(429);
  });

  it('limits wrong codes per account whatever the address', async () => {
    const c = await t.newCustomer();
    const { secret } = await turnOn(c);
    for (let i = 0; i < SECOND_STEP_LIMIT.max; i += 1) {
      expect((await logIn(c, nextAddress(), { otp: '000000' })).status).toBe(401);
    }
    const blocked = await logIn(c, nextAddress(), { otp: codeAt(secret, t.clock()) });
    expect(await errorOf(blocked)).toEqual({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
    // Once the window has passed, the right code works again.
    t.advance(SECOND_STEP_LIMIT.windowSeconds * 1000);
    expect((await logIn(c, nextAddress(), { otp: codeAt(secret, t.clock()) })).status).toBe(200);
  });

  it('takes a recovery code once, however it is typed', async () => {
    const c = await t.newCustomer();
    const { codes } = await turnOn(c);
    const from = nextAddress();
    const typed = codes[3]!.toUpperCase().replaceAll('-', ' ');
    const ok = await logIn(c, from, { recoveryCode: typed });
    expect(ok.status).toBe(200);
    expect(sessionCookies(ok)).toHaveLength(1);
    expect(await errorOf(await logIn(c, from, { recoveryCode: codes[3]! }))).toEqual({
      status: 401,
      code: 'OTP_INVALID',
    });
    const mine = { ...c, cookie: sessionCookies(ok)[0]!.split(';')[0]! };
    expect(await status(mine)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('makes new recovery codes after a re-authentication: the old ones stop working', async () => {
    const c = await t.newCustomer();
    const { codes } = await turnOn(c);
    t.advance(6 * 60_000);
    expect(await errorOf(await t.send('POST', `${base(c)}/recovery-codes`, c))).toEqual({
      status: 403,
      code: 'REAUTHENTICATION_REQUIRED',
    });
    await reauthenticate(c);
    const res = await t.send('POST', `${base(c)}/recovery-codes`, c);
    expect(res.status).toBe(200);
    const fresh = recoveryCodesSchema.parse(await res.json()).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);
    const from = nextAddress();
    expect((await logIn(c, from, { recoveryCode: codes[0]! })).status).toBe(401);
    expect((await logIn(c, from, { recoveryCode: fresh[0]! })).status).toBe(200);
  });

  it('turns off after a re-authentication: then a login asks for nothing', async () => {
    const c = await t.newCustomer();
    await turnOn(c);
    t.advance(6 * 60_000);
    expect(await errorOf(await t.send('DELETE', base(c), c))).toEqual({
      status: 403,
      code: 'REAUTHENTICATION_REQUIRED',
    });
    expect(await status(c)).toMatchObject({ enabled: true });
    await reauthenticate(c);
    const res = await t.send('DELETE', base(c), c);
    expect(res.status).toBe(200);
    expect(twoFactorStatusSchema.parse(await res.json())).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await logIn(c, nextAddress())).status).toBe(200);
    // No new recovery codes while off.
    await reauthenticate(c);
    expect((await t.send('POST', `${base(c)}/recovery-codes`, c)).status).toBe(409);
  });

  it("refuses another customer's guid (403) and a call without a session (401)", async () => {
    const a = await t.newCustomer();
    const b = await t.newCustomer();
    await reauthenticate(b);
    const calls: [string, string][] = [
      ['GET', ''],
      ['POST', '/setup'],
      ['POST', '/confirm'],
      ['POST', '/recovery-codes'],
      ['DELETE', ''],
    ];
    for (const [method, tail] of calls) {
      const body = tail === '/confirm' ? { code: '123456' } : undefined;
      expect(await errorOf(await t.send(method, `${base(a)}${tail}`, b, body)), `${method} ${tail}`).toEqual({
        status: 403,
        code: 'FORBIDDEN',
      });
      expect(await errorOf(await t.send(method, `${base(a)}${tail}`, undefined, body)), `${method} ${tail}`).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
      });
    }
    expect(await status(a)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });
});
