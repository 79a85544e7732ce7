import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { marketingContacts } from '../../server/db/schema.ts';
import {
  marketingContactSchema,
  subscriptionsResponseSchema,
  type MarketingContact,
} from '../../src/lib/api/marketing/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';

interface Session {
  cookie: string;
  guid: string;
}

describe.each(BACKENDS)('marketing API on %s', (backend) => {
  let t: TestApp;
  let demo: Session;
  let agreement: Session;
  let idrequired: Session;
  beforeAll(async () => {
    t = await createTestApp(backend);
    demo = await t.login('demo@example.com', '198.51.100.121');
    agreement = await t.login('agreement@example.com', '198.51.100.122');
    idrequired = await t.login('idrequired@example.com', '198.51.100.123');
  });
  afterAll(() => t.close());

  const send: TestApp['send'] = (...args) => t.send(...args);
  const contact = (overrides: Partial<MarketingContact> = {}): MarketingContact => ({
    firstName: 'Rana',
    lastName: 'Aziz',
    email: 'agreement@example.com',
    countryCode: 'AE',
    langCode: 'ar',
    optin: true,
    formStage: 1,
    planId: 1,
    ...overrides,
  });
  const codeOf = async (res: Response) => [res.status, apiErrorSchema.parse(await res.json()).code];

  describe('marketing contact', () => {
    const path = '/api/v1/emarsysContact';

    it('needs a login for every call', async () => {
      expect((await send('GET', `${path}?email=demo@example.com`, undefined)).status).toBe(401);
      expect((await send('POST', path, undefined, contact())).status).toBe(401);
      expect((await send('PUT', path, undefined, contact())).status).toBe(401);
    });

    it("answers the user's own contact, whatever the e-mail's case, and 404 when there is none", async () => {
      const res = await send('GET', `${path}?email=${encodeURIComponent(' Demo@Example.com ')}`, demo);
      expect(res.status).toBe(200);
      expect(marketingContactSchema.parse(await res.json())).toEqual({
        firstName: 'Dana',
        lastName: 'Haddad',
        email: 'demo@example.com',
        countryCode: 'JO',
        langCode: 'en',
        optin: true,
        formStage: 4,
        planId: 2,
      });
      expect(await codeOf(await send('GET', `${path}?email=idrequired@example.com`, idrequired))).toEqual([
        404,
        'NOT_FOUND',
      ]);
      expect(await codeOf(await send('GET', `${path}?email=not-an-email`, demo))).toEqual([400, 'VALIDATION']);
      expect(await codeOf(await send('GET', path, demo))).toEqual([400, 'VALIDATION']);
    });

    it("refuses another person's contact (403), whether or not it exists", async () => {
      for (const email of ['incomplete@example.com', 'nobody@example.com']) {
        expect(await codeOf(await send('GET', `${path}?email=${email}`, demo)), email).toEqual([403, 'FORBIDDEN']);
      }
      expect(await codeOf(await send('POST', path, demo, contact()))).toEqual([403, 'FORBIDDEN']);
      expect(await codeOf(await send('PUT', path, agreement, contact({ email: 'demo@example.com' })))).toEqual([
        403,
        'FORBIDDEN',
      ]);
      const [untouched] = await t.database.db
        .select()
        .from(marketingContacts)
        .where(eq(marketingContacts.email, 'demo@example.com'));
      expect(untouched?.firstName).toBe('Dana');
    });

    it('creates the contact (201), then answers 2009 to a second create, and updates it with PUT', async () => {
      const created = await send('POST', path, agreement, contact({ email: 'AGREEMENT@example.com' }));
      expect(created.status).toBe(201);
      expect(marketingContactSchema.parse(await created.json())).toEqual(contact());

      const again = await send('POST', path, agreement, contact({ formStage: 2 }));
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ code: '2009', message: '2009' });

      const updated = await send('PUT', path, agreement, contact({ formStage: 3, planId: 2, optin: false }));
      expect(updated.status).toBe(200);
      expect(marketingContactSchema.parse(await updated.json())).toMatchObject({
        formStage: 3,
        planId: 2,
        optin: false,
      });
      const read = await send('GET', `${path}?email=agreement@example.com`, agreement);
      expect(await read.json()).toMatchObject({ formStage: 3, planId: 2, optin: false });
    });

    it('answers 404 to an update of a contact that does not exist, and 400 to an invalid one', async () => {
      const res = await send('PUT', path, idrequired, contact({ email: 'idrequired@example.com' }));
      expect(await codeOf(res)).toEqual([404, 'NOT_FOUND']);
      const bad = await send('POST', path, idrequired, {
        ...contact({ email: 'idrequired@example.com' }),
        formStage: 5,
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(await bad.json()).fieldErrors ?? {})).toEqual(['formStage']);
    });
  });

  describe('subscriptions', () => {
    const list = async (as: Session, path = `/api/customers/${as.guid}/subscriptions`) => {
      const res = await send('GET', path, as);
      expect(res.status).toBe(200);
      return subscriptionsResponseSchema.parse(await res.json());
    };
    const change = (as: Session, body: unknown, guid = as.guid) =>
      send('PUT', `/api/customers/${guid}/subscriptions`, as, body);

    it("answers the brand's two lists with the user's choice, under customers and account alike", async () => {
      expect(await list(demo)).toEqual([
        { listId: 1054, type: 4, kind: 'promo', subscribed: true },
        { listId: 1055, type: 3, kind: 'serviceUpdate', subscribed: true },
      ]);
      expect(await list(demo, `/api/account/${demo.guid}/subscriptions`)).toEqual(await list(demo));
      expect(await list(idrequired)).toEqual([
        { listId: 1054, type: 4, kind: 'promo', subscribed: false },
        { listId: 1055, type: 3, kind: 'serviceUpdate', subscribed: true },
      ]);
    });

    it('subscribes and unsubscribes by type, answering the new list', async () => {
      const res = await change(idrequired, [
        { action: '1', type: 4 },
        { action: '2', type: 3 },
      ]);
      expect(res.status).toBe(200);
      const after = [
        { listId: 1054, type: 4, kind: 'promo', subscribed: true },
        { listId: 1055, type: 3, kind: 'serviceUpdate', subscribed: false },
      ];
      expect(subscriptionsResponseSchema.parse(await res.json())).toEqual(after);
      expect(await list(idrequired)).toEqual(after);
      expect(await list(idrequired, `/api/account/${idrequired.guid}/subscriptions`)).toEqual(after);
      const back = await change(idrequired, [{ action: '1', type: 3 }]);
      expect((await back.json())[1]).toMatchObject({ kind: 'serviceUpdate', subscribed: true });
    });

    it("refuses a type that isn't one of the brand's lists, and an empty or malformed change", async () => {
      const promoBefore = (await list(idrequired))[0]?.subscribed;
      expect(promoBefore).toBe(true);
      const other = await change(idrequired, [
        { action: '2', type: 4 },
        { action: '1', type: 2 },
      ]);
      expect(other.status).toBe(400);
      expect(apiErrorSchema.parse(await other.json())).toMatchObject({
        code: 'VALIDATION',
        fieldErrors: { '1.type': ['type'] },
      });
      expect((await change(idrequired, [])).status).toBe(400);
      expect((await change(idrequired, [{ action: 'subscribe', type: 4 }])).status).toBe(400);
      // Nothing of a refused change is applied.
      expect((await list(idrequired))[0]?.subscribed).toBe(promoBefore);
    });

    it("refuses another user's lists (403) and answers 401 without a session", async () => {
      for (const path of [`/api/customers/${demo.guid}/subscriptions`, `/api/account/${demo.guid}/subscriptions`]) {
        expect((await send('GET', path, agreement)).status).toBe(403);
        expect((await send('GET', path, undefined)).status).toBe(401);
      }
      expect((await change(agreement, [{ action: '2', type: 4 }], demo.guid)).status).toBe(403);
      expect((await send('PUT', `/api/customers/${demo.guid}/subscriptions`, undefined, [])).status).toBe(401);
      expect((await list(demo))[0]?.subscribed).toBe(true);
    });
  });
});

describe.each(BACKENDS)('subscriptions of the second brand on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { brand: 'mailbridge' });
  });
  afterAll(() => t.close());

  it("answers and changes Mailbridge's lists", async () => {
    const { cookie, guid } = await t.login('demo@example.com');
    const path = `/api/customers/${guid}/subscriptions`;
    const res = await t.request(path, { cookie });
    expect(subscriptionsResponseSchema.parse(await res.json())).toEqual([
      { listId: 23, type: 2, kind: 'promo', subscribed: true },
      { listId: 407, type: 1, kind: 'serviceUpdate', subscribed: true },
    ]);
    const shipboxType = await t.request(path, {
      method: 'PUT',
      cookie,
      body: JSON.stringify([{ action: '2', type: 4 }]),
    });
    expect(shipboxType.status).toBe(400);
    const off = await t.request(path, { method: 'PUT', cookie, body: JSON.stringify([{ action: '2', type: 2 }]) });
    expect((await off.json())[0]).toEqual({ listId: 23, type: 2, kind: 'promo', subscribed: false });
  });
});
