/**
 * What follows every successful login (server/api/account/login.ts, openSession) for the new-device e-mail
 * (issue 25, scope 3): the browser's device cookie is read, or made and set; the device is recorded for the
 * account; and when the account knew other devices but not this one, the e-mail goes out, in the same transaction
 * as the record, so a device is recorded with its alert or not at all. Nothing here may fail the login.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  deviceCookieName,
  deviceHash,
  isDeviceToken,
  newDeviceToken,
  recordDevice,
  type DeviceVerdict,
} from '../auth/known-devices.ts';
import { newDeviceMail } from '../auth/new-device-mail.ts';
import type { SessionDevice } from '../auth/sessions.ts';
import type { users } from '../db/schema.ts';
import type { ApiEnv } from './env.ts';
import { isHttps } from './session.ts';
import { linkOrigin } from './users/link-mail.ts';

type User = typeof users.$inferSelect;

/**
 * The browser's device token, made (and its cookie set) when it has none or a malformed one; the cookie's life is
 * renewed at every login. HttpOnly and SameSite=Lax as the session's, `__Host-` and Secure over https.
 */
function deviceToken(c: Context<ApiEnv>): string {
  const secure = isHttps(c);
  const name = deviceCookieName(secure);
  const held = getCookie(c, name);
  const token = isDeviceToken(held) ? held : newDeviceToken();
  setCookie(c, name, token, {
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
  return token;
}

/** Records the login's device for the account and sends the new-device e-mail when it is one. */
export async function noteLoginDevice(
  c: Context<ApiEnv>,
  user: User,
  device: SessionDevice,
): Promise<DeviceVerdict | null> {
  const { db, clock, mailer, brand, logger } = c.var.deps;
  const hash = deviceHash(user.guid, deviceToken(c));
  let commit!: () => void;
  let abort!: (reason: unknown) => void;
  const committed = new Promise<void>((resolve, reject) => {
    commit = resolve;
    abort = reject;
  });
  // A mailer told of an abort drops the mail; nobody else awaits this.
  committed.catch(() => {});
  try {
    const now = clock();
    const verdict = await db.transaction(async (tx) => {
      const found = await recordDevice(tx, user.guid, hash, now);
      if (found === 'new') {
        await mailer.send(newDeviceMail(user, device, now, brand, linkOrigin(c)), { db: tx, committed });
      }
      return found;
    });
    commit();
    return verdict;
  } catch (err) {
    abort(err);
    // The account's id and the error's kind only: a failed query's message carries its values (the address, the
    // mail's text).
    const cause = (err instanceof Error && err.cause instanceof Error ? err.cause : err) as { code?: unknown };
    logger.error(
      { userGuid: user.guid, error: err instanceof Error ? err.name : typeof err, code: cause?.code },
      'new-device e-mail not sent',
    );
    return null;
  }
}
