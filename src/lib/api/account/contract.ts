/** Contract of the account and users calls (spec 2 §7 Account, Users). */
import { z } from '../../zod.ts';

const email = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email().check(z.maxLength(254)));

export const loginRequestSchema = z.object({
  email,
  password: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** Login response fields (spec 1 §3), plus what the current user keeps of the profile. */
export const loginResponseSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userGuid: z.uuid(),
  langCode: z.string(),
  hasMailboxes: z.boolean(),
  confirmedAgreement: z.boolean(),
  isLiveChatEnabled: z.boolean(),
  countryCode: z.string(),
  city: z.nullable(z.string()),
  entity: z.nullable(z.string()),
  streetAddressLine1: z.nullable(z.string()),
  streetAddressLine2: z.nullable(z.string()),
  isIdAttachmentMandatory: z.boolean(),
  isIdUploaded: z.boolean(),
  areIdDetailsMandatory: z.boolean(),
  idType: z.nullable(z.string()),
  idTypeValue: z.nullable(z.string()),
  /** 0 cash, 1 AutoPay. */
  paymentMethod: z.union([z.literal(0), z.literal(1)]),
  planId: z.int(),
  planStartDate: z.nullable(isoDate),
  planExpiryDate: z.nullable(isoDate),
  planAutoRenewal: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET api/account/GetCustomerDetails: the session's user, as at login. */
export const customerDetailsSchema = loginResponseSchema;
export type CustomerDetails = LoginResponse;

export const sendActivationEmailRequestSchema = z.object({
  email,
  langCode: z.enum(['en', 'ar']),
});
export type SendActivationEmailRequest = z.infer<typeof sendActivationEmailRequestSchema>;

export const sentResponseSchema = z.object({ sent: z.literal(true) });

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
  mobile: z.string().check(z.regex(/^\d{6,15}$/, { message: 'VEX008' })),
  tel1: z._default(z.string().check(z.regex(/^(?:\d{6,15})?$/)), ''),
  city: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  state: optionalText(80),
  streetAddressLine1: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  streetAddressLine2: optionalText(120),
  zipCode: optionalText(12),
  w3wAddress: optionalText(200),
  idType: z._default(z.nullable(z.string().check(z.maxLength(40))), null),
  idTypeValue: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(40))), null),
});
export type ProfileSaveRequest = z.input<typeof profileSaveSchema>;

/** POST api/account/{guid}/save: action 2 confirms the agreement; action 1 saves the profile. */
export const saveAccountRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal(CONFIRM_AGREEMENT_ACTION) }),
  profileSaveSchema,
]);
export type SaveAccountRequest = z.input<typeof saveAccountRequestSchema>;
