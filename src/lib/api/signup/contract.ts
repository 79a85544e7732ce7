/**
 * Contract of the signup calls (spec 2 §7 Signup and marketing, spec 1 §3 signup form): the account, the e-mail
 * check and the payment link. The profile and shipping details steps of a logged-in customer are account calls
 * (../account/contract.ts), whose field rules the signup form shares.
 */
import { z } from '../../zod.ts';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { planIdSchema } from '../../reference/schemas.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';
import {
  ALREADY_COMPLETE,
  FieldErrorCode,
  birthDateSchema,
  countryFieldSchema,
  nameSchema,
  phoneSchema,
} from '../../profile/profile-fields.ts';
import { customerDetailsSchema } from '../session/customer.ts';
import { newPasswordSchema } from '../../auth/new-password.ts';

export const email = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email().check(z.maxLength(254)));

/** POST api/signup: the signup form of step 1. */
export const signupRequestSchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email,
    password: newPasswordSchema,
    passwordConfirmation: z.string(),
    countryCode: countryFieldSchema,
    mobileNumber: phoneSchema,
    birthDate: birthDateSchema,
    planId: planIdSchema,
    langCode: z.enum(LANGUAGES),
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
  ...FieldErrorCode,
  /** The e-mail has an account already. */
  emailTaken: 'VEX001',
  /** The e-mail is not an address. */
  emailInvalid: 'VEX002',
  /** Profile details (409): the account has its mailboxes already; the profile is edited instead. */
  alreadyComplete: ALREADY_COMPLETE,
} as const;

/**
 * POST api/signup/check: the body is the e-mail as a JSON string; 200 when free, 400 VEX001 when taken and VEX002
 * when not an address.
 */
export const signupCheckRequestSchema = email;
export const signupCheckResponseSchema = z.object({ available: z.literal(true) });

/** POST api/signup/ResolvePaymentUrl. */
export const resolvePaymentUrlRequestSchema = z.object({
  currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  planId: planIdSchema,
  lang: z.enum(LANGUAGES),
});
export type ResolvePaymentUrlRequest = z.infer<typeof resolvePaymentUrlRequestSchema>;
export const absoluteUriSchema = z.object({ absoluteUri: z.url() });

// ---------------------------------------------------------------------------
// The calls

const tag = 'Signup';
const tooMany = { 429: [ErrorCode.tooManyAttempts] } as const;

export const signup = endpoint({
  tag,
  summary: 'Creates the account and logs the visitor in (step 1)',
  description: 'Signups are limited per client address (429).',
  method: 'POST',
  path: 'api/signup',
  body: signupRequestSchema,
  answer: customerDetailsSchema,
  status: 201,
  answerHeaders: {
    'Set-Cookie': { description: 'The new session, as at login' },
  },
  errors: {
    400: [
      SignupErrorCode.nameInvalid,
      SignupErrorCode.mobileInvalid,
      SignupErrorCode.emailTaken,
      SignupErrorCode.mobileInUse,
    ],
    ...tooMany,
  },
});

export const checkSignupEmail = endpoint({
  tag,
  summary: 'Whether an e-mail can sign up: 200 when free',
  description: 'Checks are limited per client address (429).',
  method: 'POST',
  path: 'api/signup/check',
  body: signupCheckRequestSchema,
  answer: signupCheckResponseSchema,
  errors: { 400: [SignupErrorCode.emailTaken, SignupErrorCode.emailInvalid], ...tooMany },
});

export const resolveSignupPaymentUrl = endpoint({
  tag,
  summary: 'The page where the logged-in customer pays for the plan they signed up for',
  method: 'POST',
  path: 'api/signup/ResolvePaymentUrl',
  auth: true,
  body: resolvePaymentUrlRequestSchema,
  answer: absoluteUriSchema,
});
