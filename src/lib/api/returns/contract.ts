/**
 * Contract of the return shipment calls (spec 1 §3 "Return shipment", spec 2 §3, §7 v1 account shipments/return,
 * Reference data ValidateAddress; docs/decisions/018): the prefill of a delivered shipment's return, its price,
 * the stored return, and the address check. Field names are the spec's (pickupStreetAdress included).
 */
import { z } from '../../zod.ts';
import { MAX_RETURN_WEIGHT_KG } from '../../returns/return-rules.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';

const countryCode = z.pipe(
  z.string().check(z.trim(), z.regex(/^[A-Za-z]{2}$/)),
  z.transform((s: string) => s.toUpperCase()),
);
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

export const pickupAddressSchema = z.object({
  pickupStreetAdress: text(120).check(z.minLength(3)),
  pickupCity: text(80).check(z.minLength(1)),
  /** Empty where the country has no zip codes. */
  pickupZipCode: text(12),
  pickupCountryCode: countryCode,
});
export type PickupAddress = z.infer<typeof pickupAddressSchema>;

/** A phone number once spaces, plus signs and parentheses are gone: 6 to 15 digits. */
export const RETURN_PHONE_PATTERN = /^\d{6,15}$/;

export const deliveryAddressSchema = z.object({
  name: text(80).check(z.minLength(2)),
  phoneNumber: z.pipe(
    z.pipe(
      z.string(),
      z.transform((s: string) => s.replace(/[\s+()-]/g, '')),
    ),
    z.string().check(z.regex(RETURN_PHONE_PATTERN)),
  ),
  deliveryStreetAddress: text(120).check(z.minLength(3)),
  deliveryCity: text(80).check(z.minLength(1)),
  deliveryZipCode: text(12),
  deliveryCountryCode: countryCode,
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const pickupTimeDetailsSchema = z.object({
  /** yyyy-MM-dd, a day of the pickup country's calendar. */
  pickupDate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** HH:mm, 24-hour, on the 10-minute grid. */
  readyTime: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]0$/)),
  latestTime: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]0$/)),
});
export type PickupTimeDetails = z.infer<typeof pickupTimeDetailsSchema>;

/** A country the return can be picked up in or delivered to, with what its addresses need. */
export const returnCountrySchema = z.object({
  code: z.string(),
  isZipCodeRequired: z.boolean(),
});
export type ReturnCountry = z.infer<typeof returnCountrySchema>;

/** GET api/v1/account/{guid}/shipments/return/{id}: the return of a delivered shipment, prefilled. */
export const returnShipmentSchema = z.object({
  packageID: z.int(),
  awb: z.string(),
  currencyCode: z.string(),
  contentDescription: z.string(),
  pickupAddress: z.object({
    pickupStreetAdress: z.string(),
    pickupCity: z.string(),
    pickupZipCode: z.string(),
    pickupCountryCode: z.string(),
  }),
  deliveryAddress: z.object({
    name: z.string(),
    phoneNumber: z.string(),
    deliveryStreetAddress: z.string(),
    deliveryCity: z.string(),
    deliveryZipCode: z.string(),
    deliveryCountryCode: z.string(),
  }),
  pickupTimeDetails: z.nullable(pickupTimeDetailsSchema),
  amount: z.number(),
  weight: z.number(),
  weightUnit: z.literal('kg'),
  supplierName: z.string(),
  originCountry: z.string(),
  originCountryCode: z.string(),
  customsDeclaredValue: z.nullable(z.number()),
  customsDeclaredCurrency: z.nullable(z.string()),
  /** The highest declared amount allowed, in `currencyCode`. */
  lowValueLimit: z.number(),
  /** Where a return can be picked up (countries the service delivers to) and delivered (origin countries). */
  pickupCountries: z.array(returnCountrySchema),
  deliveryCountries: z.array(returnCountrySchema),
});
export type ReturnShipment = z.infer<typeof returnShipmentSchema>;

const amountSchema = z.number().check(z.positive(), z.lte(1_000_000));
const weightSchema = z.number().check(z.positive(), z.lte(MAX_RETURN_WEIGHT_KG));

/** POST api/v1/account/{guid}/shipments/return/calculate. */
export const calculateRequestSchema = z.object({
  packageID: z.optional(z.int().check(z.positive())),
  weight: weightSchema,
  weightUnit: z._default(z.literal('kg'), 'kg'),
  pickupCountryCode: countryCode,
  deliveryCountryCode: countryCode,
});
export type CalculateRequest = z.input<typeof calculateRequestSchema>;

/** A return's price: minor units of its currency, and as written (e.g. "USD 30.50"). */
export const returnPriceSchema = z.object({
  amountMinor: z.int().check(z.nonnegative()),
  currencyCode: z.string(),
  amount: z.number().check(z.nonnegative()),
  display: z.string(),
});
export type ReturnPrice = z.infer<typeof returnPriceSchema>;

/** POST api/v1/account/{guid}/shipments/return/{id}: the return the customer asks for. */
export const returnRequestSchema = z.object({
  packageID: z.int().check(z.positive()),
  contentDescription: text(200).check(z.minLength(2)),
  pickupAddress: pickupAddressSchema,
  deliveryAddress: deliveryAddressSchema,
  pickupTimeDetails: pickupTimeDetailsSchema,
  amount: amountSchema,
  weight: weightSchema,
  weightUnit: z._default(z.literal('kg'), 'kg'),
});
export type ReturnRequest = z.input<typeof returnRequestSchema>;

/** The stored return (answered by the POST, 201 when created, 200 when the shipment already had it). */
export const storedReturnSchema = z.object({
  packageID: z.int(),
  awb: z.string(),
  currencyCode: z.string(),
  contentDescription: z.string(),
  pickupAddress: returnShipmentSchema.shape.pickupAddress,
  deliveryAddress: returnShipmentSchema.shape.deliveryAddress,
  pickupTimeDetails: pickupTimeDetailsSchema,
  amount: z.number(),
  weight: z.number(),
  weightUnit: z.literal('kg'),
  price: returnPriceSchema,
  createdAt: z.string(),
});
export type StoredReturn = z.infer<typeof storedReturnSchema>;

/** POST api/v1/Countries/{code}/ValidateAddress. */
export const validateAddressRequestSchema = z.object({
  streetName: z.string().check(z.maxLength(200)),
  cityName: z.string().check(z.maxLength(200)),
  zipCode: z._default(z.string().check(z.maxLength(20)), ''),
});
export type ValidateAddressRequest = z.input<typeof validateAddressRequestSchema>;
export const validateAddressResponseSchema = z.object({ isValid: z.boolean() });

export const ReturnErrorCode = {
  /** 409: the shipment is not delivered (nothing to return yet). */
  notDelivered: 'RETURN_NOT_DELIVERED',
  /** 409: the shipment already has a return. */
  exists: 'RETURN_EXISTS',
  /** 400: an address fails the country's check (errors.invalidAddress); fieldErrors name it. */
  invalidAddress: 'RETURN_INVALID_ADDRESS',
  /** 400: no rate from the pickup country to the delivery country. */
  noRoute: 'RETURN_NO_ROUTE',
} as const;

// ---------------------------------------------------------------------------
// The calls

const tag = 'Returns';
const returns = 'api/v1/account/{guid}/shipments/return';
const returnErrors = {
  404: [ErrorCode.notFound],
  409: [ReturnErrorCode.notDelivered, ReturnErrorCode.exists],
} as const;

export const getReturnShipment = endpoint({
  tag,
  summary: 'The return of a delivered shipment of the customer (its hawb id), prefilled',
  description: 'A shipment that is not the customer’s is a 404; one not delivered, or already returned, a 409.',
  method: 'GET',
  path: `${returns}/{id}`,
  answer: returnShipmentSchema,
  errors: returnErrors,
});

export const calculateReturn = endpoint({
  tag,
  summary: "A return's price from the pickup country to the delivery country, for the customer's plan",
  method: 'POST',
  path: `${returns}/calculate`,
  body: calculateRequestSchema,
  answer: returnPriceSchema,
  errors: { 400: [ReturnErrorCode.noRoute], 404: [ErrorCode.notFound] },
});

export const submitReturn = endpoint({
  tag,
  summary: 'Asks for the return of a delivered shipment (201); a second call answers the stored return (200)',
  description:
    'Checked again whatever the browser checked: the pickup window, the times, the low value limit and, in ' +
    'countries with zip codes, both addresses. One return per shipment: a repeated submit creates nothing.',
  method: 'POST',
  path: `${returns}/{id}`,
  body: returnRequestSchema,
  answer: storedReturnSchema,
  status: [201, 200],
  errors: {
    ...returnErrors,
    400: [ReturnErrorCode.invalidAddress, ReturnErrorCode.noRoute],
  },
});

export const validateAddress = endpoint({
  tag,
  summary: 'Whether an address exists in a country with zip codes (open to visitors)',
  method: 'POST',
  path: 'api/v1/Countries/{code}/ValidateAddress',
  body: validateAddressRequestSchema,
  answer: validateAddressResponseSchema,
  errors: { 404: [ErrorCode.notFound] },
});
