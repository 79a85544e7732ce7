/**
 * Return shipments (spec 1 §3, §5 "Return addresses" and "Pickup"; spec 2 §3, §4 return flow, §7 v1 account
 * shipments/return and Reference data ValidateAddress; docs/decisions/018): the prefill of a delivered shipment's
 * return, its price, and the return itself, checked again here whatever the browser checked. One return per
 * shipment: a second submit (a double click, a retry) answers the stored return and creates nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  ReturnErrorCode,
  calculateReturn,
  getReturnShipment,
  submitReturn,
  validateAddress,
  type ReturnCountry,
  type ReturnPrice,
  type ReturnShipment,
  type StoredReturn,
} from '../../../src/lib/api/returns/contract.ts';
import { rateSchema } from '../../../src/lib/reference/schemas.ts';
import {
  addressProblems,
  hasPostalFormat,
  type AddressProblem,
} from '../../../src/lib/reference/address-validation.ts';
import {
  isLatestTimeValid,
  isPickupDateAllowed,
  isReadyTimeAhead,
  isReturnable,
  lowValueLimit,
  pickupTimeZone,
  withinValueLimit,
  DELIVERED_LAST_PI,
} from '../../../src/lib/returns/return-rules.ts';
import { returnPriceMinor } from '../../../src/lib/returns/return-price.ts';
import { fromMinor, currencyExponent } from '../../../src/lib/payments/money.ts';
import { zipCodeRequired } from '../../../src/lib/profile/profile-rules.ts';
import { cities, countries, countryRates, currencies, returnShipments, shipments } from '../../db/schema.ts';
import type { users } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, conflict, invalid, notFound } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { knownCountry } from '../known-country.ts';
import { sessionUser } from '../session-user.ts';
import { brandLang } from '../users/link-mail.ts';
import { pickLang } from '../../../src/i18n/languages.ts';

type Ctx = Context<ApiEnv>;
type User = typeof users.$inferSelect;
type Shipment = typeof shipments.$inferSelect;
type ReturnRow = typeof returnShipments.$inferSelect;
type CountryRow = typeof countries.$inferSelect;

/** The customer's shipment with that hawb id; 404 for a shipment that is not theirs (or none). */
async function ownShipment(db: Db, userGuid: string, idParam: string | undefined): Promise<Shipment> {
  const hawbId = Number(idParam);
  if (!Number.isInteger(hawbId) || hawbId <= 0 || hawbId > 2_147_483_647) throw notFound();
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.hawbId, hawbId), eq(shipments.userGuid, userGuid)));
  if (!row) throw notFound();
  return row;
}

async function returnOf(db: Db, awb: string): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(returnShipments).where(eq(returnShipments.awb, awb));
  return row;
}

/** 409 unless the shipment can be returned now (delivered, no return yet): the rule tracking shows too. */
function assertReturnable(shipment: Shipment, existing: ReturnRow | undefined): void {
  if (isReturnable(shipment.lastPi, existing !== undefined)) return;
  if (existing) throw conflict('This shipment already has a return', ReturnErrorCode.exists);
  throw conflict(
    `Only delivered shipments (status ${DELIVERED_LAST_PI}) can be returned`,
    ReturnErrorCode.notDelivered,
  );
}

/** Countries a return can be picked up in (rate destinations) and delivered to (rate origins). */
async function returnCountries(db: Db): Promise<{ pickup: ReturnCountry[]; delivery: ReturnCountry[] }> {
  const [lanes, rows] = await Promise.all([
    db
      .select({ origin: countryRates.originCountryCode, destination: countryRates.destinationCountryCode })
      .from(countryRates),
    db.select().from(countries),
  ]);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const list = (codes: Iterable<string>): ReturnCountry[] =>
    [...new Set(codes)]
      .flatMap((code) => {
        const country = byCode.get(code);
        return country ? [{ code, isZipCodeRequired: country.isZipCodeRequired }] : [];
      })
      .sort((a, b) => a.code.localeCompare(b.code));
  return { pickup: list(lanes.map((l) => l.destination)), delivery: list(lanes.map((l) => l.origin)) };
}

/** The low value limit in the shipment's currency (the USD table converted at the published rate). */
async function limitFor(db: Db, shipment: Shipment): Promise<number> {
  if (shipment.currency === 'USD') return lowValueLimit(shipment.originCountryCode);
  const [row] = await db.select().from(currencies).where(eq(currencies.currencyCode, shipment.currency));
  const rate = row?.usdRate ? Number(row.usdRate) : null;
  return lowValueLimit(shipment.originCountryCode, rate && Number.isFinite(rate) ? rate : null);
}

const display = (minor: number, currency: string) =>
  `${currency} ${fromMinor(minor, currency).toFixed(currencyExponent(currency))}`;

/** The price of a return from `pickup` to `delivery` for the customer's plan; 400 when no lane exists. */
async function priceOf(db: Db, user: User, pickup: string, delivery: string, weightKg: number): Promise<ReturnPrice> {
  const [lane] = await db
    .select()
    .from(countryRates)
    .where(and(eq(countryRates.originCountryCode, delivery), eq(countryRates.destinationCountryCode, pickup)));
  const rates = lane ? z.parse(z.array(rateSchema), lane.rates) : [];
  const price = returnPriceMinor(rates, user.planId, weightKg);
  if (!price) {
    throw new HttpError(400, {
      code: ReturnErrorCode.noRoute,
      message: `No return service from ${pickup} to ${delivery}`,
      fieldErrors: { 'deliveryAddress.deliveryCountryCode': ['no route'] },
    });
  }
  return {
    amountMinor: price.amountMinor,
    currencyCode: price.currencyCode,
    amount: fromMinor(price.amountMinor, price.currencyCode),
    display: display(price.amountMinor, price.currencyCode),
  };
}

async function prefillOf(c: Ctx, user: User, shipment: Shipment): Promise<ReturnShipment> {
  const { db } = c.var.deps;
  const lang = brandLang(c, user.langCode);
  const [origin] = await db.select().from(countries).where(eq(countries.code, shipment.originCountryCode));
  const { pickup, delivery } = await returnCountries(db);
  const declared = shipment.customsDeclaredValue === null ? null : Number(shipment.customsDeclaredValue);
  return {
    packageID: shipment.hawbId,
    awb: shipment.awb,
    currencyCode: shipment.currency,
    contentDescription: shipment.description,
    pickupAddress: {
      pickupStreetAdress: user.streetAddressLine1 ?? '',
      pickupCity: user.city ?? '',
      pickupZipCode: user.zipCode ?? '',
      pickupCountryCode: user.countryCode,
    },
    deliveryAddress: {
      name: shipment.merchant ?? '',
      phoneNumber: '',
      deliveryStreetAddress: '',
      deliveryCity: '',
      deliveryZipCode: '',
      deliveryCountryCode: shipment.originCountryCode,
    },
    pickupTimeDetails: null,
    amount: declared ?? 0,
    weight: Number(shipment.weightKg),
    weightUnit: 'kg',
    supplierName: shipment.merchant ?? '',
    originCountry: origin ? pickLang(lang, { en: origin.nameEn, ar: origin.nameAr }) : shipment.originCountryCode,
    originCountryCode: shipment.originCountryCode,
    customsDeclaredValue: declared,
    customsDeclaredCurrency: shipment.customsDeclaredCurrency,
    lowValueLimit: await limitFor(db, shipment),
    pickupCountries: pickup,
    deliveryCountries: delivery,
  };
}

function storedOf(row: ReturnRow, hawbId: number): StoredReturn {
  return {
    packageID: hawbId,
    awb: row.awb,
    currencyCode: row.currencyCode,
    contentDescription: row.contentDescription,
    pickupAddress: row.pickupAddress,
    deliveryAddress: row.deliveryAddress,
    pickupTimeDetails: { pickupDate: row.pickupDate, readyTime: row.readyTime, latestTime: row.latestTime },
    amount: Number(row.amount),
    weight: Number(row.weight),
    weightUnit: 'kg',
    // Returns are priced in the rates' currency (USD).
    price: {
      amountMinor: row.priceMinor,
      currencyCode: 'USD',
      amount: fromMinor(row.priceMinor, 'USD'),
      display: display(row.priceMinor, 'USD'),
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/** What fails the country's address check, as field errors (none: the address is valid or not checked). */
async function addressFieldErrors(
  db: Db,
  country: string,
  address: { street: string; city: string; zip: string },
  fields: { street: string; city: string; zip: string },
): Promise<Record<string, string[]>> {
  if (!hasPostalFormat(country)) return {};
  const known = await db.select().from(cities).where(eq(cities.countryCode, country));
  const problems = addressProblems(
    country,
    { streetName: address.street, cityName: address.city, zipCode: address.zip },
    known,
  );
  const field: Record<AddressProblem, string> = {
    street: fields.street,
    city: fields.city,
    zipFormat: fields.zip,
    zipArea: fields.zip,
  };
  const errors: Record<string, string[]> = {};
  for (const problem of problems) (errors[field[problem]] ??= []).push(problem);
  return errors;
}

/** What a path names, found before the body is read (a stranger's shipment is a 404 whatever the body says). */
const shipmentsOfPath = new WeakMap<Ctx, Shipment>();
const countriesOfPath = new WeakMap<Ctx, CountryRow>();

const shipmentFirst: MiddlewareHandler<ApiEnv> = async (c, next) => {
  shipmentsOfPath.set(c, await ownShipment(c.var.deps.db, c.var.userGuid ?? '', c.req.param('id')));
  await next();
};

const countryFirst: MiddlewareHandler<ApiEnv> = async (c, next) => {
  countriesOfPath.set(c, await knownCountry(c.var.deps.db, c.req.param('code')));
  await next();
};

function found<T>(map: WeakMap<Ctx, T>, c: Ctx): T {
  const value = map.get(c);
  if (!value) throw new Error('the path check must run first');
  return value;
}
const shipmentOfPath = (c: Ctx) => found(shipmentsOfPath, c);
const countryOfPath = (c: Ctx) => found(countriesOfPath, c);

export function returnsRoutes(router: ApiRouter): void {
  // Registered before POST …/return/{id}, which would take `calculate` for an id.
  router.handle(calculateReturn, async (c, { body }) => {
    const user = await sessionUser(c);
    const { db } = c.var.deps;
    if (body.packageID !== undefined) await ownShipment(db, user.guid, String(body.packageID));
    return priceOf(db, user, body.pickupCountryCode, body.deliveryCountryCode, body.weight);
  });

  router.handle(getReturnShipment, async (c, { params }) => {
    const user = await sessionUser(c);
    const { db } = c.var.deps;
    const shipment = await ownShipment(db, user.guid, params.id);
    assertReturnable(shipment, await returnOf(db, shipment.awb));
    return prefillOf(c, user, shipment);
  });

  router.handle(
    submitReturn,
    async (c, { body }) => {
      const user = await sessionUser(c);
      const { db, clock } = c.var.deps;
      const shipment = shipmentOfPath(c);
      if (body.packageID !== shipment.hawbId) throw invalid({ packageID: ['not the shipment of the address'] });
      // A second submit of the same return (a double click, a retry after a lost answer) gets the stored one.
      const existing = await returnOf(db, shipment.awb);
      if (existing) return c.json(storedOf(existing, shipment.hawbId), 200);
      assertReturnable(shipment, existing);

      const { pickupAddress: from, deliveryAddress: to, pickupTimeDetails: time } = body;
      const rows = await db.select().from(countries);
      const country = (code: string): CountryRow | undefined => rows.find((r) => r.code === code);
      const problems: Record<string, string[]> = {};
      const add = (field: string, problem: string) => (problems[field] ??= []).push(problem);
      const fromCountry = country(from.pickupCountryCode);
      const toCountry = country(to.deliveryCountryCode);
      if (!fromCountry) add('pickupAddress.pickupCountryCode', 'unknown country');
      if (!toCountry) add('deliveryAddress.deliveryCountryCode', 'unknown country');
      if (zipCodeRequired(fromCountry) && !from.pickupZipCode) add('pickupAddress.pickupZipCode', 'required');
      if (zipCodeRequired(toCountry) && !to.deliveryZipCode) add('deliveryAddress.deliveryZipCode', 'required');
      const now = clock();
      const zone = pickupTimeZone(from.pickupCountryCode);
      if (!isPickupDateAllowed(time.pickupDate, now, zone))
        add('pickupTimeDetails.pickupDate', 'outside the pickup window');
      else if (!isReadyTimeAhead(time.pickupDate, time.readyTime, now, zone)) {
        add('pickupTimeDetails.readyTime', 'already passed');
      }
      if (!isLatestTimeValid(time.readyTime, time.latestTime))
        add('pickupTimeDetails.latestTime', 'before the ready time');
      const limit = await limitFor(db, shipment);
      if (!withinValueLimit(body.amount, limit)) add('amount', `above the low value limit ${limit}`);
      if (Object.keys(problems).length > 0) throw invalid(problems);

      const addressErrors = {
        ...(await addressFieldErrors(
          db,
          from.pickupCountryCode,
          { street: from.pickupStreetAdress, city: from.pickupCity, zip: from.pickupZipCode },
          {
            street: 'pickupAddress.pickupStreetAdress',
            city: 'pickupAddress.pickupCity',
            zip: 'pickupAddress.pickupZipCode',
          },
        )),
        ...(await addressFieldErrors(
          db,
          to.deliveryCountryCode,
          { street: to.deliveryStreetAddress, city: to.deliveryCity, zip: to.deliveryZipCode },
          {
            street: 'deliveryAddress.deliveryStreetAddress',
            city: 'deliveryAddress.deliveryCity',
            zip: 'deliveryAddress.deliveryZipCode',
          },
        )),
      };
      if (Object.keys(addressErrors).length > 0) throw invalid(addressErrors, ReturnErrorCode.invalidAddress);

      const price = await priceOf(db, user, from.pickupCountryCode, to.deliveryCountryCode, body.weight);
      // The awb is unique: of two submits racing, one inserts and the other reads what it stored.
      const [created] = await db
        .insert(returnShipments)
        .values({
          awb: shipment.awb,
          userGuid: user.guid,
          pickupAddress: { ...from, pickupZipCode: from.pickupZipCode.toUpperCase() },
          deliveryAddress: { ...to, deliveryZipCode: to.deliveryZipCode.toUpperCase() },
          pickupDate: time.pickupDate,
          readyTime: time.readyTime,
          latestTime: time.latestTime,
          contentDescription: body.contentDescription,
          currencyCode: shipment.currency,
          amount: body.amount.toFixed(2),
          weight: body.weight.toFixed(2),
          weightUnit: 'kg',
          priceMinor: price.amountMinor,
        })
        .onConflictDoNothing({ target: returnShipments.awb })
        .returning();
      if (created) return storedOf(created, shipment.hawbId);
      const stored = await returnOf(db, shipment.awb);
      if (!stored) throw conflict('The return could not be stored', ReturnErrorCode.exists);
      return c.json(storedOf(stored, shipment.hawbId), 200);
    },
    { before: [shipmentFirst] },
  );

  // Open to visitors: the check of an address in a country with zip codes (spec 1 §5 "Return addresses").
  router.handle(
    validateAddress,
    async (c, { body }) => {
      const country = countryOfPath(c);
      const known = await c.var.deps.db.select().from(cities).where(eq(cities.countryCode, country.code));
      return { isValid: addressProblems(country.code, body, known).length === 0 };
    },
    { before: [countryFirst] },
  );
}
