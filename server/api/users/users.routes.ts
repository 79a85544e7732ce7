/**
 * Password and activation calls (spec 2 §7 Users; spec 1 §4.6, §5). A link from an e-mail is resolved first
 * and used up only when the call succeeds, so a refused new password leaves the link working.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { sendActivationEmailRequestSchema } from '../../../src/lib/api/account/contract.ts';
import {
  UsersErrorCode,
  changeForgottenPasswordRequestSchema,
  changePasswordRequestSchema,
  forgottenPasswordRequestSchema,
  linkRequestSchema,
  type AccountFromLink,
} from '../../../src/lib/api/users/contract.ts';
import type { LinkPurpose } from '../../auth/account-links.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { Limit } from '../../auth/throttle.ts';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { loginThrottleKeys } from '../account/login.ts';
import { clientAddress } from '../client-address.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, jsonBody, tooManyAttempts, unauthorized } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { sendLinkMail } from './link-mail.ts';

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
  const applied = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const userGuid = await links.consume(q, purpose, t);
    if (!userGuid) return false;
    await change(t, userGuid);
    return true;
  });
  if (!applied) throw notResolved();
}

export function usersRoutes(router: ApiRouter): void {
  router.post('/api/users/SendActivationEmail', async (c) => {
    const body = await jsonBody(c, sendActivationEmailRequestSchema);
    await sendLinkMail(c, {
      throttleKey: `activation-mail:${body.email}`,
      email: body.email,
      langCode: body.langCode,
      choose: (user) => {
        if (user.status === 'active') return null;
        return { kind: user.status === 'deactivated' ? 'reactivation' : 'activation', purpose: 'activation' };
      },
    });
    return c.json({ sent: true as const });
  });

  router.post('/api/users/SendForgottenPasswordEmail', async (c) => {
    const body = await jsonBody(c, forgottenPasswordRequestSchema);
    await sendLinkMail(c, {
      throttleKey: `reset-mail:${body.email}`,
      email: body.email,
      langCode: body.langCode,
      choose: () => ({ kind: 'reset-password', purpose: 'reset-password' }),
    });
    return c.json({ sent: true as const });
  });

  router.post('/api/users/ResolveResetPassword', async (c) => {
    const { q } = await jsonBody(c, linkRequestSchema);
    return c.json(accountFromLink(await resolveLink(c, q, 'reset-password'), q));
  });

  router.post('/api/users/changeForgottenPassword', async (c) => {
    const { sessions, throttle } = c.var.deps;
    const { q, newPassword } = await jsonBody(c, changeForgottenPasswordRequestSchema);
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
    return c.json({ done: true as const });
  });

  router.post('/api/users/ResolveAccount', async (c) => {
    const { q } = await jsonBody(c, linkRequestSchema);
    return c.json(accountFromLink(await resolveLink(c, q, 'activation'), q));
  });

  router.post('/api/users/ActivateUser', async (c) => {
    const { q } = await jsonBody(c, linkRequestSchema);
    const user = await resolveLink(c, q, 'activation');
    if (user.status === 'active') throw refused(UsersErrorCode.alreadyActive, 'The account is already active');
    await consumeAndApply(c, q, 'activation', async (t, userGuid) => {
      await t.update(users).set({ status: 'active' }).where(eq(users.guid, userGuid));
    });
    return c.json({ done: true as const });
  });

  // The `:guid` makes ApiRouter check that it is the session's own user.
  router.post('/api/users/:guid/changePassword', async (c) => {
    const { db, sessions, throttle, links } = c.var.deps;
    const body = await jsonBody(c, changePasswordRequestSchema);
    const userGuid = c.var.userGuid ?? '';
    const key = `change-password:${userGuid}`;
    const wait = await throttle.retryAfter(key, CHANGE_PASSWORD_LIMIT);
    if (wait > 0) throw tooManyAttempts(wait);

    const [user] = await db.select().from(users).where(eq(users.guid, userGuid));
    if (!user) throw unauthorized();
    if (!(await verifyPassword(body.oldPassword, user.passwordHash))) {
      await throttle.hit(key, CHANGE_PASSWORD_LIMIT);
      throw refused(UsersErrorCode.wrongPassword, 'The current password is wrong');
    }
    await throttle.clear(key);
    if (await verifyPassword(body.newPassword, user.passwordHash)) throw samePassword();

    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.update(users).set({ passwordHash }).where(eq(users.guid, user.guid));
      // This browser stays logged in; any other session, perhaps someone else's, ends.
      await sessions.destroyAllOf(user.guid, { exceptId: c.var.sessionId, db: t });
      // A reset link asked for before the change must not undo it.
      await links.revoke(user.guid, 'reset-password', t);
    });
    return c.json({ done: true as const });
  });
}
