/**
 * Contract of the session calls (spec 2 §7 Account): login, logout and the session check every logged-in page
 * makes. Kept apart from the rest of the account's calls, so that a page that only checks its session carries
 * their schemas alone.
 */
import { z } from '../../zod.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';
import { weightUnitNameSchema } from '../../weight/weight-unit.ts';

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
  /** The unit the customer sees weights in (issue 24). */
  weightUnit: weightUnitNameSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET api/account/GetCustomerDetails: the session's user, as at login. */
export const customerDetailsSchema = loginResponseSchema;
export type CustomerDetails = LoginResponse;

// ---------------------------------------------------------------------------
// The calls

const tag = 'Account';
const sessionCookie = {
  'Set-Cookie': { description: 'The new session: HttpOnly, SameSite=Lax, `__Host-sid` over https, else `sid`' },
} as const;

export const logIn = endpoint({
  tag,
  summary: 'Logs in: a new session, and any session the browser had ends',
  description:
    'AE002 whether or not the e-mail has an account; AE001 (not active) and AE003 (drop-and-ship) only with the ' +
    'right password. Failures are limited per address, per account and address, and per account (429).',
  method: 'POST',
  path: 'api/account/login',
  body: loginRequestSchema,
  answer: loginResponseSchema,
  answerHeaders: sessionCookie,
  errors: {
    401: [ErrorCode.accountInactive, ErrorCode.loginFailed, ErrorCode.dropShip],
    429: [ErrorCode.tooManyAttempts],
  },
});

export const logOut = endpoint({
  tag,
  summary: 'Ends the session, if any, and clears its cookie',
  method: 'POST',
  path: 'api/account/logout',
  answer: null,
  answerHeaders: { 'Set-Cookie': { description: 'The session cookie, cleared' } },
});

export const getCustomerDetails = endpoint({
  tag,
  summary: "The session's customer, as at login: the session check (spec 1 §4.1), 401 once it has ended",
  method: 'GET',
  path: 'api/account/GetCustomerDetails',
  auth: true,
  answer: customerDetailsSchema,
});
