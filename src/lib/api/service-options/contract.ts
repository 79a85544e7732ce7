/**
 * Contract of the service options calls (spec 2 §7 v1 account ServiceOption(s), locker, pickup,
 * useDeliveryAddress, deliveryaddress; reference v1 locations and countries/{code}/ServiceOptions): where the
 * customer's parcels go — an office to collect them from, a locker, or their own address.
 */
import { z } from '../../zod.ts';
import { DEFAULT_LANG, LANGUAGES } from '../../../i18n/languages.ts';
import { OFFICE_TYPE_IDS, officeTypeIdSchema } from '../../reference/schemas.ts';
import { ErrorCode } from '../errors.ts';
import { endpoint } from '../endpoint.ts';

/** Service option ids (spec 2 §9): pickup 1, delivery 2, locker 3. */
export const SERVICE_OPTION_IDS = { pickup: 1, delivery: 2, locker: 3 } as const;
export const serviceOptionIdSchema = z.literal([1, 2, 3]);
export type ServiceOptionId = z.infer<typeof serviceOptionIdSchema>;
export const SERVICE_OPTION_NAMES: Record<ServiceOptionId, string> = { 1: 'Pickup', 2: 'Delivery', 3: 'Locker' };

/** GET api/v1/locations?countrycode&typeids=1,3,4&lang: a place (spec 1 §3), in the language asked for. */
export const placeSchema = z.object({
  id: z.string(),
  companyCode: z.string(),
  typeIds: z.array(officeTypeIdSchema),
  cityName: z.string(),
  address: z.string(),
  buildingNumber: z.string(),
  geoLatitude: z.number(),
  geoLongitude: z.number(),
  countryCode: z.string(),
  /** Comma list of English day names, shown first–last. */
  workingDays: z.string(),
  phone: z.string(),
});
export type Place = z.infer<typeof placeSchema>;
export const placesSchema = z.array(placeSchema);

/** The place types the site lists (spec 2 §7 locations: typeids 1,3,4), as the query sends them. */
export const ALL_PLACE_TYPES = Object.values(OFFICE_TYPE_IDS).join(',');

export const locationsQuerySchema = z.object({
  countrycode: z.string().check(z.regex(/^[A-Za-z]{2}$/)),
  /** Comma list of place type ids; default all. */
  typeids: z.optional(z.string().check(z.regex(/^\d+(,\d+)*$/))),
  lang: z._default(z.enum(LANGUAGES), DEFAULT_LANG),
});

/** GET api/shareddata/branches/{code}?lang: a reception office by its code, named in `lang` (else the brand's first). */
export const branchQuerySchema = z.object({ lang: z.catch(z.optional(z.enum(LANGUAGES)), undefined) });

/** GET api/v1/countries/{code}/ServiceOptions: the options offered in a country. */
export const serviceOptionSchema = z.object({ id: serviceOptionIdSchema, name: z.string() });
export const serviceOptionsSchema = z.array(serviceOptionSchema);

/** GET api/v1/account/{guid}/ServiceOption: the option in force; locationId 0 means the customer's address. */
export const currentServiceOptionSchema = z.object({
  locationId: z.union([z.literal(0), z.string().check(z.minLength(1))]),
  service: serviceOptionSchema,
});
export type CurrentServiceOption = z.infer<typeof currentServiceOptionSchema>;

/** GET …/ServiceOptions/locker and …/pickup: the place chosen for that option (null: none yet). */
export const placeOptionSchema = z.nullable(z.object({ id: z.string(), name: z.string() }));
export type PlaceOption = z.infer<typeof placeOptionSchema>;

/** PUT …/ServiceOptions/locker and …/pickup: the body is the place id. */
export const placeIdBodySchema = z.union([
  z.string().check(z.regex(/^[A-Za-z0-9]{1,10}$/)),
  z.int().check(z.positive()),
]);

/**
 * GET api/v1/account/{guid}/deliveryaddress (spec 1 §3 service option data): the city and the country named in
 * the language asked for; the street lines and the state as the customer wrote them.
 */
export const deliveryAddressSchema = z.object({
  city: z.string(),
  stateName: z.string(),
  address1: z.string(),
  address2: z.string(),
  countryName: z.string(),
});

/** The language of the delivery address's city and country names; the customer's own when left out. */
export const deliveryAddressQuerySchema = z.object({ language: z.optional(z.enum(LANGUAGES)) });
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const ServiceOptionErrorCode = {
  /** The place is not one of that option's places in the customer's country. */
  place: 'SERVICE_OPTION_PLACE',
} as const;

// ---------------------------------------------------------------------------
// The calls

const tag = 'Service options';
const account = 'api/v1/account/{guid}';
const placeErrors = { 400: [ServiceOptionErrorCode.place] } as const;

export const getLocations = endpoint({
  tag,
  summary: "A country's offices of the types asked for (lockers 1, outlets 3, receptions 4), in a language",
  method: 'GET',
  path: 'api/v1/locations',
  query: locationsQuerySchema,
  answer: placesSchema,
});

export const getBranch = endpoint({
  tag,
  summary: 'A reception office by its three-letter code (spec 1 §5 place lookup)',
  method: 'GET',
  path: 'api/shareddata/branches/{code}',
  query: branchQuerySchema,
  answer: placeSchema,
  errors: { 404: [ErrorCode.notFound] },
});

export const getCountryServiceOptions = endpoint({
  tag,
  summary: 'The service options of a country: delivery always, pickup and locker where it has such offices',
  method: 'GET',
  path: 'api/v1/countries/{code}/ServiceOptions',
  answer: serviceOptionsSchema,
  errors: { 404: [ErrorCode.notFound] },
});

export const getServiceOption = endpoint({
  tag,
  summary: "The customer's service option in force (a place that is no longer an office falls back to delivery)",
  method: 'GET',
  path: `${account}/ServiceOption`,
  answer: currentServiceOptionSchema,
});

export const getLockerOption = endpoint({
  tag,
  summary: 'The locker the customer keeps for the locker option, if any',
  method: 'GET',
  path: `${account}/ServiceOptions/locker`,
  answer: placeOptionSchema,
});

export const getPickupOption = endpoint({
  tag,
  summary: 'The office the customer keeps for the pickup option, if any',
  method: 'GET',
  path: `${account}/ServiceOptions/pickup`,
  answer: placeOptionSchema,
});

export const setLockerOption = endpoint({
  tag,
  summary: "Collects the customer's parcels from this locker of their country from now on",
  method: 'PUT',
  path: `${account}/ServiceOptions/locker`,
  body: placeIdBodySchema,
  answer: currentServiceOptionSchema,
  errors: placeErrors,
});

export const setPickupOption = endpoint({
  tag,
  summary: "Collects the customer's parcels from this outlet or reception of their country from now on",
  method: 'PUT',
  path: `${account}/ServiceOptions/pickup`,
  body: placeIdBodySchema,
  answer: currentServiceOptionSchema,
  errors: placeErrors,
});

export const chooseDeliveryAddress = endpoint({
  tag,
  summary: "Delivers the customer's parcels to their address from now on",
  method: 'PUT',
  path: `${account}/ServiceOptions/useDeliveryAddress`,
  answer: currentServiceOptionSchema,
});

export const getDeliveryAddress = endpoint({
  tag,
  summary: 'The address the delivery option delivers to',
  method: 'GET',
  path: `${account}/deliveryaddress`,
  query: deliveryAddressQuerySchema,
  answer: deliveryAddressSchema,
});
