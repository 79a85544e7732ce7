/**
 * The rules of the second step (server/auth/totp.ts): a code one step either side of the clock passes, two steps
 * away it doesn't, a step at or before the last one accepted never passes again; the secret is stored encrypted
 * and bound to its account; recovery codes are 80 random bits, read forgivingly and hashed per account.
 */
import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_TOTP_KEY,
  RECOVERY_CODE_COUNT,
  TOTP_PERIOD_SECONDS,
  codeAt,
  decryptSecret,
  encryptSecret,
  groupedSecret,
  matchingStep,
  newRecoveryCode,
  newRecoveryCodes,
  newSecret,
  normalRecoveryCode,
  otpauthUri,
  qrCodeDataUrl,
  recoveryCodeHash,
  stepAt,
  totpKeyFrom,
} from '../../server/auth/totp.ts';

const NOW = new Date('2026-11-22T08:00:10Z');
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
const at = (steps: number) => new Date(NOW.getTime() + steps * STEP_MS);
const GUID = '0b9d2f7e-4c1a-4b8e-9f3d-2a6c5e7d8f90';

describe('TOTP codes', () => {
  const secret = newSecret();

  it('makes 160-bit base32 secrets, each new', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newSecret()).not.toBe(secret);
  });

  it('accepts the code of this step and of one step either side', () => {
    for (const steps of [-1, 0, 1]) {
      expect(matchingStep(secret, codeAt(secret, at(steps)), NOW, null), `step ${steps}`).toBe(stepAt(at(steps)));
    }
  });

  it('refuses a code two steps or more away, and anything but six digits', () => {
    for (const steps of [-3, -2, 2, 3]) {
      expect(matchingStep(secret, codeAt(secret, at(steps)), NOW, null), `step ${steps}`).toBeNull();
    }
    const code = codeAt(secret, NOW);
    for (const typed of ['', code.slice(1), `${code}0`, 'abcdef', ` ${code}`]) {
      expect(matchingStep(secret, typed, NOW, null), typed).toBeNull();
    }
    // Another secret's code.
    expect(matchingStep(newSecret(), code, NOW, null)).toBeNull();
  });

  it('refuses a step at or before the last one accepted (a replayed code)', () => {
    const code = codeAt(secret, NOW);
    const step = matchingStep(secret, code, NOW, null)!;
    expect(matchingStep(secret, code, NOW, step)).toBeNull();
    // The previous step's code, though inside the window, is older than the one accepted.
    expect(matchingStep(secret, codeAt(secret, at(-1)), NOW, step)).toBeNull();
    // The next step's code is new.
    expect(matchingStep(secret, codeAt(secret, at(1)), NOW, step)).toBe(step + 1);
  });

  it("writes the otpauth URI with the brand as issuer and the customer's e-mail, and the key in groups", async () => {
    const uri = otpauthUri('Shipbox', 'sam+one@example.com', secret);
    expect(uri.startsWith('otpauth://totp/Shipbox:sam%2Bone%40example.com?')).toBe(true);
    const url = new URL(uri);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Shipbox');
    expect(groupedSecret(secret).split(' ')).toHaveLength(8);
    expect(groupedSecret(secret).replaceAll(' ', '')).toBe(secret);
    const qr = await qrCodeDataUrl(uri);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(qr.split(',')[1]!, 'base64').toString();
    expect(svg).toContain('<svg');
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });
});

describe('the stored secret', () => {
  const key = totpKeyFrom('a-production-key-of-more-than-thirty-two-characters');

  it('is encrypted, and decrypts with the same key for the same account only', () => {
    const secret = newSecret();
    const stored = encryptSecret(key, secret, GUID);
    expect(stored).not.toContain(secret);
    expect(stored.startsWith('v1.')).toBe(true);
    // A fresh IV each time.
    expect(encryptSecret(key, secret, GUID)).not.toBe(stored);
    expect(decryptSecret(key, stored, GUID)).toBe(secret);
    expect(() => decryptSecret(totpKeyFrom(DEVELOPMENT_TOTP_KEY), stored, GUID)).toThrow();
    expect(() => decryptSecret(key, stored, GUID.replace('0b', '1b'))).toThrow();
  });

  it('uses the development key when none is set, the same in every process', () => {
    expect(totpKeyFrom(undefined)).toEqual(totpKeyFrom(DEVELOPMENT_TOTP_KEY));
    expect(totpKeyFrom(undefined)).toHaveLength(32);
  });
});

describe('recovery codes', () => {
  it(`makes ${RECOVERY_CODE_COUNT} distinct codes of four groups of four`, () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^([0-9a-hjkmnp-tv-z]{4}-){3}[0-9a-hjkmnp-tv-z]{4}$/);
  });

  it('reads a code whatever its case, spaces and dashes, and o, i, l as the digits', () => {
    const code = newRecoveryCode();
    const bare = code.replaceAll('-', '');
    expect(normalRecoveryCode(code)).toBe(bare);
    expect(normalRecoveryCode(` ${code.toUpperCase().replaceAll('-', ' ')} `)).toBe(bare);
    expect(normalRecoveryCode('0o1i-l234-5678-9abc')).toBe('0011123456789abc');
    // Too short, too long, or with a letter the alphabet lacks.
    for (const typed of ['', bare.slice(1), `${bare}a`, 'uuuu-uuuu-uuuu-uuuu', '123456']) {
      expect(normalRecoveryCode(typed), typed).toBeNull();
    }
  });

  it('hashes a code per account, the same however it was typed', () => {
    const code = newRecoveryCode();
    const hash = recoveryCodeHash(GUID, code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(GUID, code.toUpperCase().replaceAll('-', ''))).toBe(hash);
    expect(recoveryCodeHash(GUID.replace('0b', '1b'), code)).not.toBe(hash);
    expect(recoveryCodeHash(GUID, 'nope')).toBeNull();
  });
});
