/**
 * Service options (spec 2 §7 v1 account ServiceOption(s), locker, pickup, useDeliveryAddress, deliveryaddress;
 * reference v1 locations, countries/{code}/ServiceOptions, shareddata branches/{code}): the offices of a country,
 * the options it offers, and where the customer's parcels go. A place must be one of the option's places in the
 * customer's own country (a locker for the locker option, an outlet or reception for pickup).
 */
import { eq } from 'drizzle-orm';
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
import { DEFAULT_LANG, isLang, type Lang } from '../../../src/i18n/languages.ts';
import {
  SERVICE_TABS,
  TAB_OPTION,
  placeFitsOption,
  placesForTab,
  receptionByCode,
  tabOfOption,
} from '../../../src/lib/service-options/service-options.ts';
import { offices, users } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, invalid, jsonBody, notFound } from '../http-errors.ts';
import { findCountry } from '../reference/lookups.ts';
import type { ApiRouter } from '../router.ts';
import { sessionUser } from '../session-user.ts';

type Ctx = Context<ApiEnv>;
type User = typeof users.$inferSelect;

async function officesOf(db: Db, countryCode: string): Promise<Office[]> {
  const rows = await db.select({ data: offices.data }).from(offices).where(eq(offices.countryCode, countryCode));
  return rows.map((r) => r.data as Office).sort((a, b) => a.id.localeCompare(b.id));
}

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

const langOf = (user: User): Lang => (isLang(user.langCode) ? user.langCode : DEFAULT_LANG);
const placeName = (place: Place) => `${place.address}, ${place.cityName}`;

/** The option ids a country offers: delivery always, pickup and locker where it has such offices. */
function offeredOptions(places: readonly Office[]): ServiceOptionId[] {
  return SERVICE_TABS.filter((tab) => tab === 'delivery' || placesForTab(places, tab).length > 0)
    .map((tab) => TAB_OPTION[tab])
    .sort((a, b) => a - b);
}

/** The option in force: a chosen place that is no longer an office of the country falls back to delivery. */
async function currentOption(db: Db, user: User): Promise<CurrentServiceOption> {
  const delivery: CurrentServiceOption = {
    locationId: 0,
    service: { id: SERVICE_OPTION_IDS.delivery, name: SERVICE_OPTION_NAMES[2] },
  };
  const optionId = user.serviceOptionId as ServiceOptionId;
  const placeId = optionId === SERVICE_OPTION_IDS.locker ? user.lockerPlaceId : user.pickupPlaceId;
  if (optionId === SERVICE_OPTION_IDS.delivery || !placeId) return delivery;
  const office = (await officesOf(db, user.countryCode)).find((o) => o.id === placeId);
  if (!office || !placeFitsOption(office, optionId)) return delivery;
  return { locationId: office.id, service: { id: optionId, name: SERVICE_OPTION_NAMES[optionId] } };
}

/** The place kept for the locker or pickup option, if it is still one. */
async function placeOption(c: Ctx, optionId: ServiceOptionId): Promise<PlaceOption> {
  const user = await sessionUser(c);
  const placeId = optionId === SERVICE_OPTION_IDS.locker ? user.lockerPlaceId : user.pickupPlaceId;
  const office = (await officesOf(c.var.deps.db, user.countryCode)).find((o) => o.id === placeId);
  if (!office || !placeFitsOption(office, optionId)) return null;
  return { id: office.id, name: placeName(placeOf(office, langOf(user))) };
}

/** PUT of a locker or pickup place: it must be one of that option's places in the customer's country. */
async function choosePlace(c: Ctx, optionId: ServiceOptionId): Promise<Response> {
  const body = await jsonBody(c, placeIdBodySchema);
  const placeId = String(body).toUpperCase();
  const user = await sessionUser(c);
  const { db } = c.var.deps;
  const office = (await officesOf(db, user.countryCode)).find((o) => o.id === placeId);
  if (!office || !placeFitsOption(office, optionId)) {
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
    const lang = c.req.query('lang');
    return c.json(placeOf(office, lang && isLang(lang) ? lang : DEFAULT_LANG));
  });

  router.get('/api/v1/countries/:code/ServiceOptions', async (c) => {
    const country = await findCountry(c.var.deps.db, c.req.param('code'));
    if (!country) throw notFound();
    const ids = offeredOptions(await officesOf(c.var.deps.db, country.code));
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
      countryName: (langOf(user) === 'ar' ? country?.nameAr : country?.nameEn) ?? user.countryCode,
    };
    return c.json(body);
  });
}
