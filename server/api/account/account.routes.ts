import { eq } from 'drizzle-orm';
import { saveAccountRequestSchema } from '../../../src/lib/api/account/contract.ts';
import { users } from '../../db/schema.ts';
import type { ApiRouter } from '../router.ts';
import { jsonBody, notFound, unauthorized } from '../http-errors.ts';
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

  // Confirms the service agreement (action 2); answers the customer as the session check does.
  router.post('/api/account/:guid/save', async (c) => {
    await jsonBody(c, saveAccountRequestSchema);
    const [user] = await c.var.deps.db
      .update(users)
      .set({ confirmedAgreement: true })
      .where(eq(users.guid, c.req.param('guid') ?? ''))
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
