import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BACKENDS, cookieOf, createTestApp, type TestApp } from './harness.ts';
import { DEMO_MOBILE } from '../../server/dev/seed.ts';
import { subscriptions, users } from '../../server/db/schema.ts';
import { verifyPassword } from '../../server/auth/passwords.ts';
import { loginResponseSchema } from '../../src/lib/api/session/contract.ts';
import { absoluteUriSchema, type SignupRequest } from '../../src/lib/api/signup/contract.ts';
import { signupForm } from '../fixtures/signup-form.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { brands } from '../../src/brands/brands.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

let counter = 0;
/** A valid signup form with an e-mail and a mobile number nobody has, numbered by `counter`. */
function form(overrides: Partial<SignupRequest> = {}): SignupRequest {
  counter += 1;
  return signupForm({
    email: `new.${counter}@example.com`,
    mobileNumber: `+962 (79) 600 ${String(1000 + counter)}`,
    ...overrides,
  });
}

describe.each(BACKENDS)('signup API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  let address = 0;
  /** Each test speaks from an address of its own, so the throttles don't meet. */
  const from = () => `198.18.${Math.floor(++address / 250)}.${address % 250}`;
  const post = (path: string, body: unknown, init: { cookie?: string; from?: string } = {}) =>
    t.request(path, { method: 'POST', body: JSON.stringify(body), from: init.from ?? from(), ...init });
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    return apiErrorSchema.parse(await res.json());
  };
  const userOf = async (email: string) => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    return user;
  };

  describe('POST api/signup', () => {
    it('creates an active account, logs the visitor in and answers 201 with the login response', async () => {
      const body = form({ email: ' New.Customer@Example.com ', agreeOnUseOptIn: true, planId: 2, langCode: 'ar' });
      const res = await post('/api/signup', body);
      expect(res.status).toBe(201);
      const answer = loginResponseSchema.parse(await res.json());
      expect(answer).toMatchObject({
        email: 'new.customer@example.com',
        firstName: 'Lina',
        lastName: "O'Hara-Smith",
        langCode: 'ar',
        countryCode: 'JO',
        hasMailboxes: false,
        confirmedAgreement: true,
        planId: 1,
        isIdAttachmentMandatory: false,
        areIdDetailsMandatory: false,
      });
      const cookie = cookieOf(res);
      expect(res.headers.getSetCookie()[0]).toMatch(/^sid=[\w-]{40,};.*HttpOnly/);

      // The session works as a login's does.
      const details = await t.request('/api/account/GetCustomerDetails', { cookie });
      expect(details.status).toBe(200);
      expect(loginResponseSchema.parse(await details.json()).userGuid).toBe(answer.userGuid);
      const profile = await t.request(`/api/customers/${answer.userGuid}`, { cookie });
      expect(profile.status).toBe(200);

      const user = await userOf('new.customer@example.com');
      expect(user).toMatchObject({
        status: 'active',
        mobile: `96279600${String(1000 + counter)}`,
        birthDate: '1990-05-04',
        langCode: 'ar',
        signupPlanId: 2,
        planId: 1,
        hasMailboxes: false,
        confirmedAgreement: true,
        idMandatory: false,
        idDetailsMandatory: false,
      });
      expect(await verifyPassword('Strong!2345', user?.passwordHash ?? '')).toBe(true);
      const lists = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userGuid, answer.userGuid));
      const { promo, serviceUpdate } = brands.shipbox.mailingLists;
      expect(lists.map((l) => [l.listId, l.subscribed]).sort()).toEqual(
        [
          [promo.id, true],
          [serviceUpdate.id, true],
        ].sort(),
      );
    });

    it('takes the ID rules from the country and leaves offers off without the opt-in', async () => {
      const res = await post('/api/signup', form({ countryCode: 'SA', mobileNumber: '966 55 123 0001' }));
      expect(res.status).toBe(201);
      const answer = loginResponseSchema.parse(await res.json());
      expect(answer).toMatchObject({ countryCode: 'SA', isIdAttachmentMandatory: true, areIdDetailsMandatory: true });
      const promo = await t.database.db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userGuid, answer.userGuid),
            eq(subscriptions.listId, brands.shipbox.mailingLists.promo.id),
          ),
        );
      expect(promo.map((p) => p.subscribed)).toEqual([false]);
    });

    it('ends the session the browser had', async () => {
      const before = await t.login('demo@example.com', from());
      const res = await post('/api/signup', form(), { cookie: before.cookie });
      expect(res.status).toBe(201);
      expect((await t.request('/api/account/GetCustomerDetails', { cookie: before.cookie })).status).toBe(401);
      expect((await t.request('/api/account/GetCustomerDetails', { cookie: cookieOf(res) })).status).toBe(200);
    });

    it('refuses names that are not names with VEX022 on each field', async () => {
      const first = await refusal(await post('/api/signup', form({ firstName: 'L1na' })));
      expect(first).toMatchObject({ code: 'VEX022', fieldErrors: { firstName: ['VEX022'] } });
      const both = await refusal(await post('/api/signup', form({ firstName: '<b>', lastName: 'Smith2' })));
      expect(both).toMatchObject({ code: 'VEX022', fieldErrors: { firstName: ['VEX022'], lastName: ['VEX022'] } });
    });

    it('refuses a mobile number that is not one with VEX008', async () => {
      for (const mobileNumber of ['12-ab', '12345', '+1 234 567 890 123 456']) {
        const body = await refusal(await post('/api/signup', form({ mobileNumber })));
        expect(body, mobileNumber).toMatchObject({ code: 'VEX008', fieldErrors: { mobileNumber: ['VEX008'] } });
      }
    });

    it("refuses another customer's mobile number with VEX003, however it is written", async () => {
      const formatted = `+${DEMO_MOBILE.slice(0, 3)} (${DEMO_MOBILE.slice(3, 5)}) ${DEMO_MOBILE.slice(5)}`;
      const body = await refusal(await post('/api/signup', form({ mobileNumber: formatted })));
      expect(body).toMatchObject({ code: 'VEX003', fieldErrors: { mobileNumber: ['VEX003'] } });
    });

    it('refuses an e-mail that has an account with VEX001, and creates nothing', async () => {
      const body = await refusal(await post('/api/signup', form({ email: ' DEMO@example.com' })));
      expect(body).toMatchObject({ code: 'VEX001', fieldErrors: { email: ['VEX001'] } });
      const both = await refusal(
        await post('/api/signup', form({ email: 'demo@example.com', mobileNumber: DEMO_MOBILE })),
      );
      expect(both).toMatchObject({
        code: 'VEX001',
        fieldErrors: { email: ['VEX001'], mobileNumber: ['VEX003'] },
      });
    });

    it('answers VALIDATION with the field errors for other problems', async () => {
      const weak = await refusal(await post('/api/signup', form({ password: 'weak', passwordConfirmation: 'weak' })));
      expect(weak.code).toBe('VALIDATION');
      expect(weak.fieldErrors?.password).toContain('password.length');
      const mismatch = await refusal(await post('/api/signup', form({ passwordConfirmation: 'Other!2345' })));
      expect(mismatch).toMatchObject({ code: 'VALIDATION', fieldErrors: { passwordConfirmation: ['passwordMatch'] } });
      const young = new Date().getFullYear() - 17;
      const minor = await refusal(await post('/api/signup', form({ birthDate: { day: 1, month: 1, year: young } })));
      expect(minor).toMatchObject({ code: 'VALIDATION', fieldErrors: { birthDate: ['adult'] } });
      const noDate = await refusal(await post('/api/signup', form({ birthDate: { day: 31, month: 2, year: 1990 } })));
      expect(noDate.fieldErrors?.birthDate).toContain('date');
      const missing = await refusal(await post('/api/signup', { email: 'someone@example.com' }));
      expect(missing.code).toBe('VALIDATION');
      expect(Object.keys(missing.fieldErrors ?? {})).toEqual(
        expect.arrayContaining(['firstName', 'lastName', 'password', 'countryCode', 'mobileNumber', 'planId']),
      );
    });

    it('refuses an unknown country and a plan the country does not offer', async () => {
      const country = await refusal(await post('/api/signup', form({ countryCode: 'ZZ' })));
      expect(country).toMatchObject({ code: 'VALIDATION', fieldErrors: { countryCode: ['unknown'] } });
      // Morocco offers basic only.
      const plan = await refusal(await post('/api/signup', form({ countryCode: 'MA', planId: 2 })));
      expect(plan).toMatchObject({ code: 'VALIDATION', fieldErrors: { planId: ['unavailable'] } });
      expect(await userOf(`new.${counter}@example.com`)).toBeUndefined();
    });

    it('answers 10 signups an hour from one address, then 429 with Retry-After', async () => {
      const address = from();
      for (let i = 0; i < 10; i++) {
        const res = await post('/api/signup', form({ email: 'demo@example.com' }), { from: address });
        expect(res.status).toBe(400);
      }
      const blocked = await post('/api/signup', form(), { from: address });
      expect(blocked.status).toBe(429);
      expect((await blocked.json()).code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address is not held up.
      expect((await post('/api/signup', form(), { from: from() })).status).toBe(201);
      t.advance(HOUR + 1000);
      expect((await post('/api/signup', form(), { from: address })).status).toBe(201);
    });
  });

  describe('POST api/signup/check', () => {
    const check = (body: unknown, address = from()) => post('/api/signup/check', body, { from: address });

    it('answers available for a free e-mail', async () => {
      const res = await check(' Someone.New@Example.com ');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ available: true });
    });

    it('answers VEX001 for a taken e-mail, whatever its case', async () => {
      const body = await refusal(await check(' DEMO@Example.com'));
      expect(body).toMatchObject({ code: 'VEX001', fieldErrors: { email: ['VEX001'] } });
    });

    it('answers VEX002 for anything but an e-mail', async () => {
      for (const value of ['not-an-email', '', 42, { email: 'a@example.com' }]) {
        const body = await refusal(await check(value));
        expect(body, JSON.stringify(value)).toMatchObject({ code: 'VEX002', fieldErrors: { email: ['VEX002'] } });
      }
    });

    it('answers 60 checks in 15 minutes from one address, then 429', async () => {
      const address = from();
      for (let i = 0; i < 60; i++) expect((await check(`probe.${i}@example.com`, address)).status).toBe(200);
      const blocked = await check('probe.last@example.com', address);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      t.advance(15 * MINUTE + 1000);
      expect((await check('probe.after@example.com', address)).status).toBe(200);
    });
  });

  describe('POST api/signup/ResolvePaymentUrl', () => {
    const resolve = (body: unknown, cookie?: string) =>
      post('/api/signup/ResolvePaymentUrl', body, cookie ? { cookie } : {});
    const signedUp = async (overrides: Partial<SignupRequest>) => {
      const res = await post('/api/signup', form(overrides));
      expect(res.status).toBe(201);
      return cookieOf(res) ?? '';
    };

    it('needs a login', async () => {
      expect((await resolve({ currencyCode: 'JOD', planId: 2, lang: 'en' })).status).toBe(401);
    });

    it("answers the payment step's address for a plan of the user's country", async () => {
      const cookie = await signedUp({ planId: 3 });
      const res = await resolve({ currencyCode: 'JOD', planId: 3, lang: 'ar' }, cookie);
      expect(res.status).toBe(200);
      expect(absoluteUriSchema.parse(await res.json())).toEqual({
        absoluteUri: 'http://localhost/ar/signup/payment?id=3',
      });
      // A country without a list of its own pays in the default list's currency.
      const qa = await signedUp({ countryCode: 'QA', mobileNumber: '974 5555 0101' });
      const usd = await resolve({ currencyCode: 'USD', planId: 5, lang: 'en' }, qa);
      expect(await usd.json()).toEqual({ absoluteUri: 'http://localhost/en/signup/payment?id=5' });
    });

    it("refuses a currency that isn't the list's and a plan the country doesn't offer", async () => {
      const cookie = await signedUp({});
      const currency = await refusal(await resolve({ currencyCode: 'USD', planId: 2, lang: 'en' }, cookie));
      expect(currency).toMatchObject({ code: 'VALIDATION', fieldErrors: { currencyCode: ['currency'] } });
      const ma = await signedUp({ countryCode: 'MA', mobileNumber: '212 612 345 678' });
      const plan = await refusal(await resolve({ currencyCode: 'MAD', planId: 2, lang: 'en' }, ma));
      expect(plan).toMatchObject({ code: 'VALIDATION', fieldErrors: { planId: ['unavailable'] } });
      const malformed = await refusal(await resolve({ currencyCode: 'jod', planId: 4, lang: 'fr' }, cookie));
      expect(Object.keys(malformed.fieldErrors ?? {}).sort()).toEqual(['currencyCode', 'lang', 'planId']);
    });
  });
});

describe.each(BACKENDS)('payment link origin on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { brand: 'mailbridge', publicOrigin: 'https://www.mailbridge.example' });
  });
  afterAll(() => t.close());

  it("takes PUBLIC_ORIGIN, not the request's host, and the brand's language", async () => {
    const signup = await t.request('/api/signup', { method: 'POST', body: JSON.stringify(form()) });
    expect(signup.status).toBe(201);
    const res = await t.request('/api/signup/ResolvePaymentUrl', {
      method: 'POST',
      cookie: cookieOf(signup),
      headers: { host: 'evil.example' },
      body: JSON.stringify({ currencyCode: 'JOD', planId: 2, lang: 'ar' }),
    });
    expect(await res.json()).toEqual({ absoluteUri: 'https://www.mailbridge.example/en/signup/payment?id=2' });
    // Mailbridge's lists, not Shipbox's.
    const guid = loginResponseSchema.parse(
      await (await t.request('/api/account/GetCustomerDetails', { cookie: cookieOf(signup) })).json(),
    ).userGuid;
    const lists = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userGuid, guid));
    expect(lists.map((l) => l.listId).sort()).toEqual(
      [brands.mailbridge.mailingLists.promo.id, brands.mailbridge.mailingLists.serviceUpdate.id].sort(),
    );
  });
});
