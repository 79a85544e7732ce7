/**
 * Contract of passkeys (issue 25, scope 1; WebAuthn): the customer's passkeys, listed, added and removed under
 * their own guid (403 for anyone else's; adding and removing want the password given again in the last few
 * minutes, 403 REAUTHENTICATION_REQUIRED), and the login with one, which answers as the password login does.
 * Each ceremony is two calls: the options (with a challenge the server keeps, single-use and short-lived, so
 * that any API process can finish it), then the authenticator's answer.
 */
import { AccountSecurityErrorCode } from '../account-security-errors.ts';
import { z } from '../../zod.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';
import { loginResponseSchema } from '../session/contract.ts';

import { PasskeyErrorCode } from './errors.ts';

export { PasskeyErrorCode };

/** A base64url value of a WebAuthn answer. */
const b64u = (max: number) => z.string().check(z.regex(/^[A-Za-z0-9_-]*$/, 'not base64url'), z.maxLength(max));

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO date and time. */
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** Synced to the customer's other devices by their password manager or platform. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysSchema = z.array(passkeySchema);

export const PASSKEY_NAME_MAX = 60;
export const passkeyNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(PASSKEY_NAME_MAX, 'validation.tooLong'));

/** What navigator.credentials.create() answered, as @simplewebauthn/browser sends it (RegistrationResponseJSON). */
export const registrationResponseSchema = z.looseObject({
  id: b64u(1400),
  rawId: b64u(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64u(4000),
    attestationObject: b64u(20000),
    transports: z.optional(z.array(z.string().check(z.maxLength(20))).check(z.maxLength(10))),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.optional(z.string()),
});

/** What navigator.credentials.get() answered (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.looseObject({
  id: b64u(1400),
  rawId: b64u(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64u(4000),
    authenticatorData: b64u(4000),
    // Up to ML-DSA-44's 2,420 bytes (post-quantum keys, offered where the runtime has them), with room.
    signature: b64u(8000),
    userHandle: z.optional(b64u(200)),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.optional(z.string()),
});

export const addPasskeyRequestSchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export const passkeyLoginRequestSchema = z.object({ response: authenticationResponseSchema });

/** PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create(). */
export const creationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.optional(z.string()), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
});
/** PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get(). */
export const requestOptionsSchema = z.looseObject({ challenge: z.string(), rpId: z.optional(z.string()) });

// ---------------------------------------------------------------------------
// The calls

const tag = 'Passkeys';
const path = 'api/v1/account/{guid}/passkeys';
const recentProof = { 403: [AccountSecurityErrorCode.reauthenticationRequired] } as const;

export const getPasskeys = endpoint({
  tag,
  summary: "The customer's passkeys, the newest first",
  method: 'GET',
  path,
  answer: passkeysSchema,
});

export const passkeyCreationOptions = endpoint({
  tag,
  summary: 'Starts adding a passkey: the options for navigator.credentials.create(), with a challenge for 5 minutes',
  description:
    "The customer's existing passkeys are excluded, so one authenticator isn't added twice. Wants the password " +
    'given again (POST api/users/AuthenticateUser) in the last 5 minutes.',
  method: 'POST',
  path: `${path}/options`,
  answer: creationOptionsSchema,
  errors: recentProof,
});

export const addPasskey = endpoint({
  tag,
  summary: 'Adds the passkey the authenticator made, under a name; answers the passkeys',
  description:
    'The challenge must be one this customer was given, unused and not expired; the origin and relying party the ' +
    "site's. Wants the password given again in the last 5 minutes.",
  method: 'POST',
  path,
  body: addPasskeyRequestSchema,
  answer: passkeysSchema,
  status: 201,
  errors: {
    400: [PasskeyErrorCode.failed],
    409: [PasskeyErrorCode.exists],
    ...recentProof,
  },
});

export const removePasskey = endpoint({
  tag,
  summary: 'Removes a passkey; answers the passkeys left',
  description: 'Wants the password given again in the last 5 minutes.',
  method: 'DELETE',
  path: `${path}/{passkeyId}`,
  params: z.object({ guid: z.string(), passkeyId: b64u(1400) }),
  answer: passkeysSchema,
  errors: { 404: [ErrorCode.notFound], ...recentProof },
});

export const passkeyLoginOptions = endpoint({
  tag,
  summary: 'Starts a login with a passkey: the options for navigator.credentials.get(), with a challenge for 5 minutes',
  description:
    "No account is named: the passkey the customer picks names it (discoverable credentials, and the browser's " +
    'autofill). Limited per address (429).',
  method: 'POST',
  path: 'api/v1/session/passkey/options',
  answer: requestOptionsSchema,
  errors: { 429: [ErrorCode.tooManyAttempts] },
});

export const logInWithPasskey = endpoint({
  tag,
  summary: 'Logs in with a passkey: a new session, answered as the password login is',
  description:
    'PASSKEY_FAILED for an answer that fails a check (challenge unknown, used or expired; another origin; a bad ' +
    'signature; a signature counter that went back), PASSKEY_UNKNOWN for a passkey not on any account; then AE001 ' +
    'and AE003 as with a password. No second step is asked: the passkey is two factors already. Failures count on ' +
    "the login's limit per address (429).",
  method: 'POST',
  path: 'api/v1/session/passkey',
  body: passkeyLoginRequestSchema,
  answer: loginResponseSchema,
  answerHeaders: {
    'Set-Cookie': { description: 'The new session: HttpOnly, SameSite=Lax, `__Host-sid` over https, else `sid`' },
  },
  errors: {
    401: [PasskeyErrorCode.failed, PasskeyErrorCode.unknown, ErrorCode.accountInactive, ErrorCode.dropShip],
    429: [ErrorCode.tooManyAttempts],
  },
});
