/**
 * The second step of a password login (issue 25, scope 4), as POST api/account/login runs it once the password is
 * right (server/api/account/login.ts checkCredentials): nothing when the account has it off; else a code of the
 * customer's app or one of their recovery codes, checked by ../../auth/two-factor.ts. Beside the login's own
 * limits, which count a wrong code as a wrong password, wrong codes are limited per account whatever the address:
 * whoever has the password can't guess codes from many addresses.
 */
import type { Context } from 'hono';
import type { Limit } from '../../auth/throttle.ts';
import { TwoFactorStore, type SecondStepOutcome, type SecondStepProof } from '../../auth/two-factor.ts';
import type { ApiEnv } from '../env.ts';
import { tooManyAttempts } from '../http-errors.ts';

/** Wrong codes on one account, from any address. */
export const SECOND_STEP_LIMIT: Limit = { max: 10, windowSeconds: 15 * 60 };

export const secondStepThrottleKey = (userGuid: string) => `login:otp:${userGuid}`;

export const twoFactorStoreOf = (c: Context<ApiEnv>) =>
  new TwoFactorStore(c.var.deps.db, c.var.deps.clock, c.var.deps.totpKey);

/** How the second step of this login goes; 429 while the account's wrong codes are at their limit. */
export async function secondStepOf(
  c: Context<ApiEnv>,
  userGuid: string,
  proof: SecondStepProof,
): Promise<SecondStepOutcome> {
  const { throttle } = c.var.deps;
  const key = secondStepThrottleKey(userGuid);
  const store = twoFactorStoreOf(c);
  if (!proof.otp && !proof.recoveryCode) return (await store.isOn(userGuid)) ? 'required' : 'off';
  // Counted before the code is checked, in one statement: a burst of guesses is cut at the limit. A code that is
  // right (or not asked for) is given back.
  const { retryAfter } = await throttle.take(key, SECOND_STEP_LIMIT);
  if (retryAfter > 0 && (await store.isOn(userGuid))) throw tooManyAttempts(retryAfter);
  const outcome = await store.check(userGuid, proof);
  if (outcome !== 'failed') await throttle.giveBack(key);
  return outcome;
}
