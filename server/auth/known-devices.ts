/**
 * The devices an account has logged in from (issue 25, scope 3), for the new-device e-mail. A device is a browser
 * holding a long-lived random cookie (`did`, `__Host-did` over https); only a SHA-256 of it is stored, keyed with
 * the account, so a stored hash says nothing of the cookie and two accounts used in one browser don't share one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { knownDevices } from '../db/schema.ts';

/** Cookie name: `__Host-` prefixed (Secure, Path=/, no Domain) when served over https, as the session's. */
export function deviceCookieName(secure: boolean): string {
  return secure ? '__Host-did' : 'did';
}

/** How long the device cookie lives: about 400 days, the most browsers keep a cookie. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

/** A new device token: 32 random bytes, base64url. */
export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a cookie's value is a token this server could have made (anything else is replaced by a new one). */
export function isDeviceToken(value: string | undefined): value is string {
  return value !== undefined && /^[\w-]{43}$/.test(value);
}

/** What is stored of a device for an account. */
export function deviceHash(userGuid: string, token: string): string {
  return createHash('sha256').update(`${userGuid.toLowerCase()}:${token}`).digest('base64url');
}

/**
 * What a login from a device is for its account: `known` (seen before, or being recorded by a login racing this
 * one), `first` (the account had no device yet: its first login since the feature, no alert) or `new` (an alert).
 */
export type DeviceVerdict = 'known' | 'first' | 'new';

/**
 * Records a login from the device: refreshes its last-seen time, or adds it. Of logins racing from one new device
 * only one adds it (INSERT … ON CONFLICT DO NOTHING), so only one is told `new`. Pass a transaction to keep the
 * record and the alert together.
 */
export async function recordDevice(db: Db, userGuid: string, hash: string, now: Date): Promise<DeviceVerdict> {
  const mine = and(eq(knownDevices.userGuid, userGuid), eq(knownDevices.deviceHash, hash));
  const seen = await db
    .update(knownDevices)
    .set({ lastSeenAt: now })
    .where(mine)
    .returning({ hash: knownDevices.deviceHash });
  if (seen.length > 0) return 'known';
  const added = await db
    .insert(knownDevices)
    .values({ userGuid, deviceHash: hash, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoNothing()
    .returning({ hash: knownDevices.deviceHash });
  if (added.length === 0) return 'known';
  const [other] = await db
    .select({ hash: knownDevices.deviceHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.userGuid, userGuid), ne(knownDevices.deviceHash, hash)))
    .limit(1);
  return other ? 'new' : 'first';
}
