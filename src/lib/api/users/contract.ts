/**
 * Contract of the users calls (spec 2 §7 Users and customers): re-authentication, passwords (changed, forgotten
 * and reset by link), and activation by link, in its two forms: the api/users calls with the link's `q` in the
 * body, and the v1 calls with it in the `activationParams` header.
 */
import { z } from '../../zod.ts';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { newPasswordSchema } from '../../auth/new-password.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';
import { loginRequestSchema } from '../session/contract.ts';

const email = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email().check(z.maxLength(254)));
/** A link token from an e-mail (`q`). */
export const linkTokenSchema = z.string().check(z.regex(/^[\w-]{20,200}$/));

export const sendActivationEmailRequestSchema = z.object({ email, langCode: z.enum(LANGUAGES) });
export type SendActivationEmailRequest = z.infer<typeof sendActivationEmailRequestSchema>;

export const forgottenPasswordRequestSchema = z.object({ email, langCode: z.enum(LANGUAGES) });
export type ForgottenPasswordRequest = z.infer<typeof forgottenPasswordRequestSchema>;

/** What the link e-mail calls answer, whether or not a mail went out (they don't tell which e-mails have accounts). */
export const sentResponseSchema = z.object({ sent: z.literal(true) });

export const linkRequestSchema = z.object({ q: linkTokenSchema });
export type LinkRequest = z.infer<typeof linkRequestSchema>;

/** Account from link (spec 1 §3). */
export const accountFromLinkSchema = z.object({
  active: z.boolean(),
  email: z.string(),
  activationParam: z.string(),
});
export type AccountFromLink = z.infer<typeof accountFromLinkSchema>;

/**
 * GET api/v1/session/account: the account from link, and its GUID, which POST api/v1/account/{accountGUID}/activate
 * names (the logged-out customer has no other way to know it).
 */
export const linkAccountSchema = z.extend(accountFromLinkSchema, { accountGUID: z.uuid() });
export type LinkAccount = z.infer<typeof linkAccountSchema>;

export const changeForgottenPasswordRequestSchema = z.object({ q: linkTokenSchema, newPassword: newPasswordSchema });
export type ChangeForgottenPasswordRequest = z.infer<typeof changeForgottenPasswordRequestSchema>;

export const changePasswordRequestSchema = z.object({
  oldPassword: z.string().check(z.minLength(1), z.maxLength(200)),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const doneResponseSchema = z.object({ done: z.literal(true) });

/**
 * POST api/users/AuthenticateUser answers when the session's customer proved their password again. The session
 * stays the same one: nothing else changes.
 */
export const reauthenticationSchema = z.object({
  authenticated: z.literal(true),
  reauthenticatedAt: z.iso.datetime(),
});
export type Reauthentication = z.infer<typeof reauthenticationSchema>;

/** Error codes of these calls. */
export const UsersErrorCode = {
  /** The link is unknown, used or expired. */
  accountNotResolved: 'ACCOUNT_NOT_RESOLVED',
  /** Activation link of an account that is already active. */
  alreadyActive: 'ALREADY_ACTIVE',
  /** The new password equals the current one. */
  samePassword: 'SAME_PASSWORD',
  /** The current password given is wrong. */
  wrongPassword: 'WRONG_PASSWORD',
} as const;

/** The request header that carries an activation link's `q` to the v1 calls (spec 2 §7). */
export const ACTIVATION_PARAMS_HEADER = 'activationParams';

// ---------------------------------------------------------------------------
// The calls

const tag = 'Users';
const activationParams = {
  [ACTIVATION_PARAMS_HEADER]: { description: 'The `q` of the activation or reactivation link', required: true },
} as const;
const linkErrors = { 400: [UsersErrorCode.accountNotResolved] } as const;
const activationErrors = { 400: [UsersErrorCode.accountNotResolved, UsersErrorCode.alreadyActive] } as const;

export const authenticateUser = endpoint({
  tag,
  summary: "Re-authentication: the session's customer proves their password again",
  description:
    "The e-mail must be the session's customer's (AE002 otherwise, as for a wrong password), with login's answers " +
    '(AE001, AE002, AE003) and its limits on failures (429). No new session starts: the session records the ' +
    'time, for the changes that want a recent proof of the password.',
  method: 'POST',
  path: 'api/users/AuthenticateUser',
  auth: true,
  body: loginRequestSchema,
  answer: reauthenticationSchema,
  errors: {
    401: [ErrorCode.accountInactive, ErrorCode.loginFailed, ErrorCode.dropShip],
    429: [ErrorCode.tooManyAttempts],
  },
});

export const changePassword = endpoint({
  tag,
  summary: "Changes the logged-in customer's password; this session stays, the others end",
  description: 'Wrong current passwords are limited per customer (429).',
  method: 'POST',
  path: 'api/users/{guid}/changePassword',
  body: changePasswordRequestSchema,
  answer: doneResponseSchema,
  errors: {
    400: [UsersErrorCode.wrongPassword, UsersErrorCode.samePassword],
    429: [ErrorCode.tooManyAttempts],
  },
});

export const changeForgottenPassword = endpoint({
  tag,
  summary: 'Sets a new password through a reset link, which is then used up; every session of the account ends',
  method: 'POST',
  path: 'api/users/changeForgottenPassword',
  body: changeForgottenPasswordRequestSchema,
  answer: doneResponseSchema,
  errors: { 400: [UsersErrorCode.accountNotResolved, UsersErrorCode.samePassword] },
});

const linkMailDescription =
  'At most 3 mails an hour go to one address (the answer stays the same beyond); the requests of one client ' +
  'address are limited too, whatever the e-mails they name (429 with Retry-After).';

export const sendActivationEmail = endpoint({
  tag,
  summary: 'Mails an activation (or reactivation) link to an account not active; the same answer for any e-mail',
  description: linkMailDescription,
  method: 'POST',
  path: 'api/users/SendActivationEmail',
  body: sendActivationEmailRequestSchema,
  answer: sentResponseSchema,
  errors: { 429: [ErrorCode.tooManyAttempts] },
});

export const sendForgottenPasswordEmail = endpoint({
  tag,
  summary: 'Mails a reset-password link; the same answer for any e-mail',
  description: linkMailDescription,
  method: 'POST',
  path: 'api/users/SendForgottenPasswordEmail',
  body: forgottenPasswordRequestSchema,
  answer: sentResponseSchema,
  errors: { 429: [ErrorCode.tooManyAttempts] },
});

export const resolveResetPassword = endpoint({
  tag,
  summary: 'The account behind a reset-password link',
  method: 'POST',
  path: 'api/users/ResolveResetPassword',
  body: linkRequestSchema,
  answer: accountFromLinkSchema,
  errors: linkErrors,
});

export const resolveAccount = endpoint({
  tag,
  summary: 'The account behind an activation or reactivation link',
  method: 'POST',
  path: 'api/users/ResolveAccount',
  body: linkRequestSchema,
  answer: accountFromLinkSchema,
  errors: linkErrors,
});

export const activateUser = endpoint({
  tag,
  summary: 'Activates (or reactivates) the account behind a link; the link then stops working',
  method: 'POST',
  path: 'api/users/ActivateUser',
  body: linkRequestSchema,
  answer: doneResponseSchema,
  errors: activationErrors,
});

export const getLinkAccount = endpoint({
  tag,
  summary: 'The account behind an activation or reactivation link, given in the activationParams header',
  description:
    'As POST api/users/ResolveAccount does for a body { q }, with the account GUID the activate call names. ' +
    'Not cached: the answer names the customer.',
  method: 'GET',
  path: 'api/v1/session/account',
  requestHeaders: activationParams,
  answer: linkAccountSchema,
  errors: { 400: [ErrorCode.validation, UsersErrorCode.accountNotResolved] },
});

export const activateAccount = endpoint({
  tag,
  summary: 'Activates the account the link in the activationParams header names; the link then stops working',
  description:
    'For a customer who is logged out: the link is the proof, and it must be the account of the path (403 ' +
    'otherwise). As POST api/users/ActivateUser does for a body { q }.',
  method: 'POST',
  path: 'api/v1/account/{accountGUID}/activate',
  ownerBy: 'link',
  requestHeaders: activationParams,
  answer: doneResponseSchema,
  errors: activationErrors,
});
