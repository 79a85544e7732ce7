import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, T0, createTestApp, type TestApp } from './harness.ts';
import { returnShipments, shipments } from '../../server/db/schema.ts';
import {
  ReturnErrorCode,
  returnPriceSchema,
  returnShipmentSchema,
  storedReturnSchema,
  type ReturnRequest,
} from '../../src/lib/api/returns/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';

interface Customer {
  cookie: string;
  guid: string;
}

// T0 is 2026-11-22 08:00 UTC: 11:00 in Amman (UTC+3), where the dev customers live.
const TOMORROW = '2026-11-23';
const IN_7_DAYS = '2026-11-29';
const IN_8_DAYS = '2026-11-30';

describe.each(BACKENDS)('return shipments API on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  /** A new customer in Jordan and the hawb ids of their shipments (delivered ones first). */
  async function customer(options: Record<string, unknown> = { deliveredShipments: 1 }) {
    const who = await t.newCustomer(options);
    const rows = await t.database.db.select().from(shipments).where(eq(shipments.userGuid, who.guid));
    return { ...who, hawbIds: rows.sort((a, b) => a.hawbId - b.hawbId).map((r) => r.hawbId), rows };
  }

  const prefill = (who: Customer | undefined, guid: string, id: number | string) =>
    t.request(`/api/v1/account/${guid}/shipments/return/${id}`, who ? { cookie: who.cookie } : {});
  const submit = (who: Customer | undefined, guid: string, id: number, body: unknown) =>
    t.send('POST', `/api/v1/account/${guid}/shipments/return/${id}`, who, body);
  const calculate = (who: Customer | undefined, guid: string, body: unknown) =>
    t.send('POST', `/api/v1/account/${guid}/shipments/return/calculate`, who, body);
  const validate = (code: string, body: unknown) =>
    t.send('POST', `/api/v1/Countries/${code}/ValidateAddress`, undefined, body);
  const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json());

  const request = (packageID: number, overrides: Partial<ReturnRequest> = {}): ReturnRequest => ({
    packageID,
    contentDescription: 'Running shoes',
    pickupAddress: {
      pickupStreetAdress: '1 Test Street',
      pickupCity: 'Amman',
      pickupZipCode: '',
      pickupCountryCode: 'JO',
    },
    deliveryAddress: {
      name: 'Northwind Outfitters',
      phoneNumber: '+1 (212) 555-0100',
      deliveryStreetAddress: '350 Fifth Avenue',
      deliveryCity: 'New York',
      deliveryZipCode: '10001',
      deliveryCountryCode: 'US',
    },
    pickupTimeDetails: { pickupDate: TOMORROW, readyTime: '10:00', latestTime: '12:00' },
    amount: 60,
    weight: 1.2,
    weightUnit: 'kg',
    ...overrides,
  });

  describe('GET shipments/return/{id}', () => {
    it('prefills the return of a delivered shipment from the profile and the supplier', async () => {
      const who = await customer();
      const id = who.hawbIds[0]!;
      const res = await prefill(who, who.guid, id);
      expect(res.status).toBe(200);
      const body = returnShipmentSchema.parse(await res.json());
      expect(body).toMatchObject({
        packageID: id,
        awb: who.rows[0]!.awb,
        currencyCode: 'USD',
        contentDescription: 'Running shoes',
        pickupAddress: {
          pickupStreetAdress: '1 Test Street',
          pickupCity: 'Amman',
          pickupZipCode: '',
          pickupCountryCode: 'JO',
        },
        deliveryAddress: {
          name: 'Northwind Outfitters',
          phoneNumber: '',
          deliveryStreetAddress: '',
          deliveryCity: '',
          deliveryZipCode: '',
          deliveryCountryCode: 'US',
        },
        pickupTimeDetails: null,
        amount: 60,
        weight: 1.2,
        weightUnit: 'kg',
        supplierName: 'Northwind Outfitters',
        originCountry: 'United States',
        originCountryCode: 'US',
        customsDeclaredValue: 60,
        customsDeclaredCurrency: 'USD',
        lowValueLimit: 800,
      });
      expect(body.pickupCountries).toContainEqual({ code: 'JO', isZipCodeRequired: false });
      expect(body.deliveryCountries).toContainEqual({ code: 'US', isZipCodeRequired: true });
      expect(body.deliveryCountries.map((c) => c.code)).not.toContain('JO');
    });

    it('answers 401 without a session and 403 with another customer’s guid', async () => {
      const who = await customer();
      const other = await customer({});
      expect((await prefill(undefined, who.guid, who.hawbIds[0]!)).status).toBe(401);
      expect((await prefill(other, who.guid, who.hawbIds[0]!)).status).toBe(403);
    });

    it('answers 404 for someone else’s shipment, an unknown id or no id at all', async () => {
      const who = await customer();
      const other = await customer({});
      expect((await prefill(other, other.guid, who.hawbIds[0]!)).status).toBe(404);
      expect((await prefill(who, who.guid, 999_999_999)).status).toBe(404);
      expect((await prefill(who, who.guid, 'abc')).status).toBe(404);
      // The demo customer's delivered shipment is not this customer's either.
      expect((await prefill(who, who.guid, 500010)).status).toBe(404);
    });

    it('answers 409 for a shipment that is not delivered', async () => {
      const who = await customer({ pendingShipments: 1 });
      const res = await prefill(who, who.guid, who.hawbIds[0]!);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe(ReturnErrorCode.notDelivered);
    });
  });

  describe('POST shipments/return/calculate', () => {
    it('prices the lane the parcel came by, for the customer’s plan and the weight', async () => {
      const who = await customer();
      const body = {
        packageID: who.hawbIds[0],
        weight: 1.2,
        weightUnit: 'kg',
        pickupCountryCode: 'JO',
        deliveryCountryCode: 'US',
      };
      const res = await calculate(who, who.guid, body);
      expect(res.status).toBe(200);
      // Basic US→JO: 22.00 for the first half kilogram, 8.50 for each further one begun: 1.2 kg is 3 halves.
      expect(returnPriceSchema.parse(await res.json())).toEqual({
        amountMinor: 3900,
        currencyCode: 'USD',
        amount: 39,
        display: 'USD 39.00',
      });
      const heavier = returnPriceSchema.parse(await (await calculate(who, who.guid, { ...body, weight: 2.6 })).json());
      expect(heavier.amountMinor).toBe(2200 + 5 * 850);
    });

    it('refuses a weight out of range, a lane without service, and strangers', async () => {
      const who = await customer();
      const other = await customer({});
      const body = { weight: 1, pickupCountryCode: 'JO', deliveryCountryCode: 'US' };
      for (const weight of [0, -1, 71, 'one']) {
        const res = await calculate(who, who.guid, { ...body, weight });
        expect(res.status, String(weight)).toBe(400);
        expect((await errorOf(res)).fieldErrors).toHaveProperty('weight');
      }
      const noRoute = await calculate(who, who.guid, { ...body, deliveryCountryCode: 'JO' });
      expect(noRoute.status).toBe(400);
      expect((await errorOf(noRoute)).code).toBe(ReturnErrorCode.noRoute);
      expect((await calculate(undefined, who.guid, body)).status).toBe(401);
      expect((await calculate(other, who.guid, body)).status).toBe(403);
      expect((await calculate(other, other.guid, { ...body, packageID: who.hawbIds[0] })).status).toBe(404);
    });
  });

  describe('POST shipments/return/{id}', () => {
    it('stores the return once, priced by the server; a double submit answers the same return', async () => {
      const who = await customer();
      const id = who.hawbIds[0]!;
      const [first, second] = await Promise.all([
        submit(who, who.guid, id, request(id)),
        submit(who, who.guid, id, request(id)),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 201]);
      const a = storedReturnSchema.parse(await first.json());
      const b = storedReturnSchema.parse(await second.json());
      expect(a).toEqual(b);
      expect(a).toMatchObject({
        packageID: id,
        awb: who.rows[0]!.awb,
        contentDescription: 'Running shoes',
        deliveryAddress: { phoneNumber: '12125550100', deliveryZipCode: '10001', deliveryCountryCode: 'US' },
        pickupTimeDetails: { pickupDate: TOMORROW, readyTime: '10:00', latestTime: '12:00' },
        amount: 60,
        weight: 1.2,
        price: { amountMinor: 3900, currencyCode: 'USD', display: 'USD 39.00' },
      });
      const rows = await t.database.db.select().from(returnShipments).where(eq(returnShipments.awb, a.awb));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userGuid: who.guid, priceMinor: 3900, amount: '60.00', weight: '1.20' });

      // Later submits answer it too, and nothing else can be started for the shipment.
      const again = await submit(who, who.guid, id, request(id, { amount: 70 }));
      expect(again.status).toBe(200);
      expect(storedReturnSchema.parse(await again.json()).amount).toBe(60);
      const closed = await prefill(who, who.guid, id);
      expect(closed.status).toBe(409);
      expect((await errorOf(closed)).code).toBe(ReturnErrorCode.exists);
    });

    it('accepts the last day of the window, a latest time equal to the ready time, and a value at the limit', async () => {
      const who = await customer();
      const id = who.hawbIds[0]!;
      const res = await submit(
        who,
        who.guid,
        id,
        request(id, {
          amount: 800,
          pickupTimeDetails: { pickupDate: IN_7_DAYS, readyTime: '16:30', latestTime: '16:30' },
        }),
      );
      expect(res.status).toBe(201);
    });

    it.each([
      [
        'a date 8 days ahead',
        { pickupTimeDetails: { pickupDate: IN_8_DAYS, readyTime: '10:00', latestTime: '11:00' } },
        'pickupTimeDetails.pickupDate',
      ],
      [
        'a date in the past',
        { pickupTimeDetails: { pickupDate: '2026-11-21', readyTime: '10:00', latestTime: '11:00' } },
        'pickupTimeDetails.pickupDate',
      ],
      [
        'a day that does not exist',
        { pickupTimeDetails: { pickupDate: '2026-11-31', readyTime: '10:00', latestTime: '11:00' } },
        'pickupTimeDetails.pickupDate',
      ],
      [
        'a ready time already passed today',
        { pickupTimeDetails: { pickupDate: '2026-11-22', readyTime: '10:50', latestTime: '12:00' } },
        'pickupTimeDetails.readyTime',
      ],
      [
        'a latest time before the ready time',
        { pickupTimeDetails: { pickupDate: TOMORROW, readyTime: '12:00', latestTime: '11:50' } },
        'pickupTimeDetails.latestTime',
      ],
      [
        'a time off the 10-minute grid',
        { pickupTimeDetails: { pickupDate: TOMORROW, readyTime: '12:05', latestTime: '13:00' } },
        'pickupTimeDetails.readyTime',
      ],
      [
        'a 12-hour time',
        { pickupTimeDetails: { pickupDate: TOMORROW, readyTime: '2:00 PM', latestTime: '15:00' } },
        'pickupTimeDetails.readyTime',
      ],
      ['a value above the low value limit', { amount: 800.01 }, 'amount'],
      ['no weight', { weight: 0 }, 'weight'],
      ['no content description', { contentDescription: ' ' }, 'contentDescription'],
      [
        'a short phone number',
        { deliveryAddress: { ...request(1).deliveryAddress, phoneNumber: '12-34' } },
        'deliveryAddress.phoneNumber',
      ],
      [
        'no zip code where the country needs one',
        { deliveryAddress: { ...request(1).deliveryAddress, deliveryZipCode: '' } },
        'deliveryAddress.deliveryZipCode',
      ],
      [
        'an unknown country',
        { pickupAddress: { ...request(1).pickupAddress, pickupCountryCode: 'XX' } },
        'pickupAddress.pickupCountryCode',
      ],
    ])('refuses %s (400 with the field) and stores nothing', async (_, overrides, field) => {
      const who = await customer();
      const id = who.hawbIds[0]!;
      const res = await submit(who, who.guid, id, request(id, overrides as Partial<ReturnRequest>));
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('VALIDATION');
      expect(Object.keys(error.fieldErrors ?? {})).toContain(field);
      const rows = await t.database.db.select().from(returnShipments).where(eq(returnShipments.userGuid, who.guid));
      expect(rows).toHaveLength(0);
    });

    it('refuses an address the country check fails with RETURN_INVALID_ADDRESS', async () => {
      const who = await customer();
      const id = who.hawbIds[0]!;
      const wrongArea = await submit(
        who,
        who.guid,
        id,
        request(id, { deliveryAddress: { ...request(id).deliveryAddress, deliveryZipCode: '90012' } }),
      );
      expect(wrongArea.status).toBe(400);
      const error = await errorOf(wrongArea);
      expect(error.code).toBe(ReturnErrorCode.invalidAddress);
      expect(error.fieldErrors).toEqual({ 'deliveryAddress.deliveryZipCode': ['zipArea'] });
      const unknownCity = await submit(
        who,
        who.guid,
        id,
        request(id, { deliveryAddress: { ...request(id).deliveryAddress, deliveryCity: 'Gotham' } }),
      );
      expect((await errorOf(unknownCity)).fieldErrors).toEqual({ 'deliveryAddress.deliveryCity': ['city'] });
    });

    it('refuses a delivery where no service runs', async () => {
      const who = await customer();
      const id = who.hawbIds[0]!;
      const res = await submit(
        who,
        who.guid,
        id,
        request(id, {
          deliveryAddress: {
            ...request(id).deliveryAddress,
            deliveryCity: 'Irbid',
            deliveryZipCode: '',
            deliveryCountryCode: 'JO',
          },
        }),
      );
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe(ReturnErrorCode.noRoute);
    });

    it('answers 401, 403, 404 and 409 as the prefill does', async () => {
      const who = await customer();
      const other = await customer({});
      const pending = await customer({ pendingShipments: 1 });
      const id = who.hawbIds[0]!;
      expect((await submit(undefined, who.guid, id, request(id))).status).toBe(401);
      expect((await submit(other, who.guid, id, request(id))).status).toBe(403);
      expect((await submit(other, other.guid, id, request(id))).status).toBe(404);
      const notDelivered = await submit(pending, pending.guid, pending.hawbIds[0]!, request(pending.hawbIds[0]!));
      expect(notDelivered.status).toBe(409);
      expect((await errorOf(notDelivered)).code).toBe(ReturnErrorCode.notDelivered);
      // A body naming another shipment than the address is refused.
      expect((await submit(who, who.guid, id, request(id + 1))).status).toBe(400);
      const rows = await t.database.db.select().from(returnShipments).where(eq(returnShipments.awb, who.rows[0]!.awb));
      expect(rows).toHaveLength(0);
    });

    it('reads "today" in the pickup country: late evening UTC is already tomorrow in Amman', async () => {
      const app = await createTestApp(backend);
      try {
        // 22:30 UTC is 01:30 the next day in Amman: the window then runs from the 23rd to the 30th.
        app.advance(new Date('2026-11-22T22:30:00Z').getTime() - T0.getTime());
        const who = await app.newCustomer({ deliveredShipments: 1 });
        const [row] = await app.database.db.select().from(shipments).where(eq(shipments.userGuid, who.guid));
        const id = row!.hawbId;
        const day = (pickupDate: string) =>
          app.send('POST', `/api/v1/account/${who.guid}/shipments/return/${id}`, who, {
            ...request(id),
            pickupTimeDetails: { pickupDate, readyTime: '09:00', latestTime: '10:00' },
          });
        expect((await day('2026-11-22')).status).toBe(400);
        expect((await day(IN_8_DAYS)).status).toBe(201);
      } finally {
        await app.close();
      }
    });
  });

  describe('POST Countries/{code}/ValidateAddress', () => {
    it.each([
      ['US', { streetName: '350 Fifth Avenue', cityName: 'New York', zipCode: '10001' }, true],
      ['US', { streetName: '350 Fifth Avenue', cityName: 'new york', zipCode: '10018-1234' }, true],
      ['US', { streetName: '350 Fifth Avenue', cityName: 'New York', zipCode: '90012' }, false],
      ['US', { streetName: '350 Fifth Avenue', cityName: 'New York', zipCode: '1001' }, false],
      ['US', { streetName: '350 Fifth Avenue', cityName: 'Gotham', zipCode: '10001' }, false],
      ['US', { streetName: '35', cityName: 'New York', zipCode: '10001' }, false],
      ['GB', { streetName: '1 Old Street', cityName: 'London', zipCode: 'ec2a 4ne' }, true],
      ['GB', { streetName: '1 New Street', cityName: 'Birmingham', zipCode: 'BS1 4DJ' }, false],
      ['gb', { streetName: '1 New Street', cityName: 'Birmingham', zipCode: 'B2 4QA' }, true],
      ['JO', { streetName: '1 Test Street', cityName: 'Amman', zipCode: '' }, true],
      ['JO', { streetName: '1 Test Street', cityName: 'Atlantis', zipCode: '' }, false],
    ])('in %s, %o is valid: %s (no login needed)', async (code, body, isValid) => {
      const res = await validate(code, body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ isValid });
    });

    it('answers 404 for an unknown country and 400 for a malformed body', async () => {
      expect((await validate('XX', { streetName: 'a', cityName: 'b', zipCode: '' })).status).toBe(404);
      expect((await validate('US', { streetName: 5 })).status).toBe(400);
    });
  });
});
