/**
 * Contract of the session calls (spec 2 §7 Account): login, logout and the session check every logged-in page
 * makes. Kept apart from the rest of the account's calls, so that a page that only checks its session carries
 * their schemas alone.
 */
import { AccountSecurityErrorCode } from '../account-security-errors.ts';
import { z } from '../../zod.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';

const email = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email().check(z.maxLength(254)));

export const loginRequestSchema = z.object({
  email,
  password: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * A login with a password: the e-mail and password, and when the account has the second step on (issue 25), a
 * code of its authenticator app or one of its recovery codes.
 */
export const passwordLoginSchema = z.extend(loginRequestSchema, {
  otp: z.optional(z.string().check(z.trim(), z.regex(/^\d{6}$/, 'six digits'))),
  recoveryCode: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
});
export type PasswordLogin = z.infer<typeof passwordLoginSchema>;

export { customerDetailsSchema, loginResponseSchema, type CustomerDetails, type LoginResponse } from './customer.ts';
import { loginResponseSchema, customerDetailsSchema } from './customer.ts';

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
    'right password. Failures are limited per address, per account and address, and per account (429). With the ' +
    'second step on, the right password alone answers 401 OTP_REQUIRED and opens no session: send it again with ' +
    '`otp` (six digits) or `recoveryCode`; a wrong one answers 401 OTP_INVALID and counts as a failed login.',
  method: 'POST',
  path: 'api/account/login',
  body: passwordLoginSchema,
  answer: loginResponseSchema,
  answerHeaders: sessionCookie,
  errors: {
    401: [
      ErrorCode.accountInactive,
      ErrorCode.loginFailed,
      ErrorCode.dropShip,
      AccountSecurityErrorCode.otpRequired,
      AccountSecurityErrorCode.otpInvalid,
    ],
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
