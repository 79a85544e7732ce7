/**
 * Contract of the service options calls (spec 2 §7 v1 account ServiceOption(s), locker, pickup,
 * useDeliveryAddress, deliveryaddress; reference v1 locations and countries/{code}/ServiceOptions): where the
 * customer's parcels go — an office to collect them from, a locker, or their own address.
 */
import { z } from '../../zod.ts';
import { officeTypeIdSchema } from '../../reference/schemas.ts';

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

export const locationsQuerySchema = z.object({
  countrycode: z.string().check(z.regex(/^[A-Za-z]{2}$/)),
  /** Comma list of place type ids; default all. */
  typeids: z.optional(z.string().check(z.regex(/^\d+(,\d+)*$/))),
  lang: z._default(z.enum(['en', 'ar']), 'en'),
});

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

/** GET api/v1/account/{guid}/deliveryaddress (spec 1 §3 service option data). */
export const deliveryAddressSchema = z.object({
  city: z.string(),
  stateName: z.string(),
  address1: z.string(),
  address2: z.string(),
  countryName: z.string(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const ServiceOptionErrorCode = {
  /** The place is not one of that option's places in the customer's country. */
  place: 'SERVICE_OPTION_PLACE',
} as const;
