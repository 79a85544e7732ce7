/**
 * The server's VAPID identity (RFC 8292): the key pair every Web Push message is signed with, and the contact the
 * push services may write to. Browsers subscribe with the public key (`applicationServerKey`), so a subscription
 * works only with the pair it was made for: every API process must have the same one, and changing it leaves every
 * device to turn notifications on again.
 */
import { createECDH } from 'node:crypto';

export interface VapidKeys {
  /** The uncompressed P-256 public key, 65 bytes, base64url without padding. */
  publicKey: string;
  /** The private key, 32 bytes, base64url without padding. */
  privateKey: string;
  /** `mailto:` address or `https:` URL of whoever runs the server. */
  subject: string;
}

/**
 * Used when the VAPID settings are absent, outside production only (server/main.ts refuses to start without them
 * there): one pair made once with web-push's generateVAPIDKeys() and kept here, so that subscriptions survive a
 * restart and several API processes on one database (the scale-out tests, `npm start` twice) sign alike. It
 * protects nothing: it is in the source.
 */
export const DEVELOPMENT_VAPID_KEYS: VapidKeys = {
  publicKey: 'BONooXY9wfb-GT0qEfWECm6EhufTyW6-A3ChpRxuDYczc1X-HggcvByDobNMVsfP1X7NsDs5T2VzshdC-6qAJLg',
  privateKey: 'z_n5NIDwpIcaAForabKaOJlK5h0I2sw5GoRA8Rt60Aw',
  subject: 'mailto:push-development@example.com',
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The bytes of an unpadded base64url string, or null when it isn't one. */
export function base64UrlBytes(value: string): Buffer | null {
  if (!BASE64URL.test(value) || value.length % 4 === 1) return null;
  return Buffer.from(value, 'base64url');
}

/** Why a VAPID setting is wrong, or null when the three make a usable identity. */
export function vapidProblem(keys: VapidKeys): string | null {
  const publicKey = base64UrlBytes(keys.publicKey);
  if (publicKey?.length !== 65 || publicKey[0] !== 4) {
    return 'VAPID_PUBLIC_KEY must be an uncompressed P-256 key, 65 bytes in base64url (npx web-push generate-vapid-keys)';
  }
  const privateKey = base64UrlBytes(keys.privateKey);
  if (privateKey?.length !== 32) return 'VAPID_PRIVATE_KEY must be 32 bytes in base64url';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    if (!ecdh.getPublicKey().equals(publicKey)) return 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY';
  } catch {
    return 'VAPID_PRIVATE_KEY is not a P-256 private key';
  }
  if (!/^mailto:[^@\s]+@[^@\s]+$/.test(keys.subject) && !/^https:\/\/[^\s/]+/.test(keys.subject)) {
    return 'VAPID_SUBJECT must be a mailto: address or an https: URL';
  }
  return null;
}
