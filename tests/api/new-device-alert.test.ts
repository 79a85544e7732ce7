/**
 * The new-device e-mail (issue 25, scope 3): every login sets a long-lived device cookie; a login from a device the
 * account hasn't used sends one e-mail with the time, device and approximate place and a link to the sessions
 * list, but not the account's first login, nor the same device again; two logins racing from one new device send
 * one, on one process or on two; a mail that can't be written doesn't fail the login.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, capturedLogger, createTestApp, type TestApp } from './harness.ts';
import { DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { knownDevices, outboxEmails, users } from '../../server/db/schema.ts';
import type { Mailer } from '../../server/mail/mailer.ts';
import { STARTUP_TIMEOUT_MS, startPair, type Instance, type ProcessPair } from './api-processes.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

/** A device cookie's value as a browser would hold it. */
const newDevice = () => randomBytes(32).toString('base64url');

interface Login {
  status: number;
  setCookies: string[];
  /** The `did=…` value the answer set, if any. */
  device: string | undefined;
}

const deviceSet = (setCookies: string[]) =>
  setCookies.map((c) => /^(?:__Host-)?did=([^;]*)/.exec(c)?.[1]).find((v) => v !== undefined);

describe.each(BACKENDS)('new-device e-mail on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  /** Logs in from a browser: its device cookie (none for a fresh browser), User-Agent and country. */
  const logIn = async (
    email: string,
    options: { device?: string; userAgent?: string; country?: string; headers?: Record<string, string> } = {},
  ): Promise<Login> => {
    const headers: Record<string, string> = { 'user-agent': options.userAgent ?? LAPTOP, ...options.headers };
    if (options.country) headers['cf-ipcountry'] = options.country;
    const cookieName = options.headers?.['x-forwarded-proto'] === 'https' ? '__Host-did' : 'did';
    const res = await t.request('/api/account/login', {
      method: 'POST',
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      headers,
      ...(options.device ? { cookie: `${cookieName}=${options.device}` } : {}),
    });
    const setCookies = res.headers.getSetCookie();
    return { status: res.status, setCookies, device: deviceSet(setCookies) };
  };

  const alertsTo = (email: string) =>
    t.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'new-device')));

  /** A new customer who has logged in once, from the browser whose device cookie this answers. */
  const customer = async () => {
    const made = await t.request('/dev/customers', { method: 'POST', body: '{}' });
    const { email } = (await made.json()) as { email: string };
    const first = await logIn(email, { userAgent: LAPTOP, country: 'JO' });
    expect(first.status).toBe(200);
    return { email, device: first.device! };
  };

  it("sets an HttpOnly, SameSite=Lax device cookie for about 400 days, after the session's; stores only a hash", async () => {
    const { email, device } = await customer();
    const again = await logIn(email, { device });
    const [session, did] = again.setCookies;
    expect(session).toMatch(/^sid=/);
    expect(did).toMatch(/^did=[\w-]{43};/);
    expect(did).toMatch(/; Max-Age=34560000(;|$)/);
    expect(did).toMatch(/; HttpOnly/i);
    expect(did).toMatch(/; SameSite=Lax/i);
    expect(did).toMatch(/; Path=\/(;|$)/);
    expect(did).not.toMatch(/Secure|Domain=/i);
    // The same device keeps its cookie.
    expect(again.device).toBe(device);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const rows = await t.database.db.select().from(knownDevices).where(eq(knownDevices.userGuid, user!.guid));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deviceHash).not.toContain(device);
    expect(JSON.stringify(rows)).not.toContain(device);
  });

  it('is Secure with the __Host- prefix when the trusted proxy says https', async () => {
    const { email } = await customer();
    const https = await logIn(email, { headers: { 'x-forwarded-proto': 'https', origin: 'https://localhost' } });
    expect(https.status).toBe(200);
    const did = https.setCookies.find((c) => c.includes('did='));
    expect(did).toMatch(/^__Host-did=[\w-]{43};/);
    expect(did).toMatch(/; Secure/i);
    expect(did).toMatch(/; HttpOnly/i);
    expect(did).not.toMatch(/Domain=/i);
  });

  it("sends nothing for the account's first login, nor for the same device again", async () => {
    const { email, device } = await customer();
    expect(await alertsTo(email)).toHaveLength(0);
    expect((await logIn(email, { device })).status).toBe(200);
    expect((await logIn(email, { device, userAgent: PHONE, country: 'AE' })).status).toBe(200);
    expect(await alertsTo(email)).toHaveLength(0);
  });

  it('sends one e-mail for a new device: when, on what, from about where, and the way to the sessions list', async () => {
    const { email, device } = await customer();
    const phone = await logIn(email, { userAgent: PHONE, country: 'AE' });
    expect(phone.status).toBe(200);
    expect(phone.device).toBeDefined();
    expect(phone.device).not.toBe(device);
    const [mail, ...more] = await alertsTo(email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ langCode: 'en', subject: 'New login to your Shipbox account' });
    expect(mail!.link).toBe('http://localhost/en/account/edit-profile#sessions');
    expect(mail!.body).toContain('Device: Chrome on Android');
    expect(mail!.body).toContain('Approximate place: United Arab Emirates');
    // T0 on the wall clock of the customer's country (Jordan, UTC+3), the zone named.
    expect(mail!.body).toContain('When: November 22, 2026 at 11:00 AM (GMT+3)');
    expect(mail!.body).toContain('http://localhost/en/account/edit-profile#sessions');
    expect(mail!.body).toContain('http://localhost/en/account/change-password');
    // The phone again, and the laptop again: nothing more.
    await logIn(email, { device: phone.device!, userAgent: PHONE });
    await logIn(email, { device });
    expect(await alertsTo(email)).toHaveLength(1);
    // Another new device: one more.
    await logIn(email, { device: newDevice() });
    expect(await alertsTo(email)).toHaveLength(2);
  });

  it("writes to an Arabic customer in Arabic: the country's name, the date, the links", async () => {
    const { email } = await customer();
    await t.database.db.update(users).set({ langCode: 'ar' }).where(eq(users.email, email));
    await logIn(email, { userAgent: PHONE, country: 'AE' });
    const [mail, ...more] = await alertsTo(email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ langCode: 'ar', subject: 'تسجيل دخول جديد إلى حسابك في Shipbox' });
    expect(mail!.link).toBe('http://localhost/ar/account/edit-profile#sessions');
    expect(mail!.body).toContain('الجهاز: Chrome على Android');
    expect(mail!.body).toContain('المكان التقريبي: الإمارات العربية المتحدة');
    expect(mail!.body).toContain('نوفمبر');
    expect(mail!.body).toContain('http://localhost/ar/account/change-password');
    expect(mail!.body).not.toMatch(/Device|place|November/);
  });

  it('names an unknown place so when the login has no country', async () => {
    const { email } = await customer();
    await logIn(email, { userAgent: 'curl/8.0' });
    const [mail] = await alertsTo(email);
    expect(mail!.body).toContain('Device: Unknown device');
    expect(mail!.body).toContain('Approximate place: Unknown');
  });

  it('sends one e-mail when two logins race from one new device', async () => {
    const { email } = await customer();
    const device = newDevice();
    const logins = await Promise.all([1, 2, 3].map(() => logIn(email, { device, userAgent: PHONE })));
    expect(logins.map((l) => l.status)).toEqual([200, 200, 200]);
    expect(await alertsTo(email)).toHaveLength(1);
  });

  it('does not fail the login when the e-mail cannot be written, and logs no address', async () => {
    const { logger, lines } = capturedLogger();
    const failing: Mailer = { send: () => Promise.reject(new Error('mail store down for someone@example.com')) };
    const broken = await createTestApp(backend, { mailer: failing, logger });
    try {
      const made = await broken.request('/dev/customers', { method: 'POST', body: '{}' });
      const { email } = (await made.json()) as { email: string };
      await broken.login(email);
      const res = await broken.request('/api/account/login', {
        method: 'POST',
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      expect(res.status).toBe(200);
      const failures = lines.filter((l) => l.includes('new-device e-mail not sent'));
      expect(failures).toHaveLength(1);
      expect(failures[0]).not.toContain('@');
      // Not recorded without its alert: the next login from that device tries again.
      const [user] = await broken.database.db.select().from(users).where(eq(users.email, email));
      expect(
        await broken.database.db.select().from(knownDevices).where(eq(knownDevices.userGuid, user!.guid)),
      ).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });
});

describe('new-device e-mail for Mailbridge', () => {
  it('is in English, the brand having no other language', async () => {
    const t = await createTestApp('pglite', { brand: 'mailbridge' });
    try {
      const made = await t.request('/dev/customers', { method: 'POST', body: '{}' });
      const { email } = (await made.json()) as { email: string };
      await t.database.db.update(users).set({ langCode: 'ar' }).where(eq(users.email, email));
      await t.login(email);
      await t.login(email);
      const mails = await t.database.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'new-device')));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ langCode: 'en', subject: 'New login to your Mailbridge account' });
      expect(mails[0]!.link).toBe('http://localhost/en/account/edit-profile#sessions');
    } finally {
      await t.close();
    }
  });
});

describe('new-device e-mail from two API processes on one PostgreSQL database', () => {
  let pair: ProcessPair;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    pair = await startPair('newdevice');
    ({ a, b } = pair);
  }, STARTUP_TIMEOUT_MS + 30_000);

  afterAll(() => pair?.stop());

  const login = (instance: Instance, email: string, device: string) =>
    fetch(`${instance.origin}/api/account/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        origin: instance.origin,
        'user-agent': PHONE,
        cookie: `did=${device}`,
      },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });

  const outbox = async (email: string) => {
    const res = await fetch(`${a.origin}/dev/outbox.json?to=${encodeURIComponent(email)}&kind=new-device`);
    return ((await res.json()) as { emails: { kind: string }[] }).emails;
  };

  it('sends one e-mail when one new device logs in on both at once', async () => {
    const made = await fetch(`${b.origin}/dev/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: b.origin },
      body: '{}',
    });
    expect(made.status).toBe(200);
    const { email } = (await made.json()) as { email: string };
    expect((await login(a, email, newDevice())).status).toBe(200);
    const device = newDevice();
    const answers = await Promise.all([a, b, a, b].map((instance) => login(instance, email, device)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await outbox(email)).toHaveLength(1);
    // And from each process again: still one.
    await Promise.all([a, b].map((instance) => login(instance, email, device)));
    expect(await outbox(email)).toHaveLength(1);
    for (const instance of [a, b]) expect(instance.output(), `${instance.name} logged`).not.toMatch(/"level":(50|60)/);
  });
});
