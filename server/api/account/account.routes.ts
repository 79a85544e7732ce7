/**
 * Account calls (spec 2 §7 Account): login and logout, the session check, the profile and agreement save; and the
 * customer's profile (Users and customers).
 */
import { eq } from 'drizzle-orm';
import { PROFILE_SAVE_ACTION, saveAccount, saveAccountRequestSchema } from '../../../src/lib/api/account/contract.ts';
import { getCustomerDetails, logIn, logOut } from '../../../src/lib/api/session/contract.ts';
import { getProfile } from '../../../src/lib/api/customers/contract.ts';
import { users } from '../../db/schema.ts';
import type { ApiRouter } from '../router.ts';
import { notFound } from '../http-errors.ts';
import { sessionUser } from '../session-user.ts';
import { checkedBody, nameErrors } from '../signup/validation.ts';
import { saveProfile } from './profile-save.ts';
import { clearSessionCookie } from '../session.ts';
import { loginHandler } from './login.ts';
import { toLoginResponse, toProfile } from './user-views.ts';

/** The name rule (VEX022) applies to a profile save only: action 2 carries no names. */
const profileNameErrors = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && 'action' in raw && raw.action === PROFILE_SAVE_ACTION
    ? nameErrors(raw)
    : {};

export function accountRoutes(router: ApiRouter): void {
  router.handle(logIn, (c, { body }) => loginHandler(c, body));

  router.handle(logOut, async (c) => {
    const id = c.var.sessionId;
    if (id) await c.var.deps.sessions.destroy(id);
    clearSessionCookie(c);
    return undefined;
  });

  // The session check of spec 1 §4.1 step 1: 401 once the session has ended.
  router.handle(getCustomerDetails, async (c) => toLoginResponse(await sessionUser(c)));

  // Action 2 confirms the service agreement; action 1 saves the profile. Both answer the customer as the
  // session check does. The body is checked first with the codes of spec 2 §8 (VEX022, VEX008).
  router.handle(
    saveAccount,
    async (c, { body }) => {
      if (body.action === PROFILE_SAVE_ACTION) return saveProfile(c, body);
      const [user] = await c.var.deps.db
        .update(users)
        .set({ confirmedAgreement: true })
        .where(eq(users.guid, c.var.userGuid))
        .returning();
      if (!user) throw notFound();
      return toLoginResponse(user);
    },
    { before: [checkedBody(saveAccountRequestSchema, profileNameErrors)] },
  );

  router.handle(getProfile, async (c) => {
    const [user] = await c.var.deps.db.select().from(users).where(eq(users.guid, c.var.userGuid));
    if (!user) throw notFound();
    return toProfile(user);
  });
}
