/**
 * POST api/account/login, and the check of credentials it shares with re-authentication (POST
 * api/users/AuthenticateUser). Failures answer AE002 whether or not the e-mail exists (same work either way);
 * AE001 and AE003 only once the password is right. Repeated failures are throttled per address, per
 * account and address, and per account for addresses that have failed on it: a victim logging in from a
 * clean address is never locked out by someone else's guesses.
 */
import { AccountSecurityErrorCode } from '../../../src/lib/api/account-security-errors.ts';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { LoginRequest, LoginResponse, PasswordLogin } from '../../../src/lib/api/session/contract.ts';
import { ErrorCode } from '../../../src/lib/api/errors.ts';
import { decoyHash, verifyPassword } from '../../auth/passwords.ts';
import type { Limit } from '../../auth/throttle.ts';
import { users } from '../../db/schema.ts';
import { clientAddress } from '../client-address.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, tooManyAttempts } from '../http-errors.ts';
import { deviceOf, setSessionCookie } from '../session.ts';
import { noteLoginDevice } from '../new-device.ts';
import { toLoginResponse } from './user-views.ts';
import { secondStepOf } from '../two-factor/second-step.ts';

export const LOGIN_LIMITS = {
  /** One address guessing across many accounts. */
  address: { max: 30, windowSeconds: 15 * 60 },
  /** One address guessing one account. */
  pair: { max: 5, windowSeconds: 15 * 60 },
  /** Many addresses guessing one account: short, and only for addresses that have failed on it. */
  account: { max: 20, windowSeconds: 5 * 60 },
} satisfies Record<string, Limit>;

/** The login limit's key for one address, whatever the account (a passkey login names none). */
export const loginAddressKey = (address: string) => `login:addr:${address}`;

/** The throttle keys of a login attempt. */
export function loginThrottleKeys(email: string, address: string) {
  return {
    address: loginAddressKey(address),
    pair: `login:pair:${email}:${address}`,
    account: `login:acct:${email}`,
  };
}

type LoginKeys = ReturnType<typeof loginThrottleKeys>;

/**
 * Counts a login attempt on each of its limits before its password is checked, each in one statement, and refuses
 * it (429) past any of them: of a burst of guesses sent at once, only the limit's number are checked. An attempt
 * refused by one limit is not counted on the next. The account's limit stops only addresses that have tried it
 * before in the window (a failure, since a success clears the pair): a victim on a clean address is never locked
 * out by someone else's guesses.
 */
async function countAttempt(c: Context<ApiEnv>, keys: LoginKeys): Promise<void> {
  const { throttle } = c.var.deps;
  const byAddress = await throttle.take(keys.address, LOGIN_LIMITS.address);
  if (byAddress.retryAfter > 0) throw tooManyAttempts(byAddress.retryAfter);
  const byPair = await throttle.take(keys.pair, LOGIN_LIMITS.pair);
  if (byPair.retryAfter > 0) throw tooManyAttempts(byPair.retryAfter);
  const byAccount = await throttle.take(keys.account, LOGIN_LIMITS.account);
  if (byPair.count > 1 && byAccount.retryAfter > 0) throw tooManyAttempts(byAccount.retryAfter);
}

/**
 * Takes back an attempt whose password was right: it counts on none of the limits. With `forgive` (both steps
 * passed) the address's earlier failures on the account are forgiven too: the pair is cleared.
 */
async function giveBackAttempt(c: Context<ApiEnv>, keys: LoginKeys, forgive = false): Promise<void> {
  const { throttle } = c.var.deps;
  await throttle.giveBack(keys.address);
  await throttle.giveBack(keys.account);
  await (forgive ? throttle.clear(keys.pair) : throttle.giveBack(keys.pair));
}

type User = typeof users.$inferSelect;

/**
 * The active account these credentials open, behind the throttle: AE002 for a wrong e-mail or password (the same
 * work either way), then AE001 and AE003. With `onlyGuid` (re-authentication) only that account's e-mail counts:
 * any other fails as a wrong password, without its password being tried. With `secondStep` (a login), an account
 * that has the second step on wants its code too: OTP_REQUIRED without one, OTP_INVALID, counted as a wrong
 * password, for a wrong one; the account and address's failures are forgiven only once both steps have passed.
 */
export async function checkCredentials(
  c: Context<ApiEnv>,
  body: LoginRequest,
  onlyGuid?: string,
  secondStep?: Pick<PasswordLogin, 'otp' | 'recoveryCode'>,
): Promise<User> {
  const { db } = c.var.deps;
  const address = clientAddress(c);
  const keys = loginThrottleKeys(body.email, address);

  await countAttempt(c, keys);

  const [found] = await db.select().from(users).where(eq(users.email, body.email));
  const user = onlyGuid === undefined || found?.guid === onlyGuid ? found : undefined;
  const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !passwordOk) {
    throw new HttpError(401, { code: ErrorCode.loginFailed, message: 'Login failed' });
  }
  if (user.status !== 'active' || user.isDropShip) {
    // The password was right: the attempt counts on no limit.
    await giveBackAttempt(c, keys);
    if (user.status !== 'active') {
      throw new HttpError(401, { code: ErrorCode.accountInactive, message: 'Account not active' });
    }
    throw new HttpError(401, { code: ErrorCode.dropShip, message: 'Drop-and-ship account' });
  }
  const second = secondStep ? await secondStepOf(c, user.guid, secondStep) : 'off';
  // A wrong code counts as a wrong password: the attempt stays counted.
  if (second === 'failed') {
    throw new HttpError(401, { code: AccountSecurityErrorCode.otpInvalid, message: 'Wrong or used code' });
  }
  if (second === 'required') {
    await giveBackAttempt(c, keys);
    throw new HttpError(401, {
      code: AccountSecurityErrorCode.otpRequired,
      message: 'Send the code of your authenticator app',
    });
  }
  // The account and address's failures are forgiven once both steps have passed.
  await giveBackAttempt(c, keys, true);
  return user;
}

/**
 * Opens a session for a customer whose login has succeeded, however it was proved (a password, with its second
 * step when on, or a passkey): a new session id at every login, and any session the browser had ends. Every way
 * of logging in ends here, so what follows a login (the new-device e-mail) follows each one.
 */
export async function openSession(c: Context<ApiEnv>, user: User): Promise<LoginResponse> {
  const { sessions } = c.var.deps;
  const previous = c.var.sessionId;
  if (previous) await sessions.destroy(previous);
  const device = await deviceOf(c);
  setSessionCookie(c, await sessions.create(user.guid, device));
  // After the session's cookie: the device cookie comes second (tests read the first as the session's).
  await noteLoginDevice(c, user, device);
  return toLoginResponse(user);
}

export async function loginHandler(c: Context<ApiEnv>, body: PasswordLogin): Promise<LoginResponse> {
  const { otp, recoveryCode } = body;
  return openSession(c, await checkCredentials(c, body, undefined, { otp, recoveryCode }));
}
