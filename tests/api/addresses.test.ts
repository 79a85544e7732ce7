import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { addresses } from '../../server/db/schema.ts';
import { addressesSchema, serviceActivateResponseSchema } from '../../src/lib/api/account-home/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';

interface Session {
  cookie: string;
  guid: string;
}

describe.each(BACKENDS)('shipping addresses on %s', (backend) => {
  let t: TestApp;
  let demo: Session;
  let other: Session;
  beforeAll(async () => {
    t = await createTestApp(backend);
    demo = await t.login('demo@example.com', '198.51.100.150');
    other = await t.login('agreement@example.com', '198.51.100.151');
  });
  afterAll(() => t.close());

  const list = (as: Session | undefined, guid = demo.guid, slash = '/') =>
    t.request(`/api/v1/account/${guid}/ShippingAddresses${slash}`, as ? { cookie: as.cookie } : {});
  const activate = (
    as: Session | undefined,
    addressId: number | string,
    code: string,
    value: string,
    guid = demo.guid,
  ) =>
    t.request(`/api/v1/account/${guid}/ShippingAddresses/${addressId}/Services/${code}/Activate/${value}`, {
      method: 'POST',
      ...(as ? { cookie: as.cookie } : {}),
    });
  const error = async (res: Response) => [res.status, apiErrorSchema.parse(await res.json()).code];
  const servicesOf = async (id: number) => {
    const [row] = await t.database.db.select().from(addresses).where(eq(addresses.id, id));
    return row?.services;
  };

  it("lists the user's six mailboxes in id order, with country names, the mailbox name and the services", async () => {
    const res = await list(demo);
    expect(res.status).toBe(200);
    const items = addressesSchema.parse(await res.json());
    expect(items.map((a) => [a.entity, a.countryCode, a.country])).toEqual([
      ['NYC', 'US', 'United States'],
      ['LON', 'GB', 'United Kingdom'],
      ['CAN', 'CN', 'China'],
      ['IST', 'TR', 'Türkiye'],
      ['DXB', 'AE', 'United Arab Emirates'],
      ['FRA', 'DE', 'Germany'],
    ]);
    expect(items.map((a) => a.id)).toEqual([...items.map((a) => a.id)].sort((a, b) => a - b));
    expect(items[0]).toMatchObject({
      alias: 'New York',
      usMailbox: 'Dana Haddad',
      mailBoxCustomerEntity: 'AMM',
      mailBoxCustomerNumber: 'Dana Haddad/AMM 104582',
      streetAddressLine1: '350 W 31st St',
      streetAddressLine2: 'Suite AMM 104582',
      city: 'New York',
      state: 'NY',
      zipCode: '10001',
      availableServices: [
        { code: 'SS001', isSelected: true },
        { code: 'SS002', isSelected: true },
        { code: 'SS008', isSelected: true },
        { code: 'SS009', isSelected: false },
      ],
    });
    // Only the spec's path, with its trailing slash, is served: nothing outside needs another.
    expect((await list(demo, demo.guid, '')).status).toBe(404);
    // Another customer sees only theirs.
    const theirs = addressesSchema.parse(await (await list(other, other.guid)).json());
    expect(theirs.map((a) => a.usMailbox)).toEqual(['Rana Aziz', 'Rana Aziz']);
  });

  it('names the mailboxes in the language asked for, and keeps the postal address as the warehouse prints it', async () => {
    const inArabic = (path: string, method = 'GET') =>
      t.request(`${path}?language=ar`, { method, cookie: demo.cookie });
    const res = await inArabic(`/api/v1/account/${demo.guid}/ShippingAddresses/`);
    expect(res.status).toBe(200);
    const items = addressesSchema.parse(await res.json());
    expect(items.map((a) => a.alias)).toEqual(['نيويورك', 'لندن', 'قوانغتشو', 'إسطنبول', 'دبي', 'فرانكفورت']);
    expect(items[5]).toMatchObject({ country: 'Germany', city: 'Frankfurt am Main', state: 'Hesse' });
    // The answer to a service toggle names its mailbox the same way.
    const toggled = await inArabic(
      `/api/v1/account/${demo.guid}/ShippingAddresses/${items[1]!.id}/Services/SS009/Activate/false`,
      'POST',
    );
    expect(serviceActivateResponseSchema.parse(await toggled.json())).toMatchObject({ alias: 'لندن', city: 'London' });
    // English by default, and for a language the brand doesn't speak.
    const english = addressesSchema.parse(await (await list(demo)).json());
    expect(english.map((a) => a.alias)).toEqual(['New York', 'London', 'Guangzhou', 'Istanbul', 'Dubai', 'Frankfurt']);
    const unknown = await t.request(`/api/v1/account/${demo.guid}/ShippingAddresses/?language=fr`, {
      cookie: demo.cookie,
    });
    expect(unknown.status).toBe(400);
  });

  it('turns a service on and off, stores it and answers the updated address', async () => {
    const [first] = addressesSchema.parse(await (await list(demo)).json());
    const on = await activate(demo, first!.id, 'SS009', 'true');
    expect(on.status).toBe(200);
    const address = serviceActivateResponseSchema.parse(await on.json());
    expect(address).toMatchObject({ id: first!.id, country: 'United States', usMailbox: 'Dana Haddad' });
    expect(address.availableServices.find((s) => s.code === 'SS009')?.isSelected).toBe(true);
    expect((await servicesOf(first!.id))?.find((s) => s.code === 'SS009')?.isSelected).toBe(true);

    const off = await activate(demo, first!.id, 'SS001', 'false');
    expect(off.status).toBe(200);
    expect(await servicesOf(first!.id)).toEqual([
      { code: 'SS001', isSelected: false },
      { code: 'SS002', isSelected: true },
      { code: 'SS008', isSelected: true },
      { code: 'SS009', isSelected: true },
    ]);
  });

  it('refuses unknown service codes, values other than true and false, and a service the address lacks (400)', async () => {
    const [first] = addressesSchema.parse(await (await list(demo)).json());
    const before = await servicesOf(first!.id);
    expect(await error(await activate(demo, first!.id, 'SS003', 'true'))).toEqual([400, 'VALIDATION']);
    expect(await error(await activate(demo, first!.id, 'SS001', 'yes'))).toEqual([400, 'VALIDATION']);
    expect(await error(await activate(demo, 'abc', 'SS001', 'true'))).toEqual([400, 'VALIDATION']);
    // An address whose services don't include the code.
    await t.database.db
      .update(addresses)
      .set({ services: [{ code: 'SS001', isSelected: false }] })
      .where(eq(addresses.id, first!.id));
    expect(await error(await activate(demo, first!.id, 'SS002', 'true'))).toEqual([400, 'VALIDATION']);
    await t.database.db.update(addresses).set({ services: before! }).where(eq(addresses.id, first!.id));
  });

  it("answers 404 for another customer's address under one's own guid, and leaves it alone", async () => {
    const [theirs] = addressesSchema.parse(await (await list(other, other.guid)).json());
    const before = await servicesOf(theirs!.id);
    expect(await error(await activate(demo, theirs!.id, 'SS001', 'true'))).toEqual([404, 'NOT_FOUND']);
    expect(await error(await activate(demo, 999_999, 'SS001', 'true'))).toEqual([404, 'NOT_FOUND']);
    // Beyond any integer column: refused as input the database can't hold (docs/decisions/030).
    expect(await error(await activate(demo, 99_999_999_999, 'SS001', 'true'))).toEqual([400, 'VALIDATION']);
    expect(await servicesOf(theirs!.id)).toEqual(before);
  });

  it("refuses another user's guid (403) and no session (401) on both calls", async () => {
    const [first] = addressesSchema.parse(await (await list(demo)).json());
    expect(await error(await list(other))).toEqual([403, 'FORBIDDEN']);
    expect(await error(await list(undefined))).toEqual([401, 'UNAUTHORIZED']);
    expect(await error(await activate(other, first!.id, 'SS009', 'false'))).toEqual([403, 'FORBIDDEN']);
    expect(await error(await activate(undefined, first!.id, 'SS009', 'false'))).toEqual([401, 'UNAUTHORIZED']);
  });
});
