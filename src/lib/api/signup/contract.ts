/** Contract of the signup calls (spec 2 §7 Signup and marketing, spec 1 §3 signup form and shipping details). */
import { z } from '../../zod.ts';
import { isAdult, isCalendarDate, normalisePhone, PHONE_PATTERN } from '../../profile/profile-rules.ts';
import { planIdSchema } from '../../reference/schemas.ts';
import { isThreeWordAddress } from '../../three-words/three-word-address.ts';
import { newPasswordSchema } from '../users/contract.ts';

export const email = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email().check(z.maxLength(254)));

/** A person's name: letters (any script), spaces, apostrophes, dots and hyphens. */
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;
const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(60));

const countryCode = z.string().check(z.regex(/^[A-Z]{2}$/));

export const birthDateSchema = z.object({ day: z.int(), month: z.int(), year: z.int() }).check(
  z.refine(isCalendarDate, { message: 'date' }),
  z.refine((d) => isAdult(d), { message: 'adult' }),
);

/** A phone number as sent: spaces, plus signs and parentheses are removed first. */
export const phoneSchema = z.pipe(
  z.pipe(z.string(), z.transform(normalisePhone)),
  z.string().check(z.regex(PHONE_PATTERN, { message: 'VEX008' })),
);

/** POST api/signup: the signup form of step 1. */
export const signupRequestSchema = z
  .object({
    firstName: name,
    lastName: name,
    email,
    password: newPasswordSchema,
    passwordConfirmation: z.string(),
    countryCode,
    mobileNumber: phoneSchema,
    birthDate: birthDateSchema,
    planId: planIdSchema,
    langCode: z.enum(['en', 'ar']),
    /** Agreement to receive offers by e-mail. */
    agreeOnUseOptIn: z.boolean(),
    gtmClientId: z.optional(z.string().check(z.maxLength(100))),
  })
  .check(
    z.refine((f) => f.password.trim() === f.passwordConfirmation.trim(), {
      path: ['passwordConfirmation'],
      message: 'passwordMatch',
    }),
  );
export type SignupRequest = z.input<typeof signupRequestSchema>;

/** Error codes of the signup calls (spec 2 §8). */
export const SignupErrorCode = {
  /** The e-mail has an account already. */
  emailTaken: 'VEX001',
  /** The e-mail is not an address. */
  emailInvalid: 'VEX002',
  /** The mobile number belongs to another account. */
  mobileInUse: 'VEX003',
  /** The mobile number is not valid. */
  mobileInvalid: 'VEX008',
  /** First or last name invalid. */
  nameInvalid: 'VEX022',
  /** Shipping details: the city is not one the service delivers to in that country. */
  cityInvalid: 'City invalid',
  /** Profile details (409): the account has its mailboxes already; the profile is edited instead. */
  alreadyComplete: 'CONFLICT',
} as const;

/** POST api/signup/check: the body is the e-mail as a JSON string; 200 when free, 400 with codes otherwise. */
export const signupCheckRequestSchema = z.string();
export const signupCheckResponseSchema = z.object({ available: z.literal(true) });

/** POST api/signup/ResolvePaymentUrl. */
export const resolvePaymentUrlRequestSchema = z.object({
  currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  planId: planIdSchema,
  lang: z.enum(['en', 'ar']),
});
export type ResolvePaymentUrlRequest = z.infer<typeof resolvePaymentUrlRequestSchema>;
export const absoluteUriSchema = z.object({ absoluteUri: z.url() });

/**
 * GET, POST api/account/{guid}/profiledetails: step 1 for a logged-in user without mailboxes, who
 * completes the account instead of creating another (spec 1 §2.4).
 */
export const profileDetailsSchema = z.object({
  firstName: name,
  lastName: name,
  countryCode,
  mobileNumber: phoneSchema,
  birthDate: birthDateSchema,
  planId: planIdSchema,
  agreeOnUseOptIn: z.boolean(),
  /** Must be true to save. */
  confirmedAgreement: z.literal(true),
});
export type ProfileDetailsRequest = z.input<typeof profileDetailsSchema>;

/** What GET profiledetails answers: the saved values (empty where none yet). */
export const profileDetailsResponseSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  countryCode: z.string(),
  mobileNumber: z.string(),
  birthDate: z.nullable(z.object({ day: z.number(), month: z.number(), year: z.number() })),
  planId: z.int(),
  agreeOnUseOptIn: z.boolean(),
  confirmedAgreement: z.boolean(),
});
export type ProfileDetailsResponse = z.infer<typeof profileDetailsResponseSchema>;

/** Shipping details (spec 1 §3), step 2. */
export const shippingDetailsSchema = z.object({
  addressLine1: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  addressLine2: z._default(z.string().check(z.trim(), z.maxLength(120)), ''),
  w3wAddress: z
    ._default(z.string().check(z.trim(), z.maxLength(200)), '')
    .check(z.refine(isThreeWordAddress, { message: 'threeWordAddress' })),
  countryCode,
  city: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  zipCode: z._default(z.string().check(z.trim(), z.maxLength(12)), ''),
  state: z._default(z.string().check(z.trim(), z.maxLength(80)), ''),
  /** Shipment protection on every parcel. */
  applyProtectionService: z._default(z.boolean(), false),
});
export type ShippingDetailsRequest = z.input<typeof shippingDetailsSchema>;
export type ShippingDetails = z.output<typeof shippingDetailsSchema>;

/**
 * What GET shippingdetails answers: the saved values, empty strings where none yet (so not parseable with the
 * request schema, which wants a street and a city).
 */
export const shippingDetailsResponseSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string(),
  w3wAddress: z.string(),
  countryCode: z.string(),
  city: z.string(),
  zipCode: z.string(),
  state: z.string(),
  applyProtectionService: z.boolean(),
});
export type ShippingDetailsResponse = z.infer<typeof shippingDetailsResponseSchema>;

/**
 * POST shippingdetails answers where signup goes next: with a free plan the mailboxes open at once and
 * the next step is the confirmation; with a paid plan, the payment step for `planId`.
 */
export const shippingDetailsResultSchema = z.object({
  hasMailboxes: z.boolean(),
  planId: planIdSchema,
  amount: z.number(),
  currencyCode: z.string(),
});
export type ShippingDetailsResult = z.infer<typeof shippingDetailsResultSchema>;

/** Confirmation `m` parameter: base64 of this JSON (spec 1 §2.4). */
export const confirmationPaymentSchema = z.object({
  amount: z.union([z.number(), z.string()]),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  pnref: z.string().check(z.maxLength(100)),
});
export type ConfirmationPayment = z.infer<typeof confirmationPaymentSchema>;
