/**
 * The rules of the second step of a password login (issue 25, scope 4; docs/decisions/036): time-based one-time
 * codes (RFC 6238: 30 s steps, 6 digits, SHA-1, as every authenticator app reads them) checked one step either
 * side of the server's clock, never twice for one step; the secret kept encrypted with the server's key; ten
 * recovery codes shown once and kept as hashes. Pure functions: the database's part is ./two-factor.ts.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/** Seconds per time step. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the server's clock (a slow phone, a code typed as it changed). */
export const TOTP_WINDOW_STEPS = 1;
/** Recovery codes made at a time. */
export const RECOVERY_CODE_COUNT = 10;

// ---------------------------------------------------------------------------
// The key the secrets are encrypted with

/**
 * Used when TOTP_ENCRYPTION_KEY is not set, outside production only (server/main.ts refuses to start without the
 * setting there): a fixed development key, so that several API processes on one database (the scale-out tests,
 * `npm start` twice) read each other's secrets. It protects nothing: it is in the source.
 */
export const DEVELOPMENT_TOTP_KEY = 'development-only-totp-key-not-secret-set-TOTP_ENCRYPTION_KEY';

/**
 * The 256-bit AES key derived (HKDF-SHA256) from the TOTP_ENCRYPTION_KEY setting: any long random string, such as
 * `openssl rand -base64 32` prints. Every API process must have the same one.
 */
export function totpKeyFrom(setting: string | undefined): Buffer {
  const material = setting ?? DEVELOPMENT_TOTP_KEY;
  return Buffer.from(hkdfSync('sha256', material, 'shipbox-totp', 'totp-secret-encryption v1', 32));
}

const CIPHER = 'aes-256-gcm';
const VERSION = 'v1';

/**
 * The secret as stored: `v1.<iv>.<ciphertext>.<tag>` (base64url), AES-256-GCM bound to the customer's guid, so a
 * row copied onto another account doesn't decrypt.
 */
export function encryptSecret(key: Buffer, secret: string, userGuid: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, key, iv);
  cipher.setAAD(Buffer.from(userGuid));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, data, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret stored by encryptSecret; throws when the key or the guid is not the one it was stored with. */
export function decryptSecret(key: Buffer, stored: string, userGuid: string): string {
  const [version, iv, data, tag] = stored.split('.');
  if (version !== VERSION || !iv || !data || !tag) throw new Error('Not a stored TOTP secret');
  const decipher = createDecipheriv(CIPHER, key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userGuid));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

// ---------------------------------------------------------------------------
// Codes

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's advice), base32. */
export const newSecret = (): string => generateSecret({ length: 20 });

/** The time step a moment falls in. */
export const stepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of a time step (for tests and the development tools). */
export function codeAt(secret: string, at: Date): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000), period: TOTP_PERIOD_SECONDS });
}

/** Six digits, nothing else. */
export const OTP_PATTERN = /^\d{6}$/;

/**
 * The time step whose code this is, within one step of `now` and after `afterStep` (the last step accepted, so a
 * code is never accepted twice), or null. Compared in constant time (otplib).
 */
export function matchingStep(secret: string, code: string, now: Date, afterStep: number | null): number | null {
  if (!OTP_PATTERN.test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** What an authenticator app scans: otpauth://totp/<issuer>:<e-mail>?secret=…&issuer=… */
export const otpauthUri = (issuer: string, email: string, secret: string): string =>
  generateURI({ issuer, label: email, secret, period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS });

/** The secret in groups of four, for typing by hand. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The otpauth URI as a QR code, an SVG image in a data: URL (the pages' CSP allows `img-src data:`). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

// ---------------------------------------------------------------------------
// Recovery codes

/** Crockford's base32 alphabet: no i, l, o or u to misread. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_CHARS = 16;

/** A recovery code: 16 characters of 32 (80 random bits), in groups of four: `7k2m-q9xd-4hfe-b0tn`. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CHARS; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/**
 * A recovery code as typed, in the form it is hashed in, or null when it can't be one: case, spaces and dashes
 * don't matter, and the letters read for digits (o, i, l) are taken as those digits.
 */
export function normalRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (code.length !== RECOVERY_CHARS || [...code].some((ch) => !ALPHABET.includes(ch))) return null;
  return code;
}

/**
 * What is stored of a recovery code: SHA-256 of the account and the code. 80 random bits need no slow hash;
 * the account in it makes a guess good for one account only.
 */
export function recoveryCodeHash(userGuid: string, typed: string): string | null {
  const code = normalRecoveryCode(typed);
  return code === null ? null : createHash('sha256').update(`${userGuid}:${code}`).digest('hex');
}
