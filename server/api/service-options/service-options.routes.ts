/**
 * Service options (spec 2 §7 v1 account ServiceOption(s), locker, pickup, useDeliveryAddress, deliveryaddress;
 * reference v1 locations, countries/{code}/ServiceOptions, shareddata branches/{code}): the offices of a country,
 * the options it offers, and where the customer's parcels go. A place must be one of the option's places in the
 * customer's own country (a locker for the locker option, an outlet or reception for pickup).
 */
import { and, eq } from 'drizzle-orm';
import {
  ALL_PLACE_TYPES,
  SERVICE_OPTION_IDS,
  SERVICE_OPTION_NAMES,
  ServiceOptionErrorCode,
  chooseDeliveryAddress,
  getBranch,
  getCountryServiceOptions,
  getDeliveryAddress,
  getLocations,
  getLockerOption,
  getPickupOption,
  getServiceOption,
  setLockerOption,
  setPickupOption,
  type CurrentServiceOption,
  type DeliveryAddress,
  type Place,
  type PlaceOption,
  type ServiceOptionId,
} from '../../../src/lib/api/service-options/contract.ts';
import type { Office } from '../../../src/lib/reference/schemas.ts';
import { pickLang, type Lang } from '../../../src/i18n/languages.ts';
import {
  TAB_OPTION,
  placeFitsOption,
  receptionByCode,
  tabOfOption,
  visibleTabs,
} from '../../../src/lib/service-options/service-options.ts';
import { cities, offices, users } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { SessionContext } from '../env.ts';
import { HttpError, notFound } from '../http-errors.ts';
import { findCountry } from '../../reference/lookups.ts';
import type { ApiRouter } from '../router.ts';
import { knownCountry } from '../known-country.ts';
import { sessionUser } from '../session-user.ts';
import { brandLang } from '../users/link-mail.ts';

type Ctx = SessionContext;
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
async function choosePlace(c: Ctx, optionId: ServiceOptionId, body: string | number): Promise<CurrentServiceOption> {
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
  return currentOption(db, saved ?? user);
}

export function serviceOptionsRoutes(router: ApiRouter): void {
  router.handle(getLocations, async (c, { query: { countrycode, typeids, lang } }) => {
    const types = (typeids ?? ALL_PLACE_TYPES).split(',').map(Number);
    return (await officesOf(c.var.deps.db, countrycode.toUpperCase()))
      .filter((o) => o.typeIds.some((type) => types.includes(type)))
      .map((o) => placeOf(o, lang));
  });

  /** Place lookup by code (spec 1 §5): a reception office only. */
  router.handle(getBranch, async (c, { params, query }) => {
    const code = params.code.toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) throw notFound();
    const [row] = await c.var.deps.db.select({ data: offices.data }).from(offices).where(eq(offices.id, code));
    const office = row ? receptionByCode([row.data as Office], code) : null;
    if (!office) throw notFound();
    return placeOf(office, brandLang(c, query.lang));
  });

  router.handle(getCountryServiceOptions, async (c, { params }) => {
    const country = await knownCountry(c.var.deps.db, params.code);
    // Delivery always; pickup and locker where the country has such offices.
    const ids = visibleTabs(await officesOf(c.var.deps.db, country.code), Object.values(SERVICE_OPTION_IDS))
      .map((tab) => TAB_OPTION[tab])
      .sort((a, b) => a - b);
    return ids.map((id) => ({ id, name: SERVICE_OPTION_NAMES[id] }));
  });

  router.handle(getServiceOption, async (c) => currentOption(c.var.deps.db, await sessionUser(c)));

  router.handle(getLockerOption, (c) => placeOption(c, SERVICE_OPTION_IDS.locker));
  router.handle(getPickupOption, (c) => placeOption(c, SERVICE_OPTION_IDS.pickup));
  router.handle(setLockerOption, (c, { body }) => choosePlace(c, SERVICE_OPTION_IDS.locker, body));
  router.handle(setPickupOption, (c, { body }) => choosePlace(c, SERVICE_OPTION_IDS.pickup, body));

  router.handle(chooseDeliveryAddress, async (c) => {
    const user = await sessionUser(c);
    const [saved] = await c.var.deps.db
      .update(users)
      .set({ serviceOptionId: SERVICE_OPTION_IDS.delivery })
      .where(eq(users.guid, user.guid))
      .returning();
    return currentOption(c.var.deps.db, saved ?? user);
  });

  router.handle(getDeliveryAddress, async (c, { query }) => {
    const user = await sessionUser(c);
    const { db } = c.var.deps;
    const country = await findCountry(db, user.countryCode);
    const lang = brandLang(c, query.language ?? user.langCode);
    // A city of the reference data has a name per language (the forms take only those); any other stays as written.
    const [city] = user.city
      ? await db
          .select({ en: cities.cityName, ar: cities.cityNameAr })
          .from(cities)
          .where(and(eq(cities.countryCode, user.countryCode), eq(cities.cityName, user.city)))
      : [];
    const body: DeliveryAddress = {
      city: city ? pickLang(lang, { en: city.en, ar: city.ar ?? city.en }) : (user.city ?? ''),
      stateName: user.state ?? '',
      address1: user.streetAddressLine1 ?? '',
      address2: user.streetAddressLine2 ?? '',
      countryName: (country && pickLang(lang, { en: country.nameEn, ar: country.nameAr })) ?? user.countryCode,
    };
    return body;
  });
}
