/**
 * Changes to how an account logs in (adding or removing a passkey, turning the second step on or off) want a
 * recent proof that the person at the keyboard is the customer, not just someone at an unlocked, logged-in
 * browser: the password given again in this session (POST api/users/AuthenticateUser) within the last few minutes.
 */
import { AccountSecurityErrorCode } from '../../src/lib/api/account-security-errors.ts';
import type { Context } from 'hono';
import type { ApiEnv } from './env.ts';
import { HttpError, unauthorized } from './http-errors.ts';

/** How long a re-authentication counts as recent. */
export const RECENT_PROOF_MINUTES = 5;

/** Throws 403 REAUTHENTICATION_REQUIRED unless this session re-authenticated in the last few minutes. */
export async function requireRecentProof(c: Context<ApiEnv>): Promise<void> {
  const id = c.var.sessionId;
  if (!id) throw unauthorized();
  const at = await c.var.deps.sessions.reauthenticatedAt(id);
  const now = c.var.deps.clock().getTime();
  if (!at || now - at.getTime() > RECENT_PROOF_MINUTES * 60_000) {
    throw new HttpError(403, {
      code: AccountSecurityErrorCode.reauthenticationRequired,
      message: `Give your password again (within ${RECENT_PROOF_MINUTES} minutes) to change how you log in`,
    });
  }
}
