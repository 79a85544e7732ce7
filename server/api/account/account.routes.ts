import { eq } from 'drizzle-orm';
import { PROFILE_SAVE_ACTION, saveAccountRequestSchema } from '../../../src/lib/api/account/contract.ts';
import { users } from '../../db/schema.ts';
import type { ApiRouter } from '../router.ts';
import { fieldErrorsOf, notFound, readJson, unauthorized } from '../http-errors.ts';
import { addErrors, nameErrors, refused } from '../signup/validation.ts';
import { saveProfile } from './profile-save.ts';
import { clearSessionCookie } from '../session.ts';
import { loginHandler } from './login.ts';
import { toLoginResponse, toProfile } from './user-views.ts';

export function accountRoutes(router: ApiRouter): void {
  router.post('/api/account/login', loginHandler);

  router.post('/api/account/logout', async (c) => {
    const id = c.var.sessionId;
    if (id) await c.var.deps.sessions.destroy(id);
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  // The session check of spec 1 §4.1 step 1: 401 once the session has ended.
  router.get(
    '/api/account/GetCustomerDetails',
    async (c) => {
      const [user] = await c.var.deps.db
        .select()
        .from(users)
        .where(eq(users.guid, c.var.userGuid ?? ''));
      if (!user) throw unauthorized();
      return c.json(toLoginResponse(user));
    },
    { auth: true },
  );

  // Action 2 confirms the service agreement; action 1 saves the profile. Both answer the customer as the
  // session check does.
  router.post('/api/account/:guid/save', async (c) => {
    const raw = await readJson(c);
    const parsed = saveAccountRequestSchema.safeParse(raw);
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    const isProfile = typeof raw === 'object' && raw !== null && 'action' in raw && raw.action === PROFILE_SAVE_ACTION;
    if (isProfile) addErrors(errors, nameErrors(raw));
    if (!parsed.success || Object.keys(errors).length > 0) throw refused(errors);
    if (parsed.data.action === PROFILE_SAVE_ACTION) return c.json(await saveProfile(c, parsed.data));
    const [user] = await c.var.deps.db
      .update(users)
      .set({ confirmedAgreement: true })
      .where(eq(users.guid, c.var.userGuid ?? ''))
      .returning();
    if (!user) throw notFound();
    return c.json(toLoginResponse(user));
  });

  router.get('/api/customers/:guid', async (c) => {
    const [user] = await c.var.deps.db
      .select()
      .from(users)
      .where(eq(users.guid, c.req.param('guid') ?? ''));
    if (!user) throw notFound();
    return c.json(toProfile(user));
  });
}
