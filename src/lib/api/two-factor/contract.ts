/**
 * Contract of the second step of password logins (issue 25, scope 4; docs/decisions/036): its state, its setup
 * (a new secret shown as a QR code and as a key to type, then confirmed with a code, which answers ten recovery
 * codes shown once), turning it off and new recovery codes. Under the customer's own guid (403 for anyone
 * else's); starting a setup, turning it off and new recovery codes want the password given again in the last few
 * minutes (POST api/users/AuthenticateUser; 403 REAUTHENTICATION_REQUIRED otherwise).
 */
import { AccountSecurityErrorCode } from '../account-security-errors.ts';
import { z } from '../../zod.ts';
import { endpoint } from '../endpoint.ts';

/** Refusals of these calls beside the common ones. */
export const TwoFactorError = {
  /** 409: a setup was started while the second step is on (turn it off first). */
  alreadyOn: 'TWO_FACTOR_ON',
  /** 409: a confirmation with no setup under way, or new recovery codes while the second step is off. */
  notSetUp: 'TWO_FACTOR_NOT_SET_UP',
} as const;

export const twoFactorStatusSchema = z.object({
  /** Whether a password login asks for a code. */
  enabled: z.boolean(),
  /** Recovery codes not used yet (0 while off). */
  recoveryCodesLeft: z.int().check(z.minimum(0)),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** What an authenticator app reads: otpauth://totp/<brand>:<e-mail>?secret=…&issuer=<brand>. */
  otpauthUri: z.string().check(z.startsWith('otpauth://totp/')),
  /** The secret in groups of four, to type into an app by hand. */
  secret: z.string(),
  /** The URI as a QR code: an SVG image as a data: URL, made by the server. */
  qrCode: z.string().check(z.startsWith('data:image/svg+xml;base64,')),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorConfirmSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'six digits')),
});

export const recoveryCodesSchema = z.object({
  /** Shown this once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

const tag = 'Two-step login';
const path = 'api/v1/account/{guid}/two-factor';
const recentProof = { 403: [AccountSecurityErrorCode.reauthenticationRequired] };

export const getTwoFactorStatus = endpoint({
  tag,
  summary: 'Whether password logins ask for a code, and how many recovery codes are left',
  method: 'GET',
  path,
  answer: twoFactorStatusSchema,
});

export const startTwoFactorSetup = endpoint({
  tag,
  summary: 'Starts setting up the second step: a new secret, as a QR code and a key to type',
  description:
    'Not asked at login until confirmed with a code. Starting again replaces a setup not yet confirmed. Wants a ' +
    'recent re-authentication (403 REAUTHENTICATION_REQUIRED); 409 while the second step is on.',
  method: 'POST',
  path: `${path}/setup`,
  answer: twoFactorSetupSchema,
  errors: { ...recentProof, 409: [TwoFactorError.alreadyOn] },
});

export const confirmTwoFactor = endpoint({
  tag,
  summary: 'Turns the second step on with a code of the new secret; answers ten recovery codes, shown once',
  description: '422 OTP_INVALID for a wrong or out-of-date code; 409 when no setup is under way.',
  method: 'POST',
  path: `${path}/confirm`,
  body: twoFactorConfirmSchema,
  answer: recoveryCodesSchema,
  errors: { 409: [TwoFactorError.notSetUp], 422: [AccountSecurityErrorCode.otpInvalid] },
});

export const disableTwoFactor = endpoint({
  tag,
  summary: 'Turns the second step off; its secret and recovery codes are deleted',
  description: 'Wants a recent re-authentication (403 REAUTHENTICATION_REQUIRED).',
  method: 'DELETE',
  path,
  answer: twoFactorStatusSchema,
  errors: recentProof,
});

export const renewRecoveryCodes = endpoint({
  tag,
  summary: 'Ten new recovery codes, shown once; the old ones stop working',
  description: 'Wants a recent re-authentication (403 REAUTHENTICATION_REQUIRED); 409 while the second step is off.',
  method: 'POST',
  path: `${path}/recovery-codes`,
  answer: recoveryCodesSchema,
  errors: { ...recentProof, 409: [TwoFactorError.notSetUp] },
});
