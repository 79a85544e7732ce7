import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import {
  currentServiceOptionSchema,
  deliveryAddressSchema,
  placeOptionSchema,
  placeSchema,
  placesSchema,
  serviceOptionsSchema,
} from '../../src/lib/api/service-options/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';

interface Customer {
  cookie: string;
  guid: string;
}

describe.each(BACKENDS)('service options API on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const customer = (countryCode = 'JO'): Promise<Customer> => t.newCustomer({ countryCode });
  const account = (who: Customer) => `/api/v1/account/${who.guid}`;
  const get = async (path: string, who?: Customer) => (await t.request(path, who ? { cookie: who.cookie } : {})).json();
  const current = async (who: Customer) =>
    currentServiceOptionSchema.parse(await get(`${account(who)}/ServiceOption`, who));

  it('lists a country’s places by type and language, and refuses a malformed query', async () => {
    const all = placesSchema.parse(await get('/api/v1/locations?countrycode=JO&typeids=1,3,4&lang=ar'));
    expect(all.map((p) => p.id).sort()).toEqual(expect.arrayContaining(['AMM']));
    expect(all.find((p) => p.id === 'AMM')?.cityName).toBe('عمّان');
    const lockers = placesSchema.parse(await get('/api/v1/locations?countrycode=jo&typeids=1'));
    expect(lockers.length).toBeGreaterThan(0);
    expect(lockers.every((p) => p.typeIds.includes(1))).toBe(true);
    expect((await t.request('/api/v1/locations?countrycode=JOR')).status).toBe(400);
    expect(placesSchema.parse(await get('/api/v1/locations?countrycode=AU'))).toEqual([]);
  });

  it('finds a place by code only when it is a reception', async () => {
    expect(placeSchema.parse(await get('/api/shareddata/branches/amm')).id).toBe('AMM');
    const lockerId = placesSchema.parse(await get('/api/v1/locations?countrycode=JO&typeids=1'))[0]!.id;
    expect((await t.request(`/api/shareddata/branches/${lockerId}`)).status).toBe(404);
    expect((await t.request('/api/shareddata/branches/ZZZ')).status).toBe(404);
  });

  it('offers delivery everywhere and pickup or lockers only where there are such offices', async () => {
    const ids = async (code: string) =>
      serviceOptionsSchema.parse(await get(`/api/v1/countries/${code}/ServiceOptions`)).map((o) => o.id);
    expect(await ids('JO')).toEqual([1, 2, 3]);
    expect(await ids('QA')).toEqual([1, 2]);
    expect(await ids('AU')).toEqual([2]);
    expect((await t.request('/api/v1/countries/XX/ServiceOptions')).status).toBe(404);
  });

  it('switches between pickup, locker and delivery, keeping each place', async () => {
    const who = await customer();
    expect(await current(who)).toEqual({ locationId: 0, service: { id: 2, name: 'Delivery' } });
    const places = placesSchema.parse(await get('/api/v1/locations?countrycode=JO'));
    const locker = places.find((p) => p.typeIds.includes(1))!;
    const outlet = places.find((p) => p.typeIds.includes(3) && !p.typeIds.includes(4))!;

    const toLocker = await t.send('PUT', `${account(who)}/ServiceOptions/locker`, who, locker.id);
    expect(currentServiceOptionSchema.parse(await toLocker.json())).toEqual({
      locationId: locker.id,
      service: { id: 3, name: 'Locker' },
    });
    const toPickup = await t.send('PUT', `${account(who)}/ServiceOptions/pickup`, who, outlet.id);
    expect(currentServiceOptionSchema.parse(await toPickup.json())).toMatchObject({
      locationId: outlet.id,
      service: { id: 1 },
    });
    expect(placeOptionSchema.parse(await get(`${account(who)}/ServiceOptions/locker`, who))?.id).toBe(locker.id);
    expect(placeOptionSchema.parse(await get(`${account(who)}/ServiceOptions/pickup`, who))?.id).toBe(outlet.id);

    const home = await t.send('PUT', `${account(who)}/ServiceOptions/useDeliveryAddress`, who);
    expect(currentServiceOptionSchema.parse(await home.json())).toEqual({
      locationId: 0,
      service: { id: 2, name: 'Delivery' },
    });
    expect(await current(who)).toMatchObject({ locationId: 0 });
    const address = deliveryAddressSchema.parse(await get(`${account(who)}/deliveryaddress`, who));
    expect(address).toMatchObject({ city: 'Amman', address1: '1 Test Street', countryName: 'Jordan' });
    // In Arabic, the city and the country by their Arabic names; the street as the customer wrote it.
    const arabic = deliveryAddressSchema.parse(await get(`${account(who)}/deliveryaddress?language=ar`, who));
    expect(arabic).toMatchObject({ city: 'عمّان', address1: '1 Test Street', countryName: 'الأردن' });
  });

  it('refuses a place of the wrong kind or of another country, keeping the choice', async () => {
    const who = await customer();
    const outlet = placesSchema.parse(await get('/api/v1/locations?countrycode=JO&typeids=3'))[0]!;
    const wrongKind = await t.send('PUT', `${account(who)}/ServiceOptions/locker`, who, outlet.id);
    expect(wrongKind.status).toBe(400);
    expect(apiErrorSchema.parse(await wrongKind.json()).code).toBe('SERVICE_OPTION_PLACE');
    const abroad = await t.send('PUT', `${account(who)}/ServiceOptions/pickup`, who, 'DXB');
    expect(abroad.status).toBe(400);
    expect((await t.send('PUT', `${account(who)}/ServiceOptions/pickup`, who, { id: 'AMM' })).status).toBe(400);
    expect(await current(who)).toMatchObject({ locationId: 0, service: { id: 2 } });
  });

  it('refuses every account call without a session (401) and on another customer’s guid (403)', async () => {
    const a = await customer();
    const b = await customer();
    const calls: [string, string, unknown?][] = [
      ['GET', `${account(a)}/ServiceOption`],
      ['GET', `${account(a)}/ServiceOptions/locker`],
      ['GET', `${account(a)}/ServiceOptions/pickup`],
      ['PUT', `${account(a)}/ServiceOptions/locker`, '10101'],
      ['PUT', `${account(a)}/ServiceOptions/pickup`, 'AMM'],
      ['PUT', `${account(a)}/ServiceOptions/useDeliveryAddress`],
      ['GET', `${account(a)}/deliveryaddress`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.send(method, path, undefined, body)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await t.send(method, path, b, body)).status, `${method} ${path} as another`).toBe(403);
    }
    expect(await current(a)).toMatchObject({ locationId: 0 });
  });
});
