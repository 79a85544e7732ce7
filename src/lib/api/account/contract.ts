/**
 * Contract of the account calls (spec 2 §7 Account; login, logout and the session check are ../session/): the profile and
 * agreement save, the profile and shipping details of a logged-in customer completing signup, the mailing lists
 * under the account path, and the ID upload. The field rules of the profile and the address live here too: the
 * signup form (../signup/contract.ts) is built on them.
 */
import { z } from '../../zod.ts';
import { endpoint, multipart } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';
import {
  ALREADY_COMPLETE,
  FieldErrorCode,
  birthDateSchema,
  countryFieldSchema,
  nameSchema,
  phoneSchema,
} from '../../profile/profile-fields.ts';
import { planIdSchema } from '../../reference/schemas.ts';
import { isThreeWordAddress } from '../../three-words/three-word-address.ts';
import { DEFAULT_QUEUE_LIMIT } from '../../uploads/file-rules.ts';
import { UPLOAD_FIELD } from '../uploads/contract.ts';
import { customerDetailsSchema } from '../session/customer.ts';
import { weightUnitNameSchema } from '../../weight/weight-unit.ts';

/** Spec 2 §9: the action id of a save that confirms the agreement. */
export const CONFIRM_AGREEMENT_ACTION = 2;

/** Spec 2 §9: the action id of a profile save, and the form stage it sends. */
export const PROFILE_SAVE_ACTION = 1;
export const PROFILE_FORM_STAGE = 4;

const optionalText = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max)), '');

/**
 * The editable profile (spec 1 §3 profile). E-mail and country are not edited here: the e-mail is the
 * login and the country decides the mailboxes. Phone numbers arrive normalised (no spaces, plus signs or
 * parentheses); the ID number is required when the country makes ID details mandatory.
 */
export const profileSaveSchema = z.object({
  action: z.literal(PROFILE_SAVE_ACTION),
  formStage: z.literal(PROFILE_FORM_STAGE),
  firstName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  lastName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  birthDate: z.object({ day: z.int(), month: z.int(), year: z.int() }),
  gender: z._default(z.nullable(z.enum(['Male', 'Female'])), null),
  nationality: z._default(z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))), null),
  mobile: z.string().check(z.regex(/^\d{6,15}$/, { message: FieldErrorCode.mobileInvalid })),
  tel1: z._default(z.string().check(z.regex(/^(?:\d{6,15})?$/)), ''),
  city: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  state: optionalText(80),
  streetAddressLine1: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  streetAddressLine2: optionalText(120),
  zipCode: optionalText(12),
  w3wAddress: optionalText(200),
  idType: z._default(z.nullable(z.string().check(z.maxLength(40))), null),
  idTypeValue: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(40))), null),
  /** The unit weights are shown in (issue 24); left out, the saved one stays. */
  weightUnit: z.optional(weightUnitNameSchema),
});
export type ProfileSaveRequest = z.input<typeof profileSaveSchema>;

/** POST api/account/{guid}/save: action 2 confirms the agreement; action 1 saves the profile. */
export const saveAccountRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal(CONFIRM_AGREEMENT_ACTION) }),
  profileSaveSchema,
]);
export type SaveAccountRequest = z.input<typeof saveAccountRequestSchema>;

// ---------------------------------------------------------------------------
// Profile and shipping details: the steps of signup for a logged-in customer without mailboxes (spec 1 §2.4)

/**
 * GET, POST api/account/{guid}/profiledetails: step 1 for a logged-in user without mailboxes, who
 * completes the account instead of creating another (spec 1 §2.4).
 */
export const profileDetailsSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  countryCode: countryFieldSchema,
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
  countryCode: countryFieldSchema,
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

// ---------------------------------------------------------------------------
// The calls

const tag = 'Account';
const account = 'api/account/{guid}';
export const saveAccount = endpoint({
  tag,
  summary: 'Saves the profile (action 1) or confirms the service agreement (action 2)',
  method: 'POST',
  path: `${account}/save`,
  body: saveAccountRequestSchema,
  answer: customerDetailsSchema,
  errors: {
    400: [
      FieldErrorCode.nameInvalid,
      FieldErrorCode.mobileInvalid,
      FieldErrorCode.mobileInUse,
      FieldErrorCode.cityInvalid,
    ],
    404: [ErrorCode.notFound],
  },
});

export const getProfileDetails = endpoint({
  tag,
  summary: 'Signup step 1 of a logged-in customer without mailboxes: what is saved so far',
  method: 'GET',
  path: `${account}/profiledetails`,
  answer: profileDetailsResponseSchema,
});

export const saveProfileDetails = endpoint({
  tag,
  summary: 'Signup step 1 of a logged-in customer without mailboxes: completes the account',
  method: 'POST',
  path: `${account}/profiledetails`,
  body: profileDetailsSchema,
  answer: customerDetailsSchema,
  errors: {
    400: [FieldErrorCode.nameInvalid, FieldErrorCode.mobileInvalid, FieldErrorCode.mobileInUse],
    409: [ALREADY_COMPLETE],
  },
});

export const getShippingDetails = endpoint({
  tag,
  summary: 'Signup step 2: the delivery address saved so far',
  method: 'GET',
  path: `${account}/shippingdetails`,
  answer: shippingDetailsResponseSchema,
});

export const saveShippingDetails = endpoint({
  tag,
  summary: 'Signup step 2: saves the delivery address; a free plan opens the mailboxes here',
  method: 'POST',
  path: `${account}/shippingdetails`,
  body: shippingDetailsSchema,
  answer: shippingDetailsResultSchema,
  errors: { 400: [FieldErrorCode.cityInvalid] },
});

export const uploadIdDocument = endpoint({
  tag,
  summary: 'Uploads the ID document; answers the customer, now with the ID uploaded',
  description: 'One file of 1 to 4,194,304 bytes, a png, jpg, gif, pdf, doc or docx by its content.',
  method: 'POST',
  path: `${account}/upload/1`,
  body: multipart(UPLOAD_FIELD, DEFAULT_QUEUE_LIMIT),
  answer: customerDetailsSchema,
  errors: {
    400: [ErrorCode.fileRequired, ErrorCode.fileQueueLimit],
    413: [ErrorCode.fileTooLarge],
    415: [ErrorCode.fileFormat],
  },
});
