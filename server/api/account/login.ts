/**
 * POST api/account/login. Failures answer AE002 whether or not the e-mail exists (same work either way);
 * AE001 and AE003 only once the password is right. Repeated failures are throttled per address, per
 * account and address, and per account for addresses that have failed on it: a victim logging in from a
 * clean address is never locked out by someone else's guesses.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { loginRequestSchema } from '../../../src/lib/api/account/contract.ts';
import { ErrorCode } from '../../../src/lib/api/errors.ts';
import { decoyHash, verifyPassword } from '../../auth/passwords.ts';
import type { Limit } from '../../auth/throttle.ts';
import { users } from '../../db/schema.ts';
import { clientAddress } from '../client-address.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, jsonBody, tooManyAttempts } from '../http-errors.ts';
import { setSessionCookie } from '../session.ts';
import { toLoginResponse } from './user-views.ts';

export const LOGIN_LIMITS = {
  /** One address guessing across many accounts. */
  address: { max: 30, windowSeconds: 15 * 60 },
  /** One address guessing one account. */
  pair: { max: 5, windowSeconds: 15 * 60 },
  /** Many addresses guessing one account: short, and only for addresses that have failed on it. */
  account: { max: 20, windowSeconds: 5 * 60 },
} satisfies Record<string, Limit>;

/** The throttle keys of a login attempt. */
export function loginThrottleKeys(email: string, address: string) {
  return {
    address: `login:addr:${address}`,
    pair: `login:pair:${email}:${address}`,
    account: `login:acct:${email}`,
  };
}

export async function loginHandler(c: Context<ApiEnv>) {
  const { db, throttle, sessions } = c.var.deps;
  const body = await jsonBody(c, loginRequestSchema);
  const address = clientAddress(c);
  const keys = loginThrottleKeys(body.email, address);

  const pairFailed = (await throttle.count(keys.pair, LOGIN_LIMITS.pair)) > 0;
  const wait = Math.max(
    await throttle.retryAfter(keys.address, LOGIN_LIMITS.address),
    await throttle.retryAfter(keys.pair, LOGIN_LIMITS.pair),
    pairFailed ? await throttle.retryAfter(keys.account, LOGIN_LIMITS.account) : 0,
  );
  if (wait > 0) throw tooManyAttempts(wait);

  const [user] = await db.select().from(users).where(eq(users.email, body.email));
  const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !passwordOk) {
    await throttle.hit(keys.address, LOGIN_LIMITS.address);
    await throttle.hit(keys.pair, LOGIN_LIMITS.pair);
    await throttle.hit(keys.account, LOGIN_LIMITS.account);
    throw new HttpError(401, { code: ErrorCode.loginFailed, message: 'Login failed' });
  }
  if (user.status !== 'active') {
    throw new HttpError(401, { code: ErrorCode.accountInactive, message: 'Account not active' });
  }
  if (user.isDropShip) throw new HttpError(401, { code: ErrorCode.dropShip, message: 'Drop-and-ship account' });

  await throttle.clear(keys.pair);
  // A new session id at every login; any session the browser had ends.
  const previous = c.var.sessionId;
  if (previous) await sessions.destroy(previous);
  setSessionCookie(c, await sessions.create(user.guid));
  return c.json(toLoginResponse(user));
}
