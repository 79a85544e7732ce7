/**
 * Users calls (spec 2 §7 Users and customers; spec 1 §4.6, §5): re-authentication, passwords and activation. A
 * link from an e-mail is resolved first and used up only when the call succeeds, so a refused new password leaves
 * the link working. Activation takes the link's `q` in the body (api/users) or in the activationParams header
 * (api/v1): the same link, with the same single use and expiry.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  ACTIVATION_PARAMS_HEADER,
  UsersErrorCode,
  activateAccount,
  activateUser,
  authenticateUser,
  changeForgottenPassword,
  changePassword,
  getLinkAccount,
  linkTokenSchema,
  resolveAccount,
  resolveResetPassword,
  sendActivationEmail,
  sendForgottenPasswordEmail,
  type AccountFromLink,
} from '../../../src/lib/api/users/contract.ts';
import type { LinkPurpose } from '../../auth/account-links.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { Limit } from '../../auth/throttle.ts';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { checkCredentials, loginThrottleKeys } from '../account/login.ts';
import { clientAddress } from '../client-address.ts';
import type { ApiEnv } from '../env.ts';
import { sessionUser } from '../session-user.ts';
import { HttpError, forbidden, invalid, tooManyAttempts, unauthorized } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { linkMailAddressLimit, sendLinkMail } from './link-mail.ts';

type User = typeof users.$inferSelect;

/** Wrong current passwords given to changePassword, per user. */
export const CHANGE_PASSWORD_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };

const refused = (code: (typeof UsersErrorCode)[keyof typeof UsersErrorCode], message: string) =>
  new HttpError(400, { code, message });
const notResolved = () => refused(UsersErrorCode.accountNotResolved, 'Link unknown, used or expired');
const samePassword = () => refused(UsersErrorCode.samePassword, 'The new password is the current one');

const accountFromLink = (user: User, q: string): AccountFromLink => ({
  active: user.status === 'active',
  email: user.email,
  activationParam: q,
});

async function resolveLink(c: Context<ApiEnv>, q: string, purpose: LinkPurpose): Promise<User> {
  const user = await c.var.deps.links.resolve(q, purpose);
  if (!user) throw notResolved();
  return user;
}

/**
 * Uses the link up and applies `change` in one transaction: if another request used the link first,
 * nothing changes.
 */
async function consumeAndApply(
  c: Context<ApiEnv>,
  q: string,
  purpose: LinkPurpose,
  change: (db: Db, userGuid: string) => Promise<void>,
): Promise<void> {
  const { db, links } = c.var.deps;
  const applied = await db.transaction(async (t) => {
    const userGuid = await links.consume(q, purpose, t);
    if (!userGuid) return false;
    await change(t, userGuid);
    return true;
  });
  if (!applied) throw notResolved();
}

/** The link's `q` from the activationParams header (spec 2 §7 v1 calls); 400 naming the header when malformed. */
function headerToken(c: Context<ApiEnv>): string {
  const parsed = z.safeParse(linkTokenSchema, c.req.header(ACTIVATION_PARAMS_HEADER));
  if (!parsed.success) throw invalid({ [ACTIVATION_PARAMS_HEADER]: parsed.error.issues.map((i) => i.message) });
  return parsed.data;
}

/** Activates the account of a resolved activation link, using the link up; ALREADY_ACTIVE uses nothing up. */
async function activate(c: Context<ApiEnv>, q: string, user: User) {
  if (user.status === 'active') throw refused(UsersErrorCode.alreadyActive, 'The account is already active');
  await consumeAndApply(c, q, 'activation', async (t, userGuid) => {
    await t.update(users).set({ status: 'active' }).where(eq(users.guid, userGuid));
  });
  return { done: true as const };
}

export function usersRoutes(router: ApiRouter): void {
  // Re-authentication: the session's customer gives their password again, as at login and under login's limits;
  // the session records when, for changes that want a recent proof (SessionStore.reauthenticatedAt).
  router.handle(authenticateUser, async (c, { body }) => {
    await checkCredentials(c, body, c.var.userGuid);
    const at = await c.var.deps.sessions.markReauthenticated(c.var.sessionId);
    if (!at) throw unauthorized();
    return { authenticated: true as const, reauthenticatedAt: at.toISOString() };
  });

  router.handle(
    sendActivationEmail,
    async (c, { body }) => {
      await sendLinkMail(c, {
        throttleKey: `activation-mail:${body.email}`,
        email: body.email,
        langCode: body.langCode,
        choose: (user) => {
          if (user.status === 'active') return null;
          return { kind: user.status === 'deactivated' ? 'reactivation' : 'activation', purpose: 'activation' };
        },
      });
      return { sent: true as const };
    },
    { before: [linkMailAddressLimit] },
  );

  router.handle(
    sendForgottenPasswordEmail,
    async (c, { body }) => {
      await sendLinkMail(c, {
        throttleKey: `reset-mail:${body.email}`,
        email: body.email,
        langCode: body.langCode,
        choose: () => ({ kind: 'reset-password', purpose: 'reset-password' }),
      });
      return { sent: true as const };
    },
    { before: [linkMailAddressLimit] },
  );

  router.handle(resolveResetPassword, async (c, { body: { q } }) =>
    accountFromLink(await resolveLink(c, q, 'reset-password'), q),
  );

  router.handle(changeForgottenPassword, async (c, { body: { q, newPassword } }) => {
    const { sessions, throttle } = c.var.deps;
    const user = await resolveLink(c, q, 'reset-password');
    if (await verifyPassword(newPassword, user.passwordHash)) throw samePassword();
    // Hashed before the transaction: scrypt takes long enough that it shouldn't hold one open.
    const passwordHash = await hashPassword(newPassword);
    await consumeAndApply(c, q, 'reset-password', async (t, userGuid) => {
      await t.update(users).set({ passwordHash }).where(eq(users.guid, userGuid));
      // Whoever knew the old password is logged out everywhere.
      await sessions.destroyAllOf(userGuid, { db: t });
    });
    // Someone locked out by their own failed guesses can log in with the new password straight away.
    await throttle.clear(loginThrottleKeys(user.email, clientAddress(c)).pair);
    return { done: true as const };
  });

  router.handle(resolveAccount, async (c, { body: { q } }) =>
    accountFromLink(await resolveLink(c, q, 'activation'), q),
  );

  router.handle(activateUser, async (c, { body: { q } }) => activate(c, q, await resolveLink(c, q, 'activation')));

  // The same link in the v1 form: `q` in the activationParams header. The answer names the customer: no cache
  // keeps it. It adds the account's GUID, which the activate call's path names.
  router.handle(getLinkAccount, async (c) => {
    const q = headerToken(c);
    const user = await resolveLink(c, q, 'activation');
    c.header('Cache-Control', 'no-store');
    return { ...accountFromLink(user, q), accountGUID: user.guid };
  });

  // The customer is logged out: the link is the proof, and it must be the link of the account in the path.
  router.handle(activateAccount, async (c, { params }) => {
    const q = headerToken(c);
    const user = await resolveLink(c, q, 'activation');
    if (user.guid.toLowerCase() !== params.accountGUID.toLowerCase()) throw forbidden();
    return activate(c, q, user);
  });

  // The router's owner check makes `{guid}` the session's own user.
  router.handle(changePassword, async (c, { body }) => {
    const { db, sessions, throttle, links } = c.var.deps;
    const key = `change-password:${c.var.userGuid}`;
    // Counted before the password is checked, in one statement: a burst of guesses is cut at the limit.
    const { retryAfter } = await throttle.take(key, CHANGE_PASSWORD_LIMIT);
    if (retryAfter > 0) throw tooManyAttempts(retryAfter);

    const user = await sessionUser(c);
    if (!(await verifyPassword(body.oldPassword, user.passwordHash))) {
      throw refused(UsersErrorCode.wrongPassword, 'The current password is wrong');
    }
    await throttle.clear(key);
    if (await verifyPassword(body.newPassword, user.passwordHash)) throw samePassword();

    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (t) => {
      await t.update(users).set({ passwordHash }).where(eq(users.guid, user.guid));
      // This browser stays logged in; any other session, perhaps someone else's, ends.
      await sessions.destroyAllOf(user.guid, { exceptId: c.var.sessionId, db: t });
      // A reset link asked for before the change must not undo it.
      await links.revoke(user.guid, 'reset-password', t);
    });
    return { done: true as const };
  });
}
