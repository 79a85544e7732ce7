/**
 * Service options (spec 2 §7 v1 account ServiceOption(s), locker, pickup, useDeliveryAddress, deliveryaddress;
 * reference v1 locations, countries/{code}/ServiceOptions, shareddata branches/{code}): the offices of a country,
 * the options it offers, and where the customer's parcels go. A place must be one of the option's places in the
 * customer's own country (a locker for the locker option, an outlet or reception for pickup).
 */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  SERVICE_OPTION_IDS,
  SERVICE_OPTION_NAMES,
  ServiceOptionErrorCode,
  locationsQuerySchema,
  placeIdBodySchema,
  type CurrentServiceOption,
  type DeliveryAddress,
  type Place,
  type PlaceOption,
  type ServiceOptionId,
} from '../../../src/lib/api/service-options/contract.ts';
import type { Office } from '../../../src/lib/reference/schemas.ts';
import type { Lang } from '../../../src/i18n/languages.ts';
import {
  TAB_OPTION,
  placeFitsOption,
  receptionByCode,
  tabOfOption,
  visibleTabs,
} from '../../../src/lib/service-options/service-options.ts';
import { offices, users } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, invalid, jsonBody, notFound } from '../http-errors.ts';
import { findCountry } from '../reference/lookups.ts';
import type { ApiRouter } from '../router.ts';
import { sessionUser } from '../session-user.ts';
import { brandLang } from '../users/link-mail.ts';

type Ctx = Context<ApiEnv>;
type User = typeof users.$inferSelect;

async function officesOf(db: Db, countryCode: string): Promise<Office[]> {
  const rows = await db.select({ data: offices.data }).from(offices).where(eq(offices.countryCode, countryCode));
  return rows.map((r) => r.data as Office).sort((a, b) => a.id.localeCompare(b.id));
}

/** The office `id`, if it is one of the option's places in the customer's country. */
async function placeFor(db: Db, user: User, optionId: ServiceOptionId, id: string | null): Promise<Office | null> {
  if (!id) return null;
  const [row] = await db
    .select({ data: offices.data })
    .from(offices)
    .where(and(eq(offices.id, id), eq(offices.countryCode, user.countryCode)));
  const office = row?.data as Office | undefined;
  return office && placeFitsOption(office, optionId) ? office : null;
}

/** The place the customer keeps for the locker or pickup option. */
const keptPlaceId = (user: User, optionId: ServiceOptionId) =>
  optionId === SERVICE_OPTION_IDS.locker ? user.lockerPlaceId : user.pickupPlaceId;

function placeOf(office: Office, lang: Lang): Place {
  return {
    id: office.id,
    companyCode: office.companyCode,
    typeIds: office.typeIds,
    cityName: office.cityName[lang],
    address: office.address[lang],
    buildingNumber: office.buildingNumber,
    geoLatitude: office.geoLatitude,
    geoLongitude: office.geoLongitude,
    countryCode: office.countryCode,
    workingDays: office.workingDays,
    phone: office.phone,
  };
}

/** The option in force: a chosen place that is no longer an office of the country falls back to delivery. */
async function currentOption(db: Db, user: User): Promise<CurrentServiceOption> {
  const optionId = user.serviceOptionId as ServiceOptionId;
  const office =
    optionId === SERVICE_OPTION_IDS.delivery ? null : await placeFor(db, user, optionId, keptPlaceId(user, optionId));
  const { delivery } = SERVICE_OPTION_IDS;
  return office
    ? { locationId: office.id, service: { id: optionId, name: SERVICE_OPTION_NAMES[optionId] } }
    : { locationId: 0, service: { id: delivery, name: SERVICE_OPTION_NAMES[delivery] } };
}

/** The place kept for the locker or pickup option, if it is still one. */
async function placeOption(c: Ctx, optionId: ServiceOptionId): Promise<PlaceOption> {
  const user = await sessionUser(c);
  const office = await placeFor(c.var.deps.db, user, optionId, keptPlaceId(user, optionId));
  if (!office) return null;
  const place = placeOf(office, brandLang(c, user.langCode));
  return { id: place.id, name: `${place.address}, ${place.cityName}` };
}

/** PUT of a locker or pickup place: it must be one of that option's places in the customer's country. */
async function choosePlace(c: Ctx, optionId: ServiceOptionId): Promise<Response> {
  const body = await jsonBody(c, placeIdBodySchema);
  const placeId = String(body).toUpperCase();
  const user = await sessionUser(c);
  const { db } = c.var.deps;
  const office = await placeFor(db, user, optionId, placeId);
  if (!office) {
    throw new HttpError(400, {
      code: ServiceOptionErrorCode.place,
      message: `Not a ${tabOfOption(optionId)} place in your country`,
    });
  }
  const [saved] = await db
    .update(users)
    .set(
      optionId === SERVICE_OPTION_IDS.locker
        ? { serviceOptionId: optionId, lockerPlaceId: office.id }
        : { serviceOptionId: optionId, pickupPlaceId: office.id },
    )
    .where(eq(users.guid, user.guid))
    .returning();
  return c.json(await currentOption(db, saved ?? user));
}

export function serviceOptionsRoutes(router: ApiRouter): void {
  router.get('/api/v1/locations', async (c) => {
    const parsed = locationsQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw invalid({ query: ['countrycode, typeids (1,3,4) and lang (en or ar)'] });
    const { countrycode, typeids, lang } = parsed.data;
    const types = typeids ? typeids.split(',').map(Number) : [1, 3, 4];
    const places = (await officesOf(c.var.deps.db, countrycode.toUpperCase()))
      .filter((o) => o.typeIds.some((type) => types.includes(type)))
      .map((o) => placeOf(o, lang));
    return c.json(places);
  });

  /** Place lookup by code (spec 1 §5): a reception office only. */
  router.get('/api/shareddata/branches/:code', async (c) => {
    const code = (c.req.param('code') ?? '').toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) throw notFound();
    const [row] = await c.var.deps.db.select({ data: offices.data }).from(offices).where(eq(offices.id, code));
    const office = row ? receptionByCode([row.data as Office], code) : null;
    if (!office) throw notFound();
    return c.json(placeOf(office, brandLang(c, c.req.query('lang'))));
  });

  router.get('/api/v1/countries/:code/ServiceOptions', async (c) => {
    const country = await findCountry(c.var.deps.db, c.req.param('code'));
    if (!country) throw notFound();
    // Delivery always; pickup and locker where the country has such offices.
    const ids = visibleTabs(await officesOf(c.var.deps.db, country.code), Object.values(SERVICE_OPTION_IDS))
      .map((tab) => TAB_OPTION[tab])
      .sort((a, b) => a - b);
    return c.json(ids.map((id) => ({ id, name: SERVICE_OPTION_NAMES[id] })));
  });

  const account = '/api/v1/account/:guid';

  router.get(`${account}/ServiceOption`, async (c) => c.json(await currentOption(c.var.deps.db, await sessionUser(c))));

  router.get(`${account}/ServiceOptions/locker`, async (c) => c.json(await placeOption(c, SERVICE_OPTION_IDS.locker)));
  router.get(`${account}/ServiceOptions/pickup`, async (c) => c.json(await placeOption(c, SERVICE_OPTION_IDS.pickup)));
  router.put(`${account}/ServiceOptions/locker`, (c) => choosePlace(c, SERVICE_OPTION_IDS.locker));
  router.put(`${account}/ServiceOptions/pickup`, (c) => choosePlace(c, SERVICE_OPTION_IDS.pickup));

  router.put(`${account}/ServiceOptions/useDeliveryAddress`, async (c) => {
    const user = await sessionUser(c);
    const [saved] = await c.var.deps.db
      .update(users)
      .set({ serviceOptionId: SERVICE_OPTION_IDS.delivery })
      .where(eq(users.guid, user.guid))
      .returning();
    return c.json(await currentOption(c.var.deps.db, saved ?? user));
  });

  router.get(`${account}/deliveryaddress`, async (c) => {
    const user = await sessionUser(c);
    const country = await findCountry(c.var.deps.db, user.countryCode);
    const body: DeliveryAddress = {
      city: user.city ?? '',
      stateName: user.state ?? '',
      address1: user.streetAddressLine1 ?? '',
      address2: user.streetAddressLine2 ?? '',
      countryName: (brandLang(c, user.langCode) === 'ar' ? country?.nameAr : country?.nameEn) ?? user.countryCode,
    };
    return c.json(body);
  });
}
