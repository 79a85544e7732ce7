/**
 * The customer's sessions (issue 25, scope 2): listed with the device and country each was opened from, and
 * ended one by one or all but this device's. Ending a session deletes its row, so every API process refuses its
 * cookie from the next request on.
 */
import type { Context } from 'hono';
import {
  endAccountSession,
  endOtherSessions,
  getAccountSessions,
  type AccountSession,
} from '../../../src/lib/api/sessions/contract.ts';
import { deviceName } from '../../../src/lib/sessions/device-name.ts';
import type { ApiEnv } from '../env.ts';
import { notFound } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';

async function listed(c: Context<ApiEnv>, guid: string): Promise<AccountSession[]> {
  const rows = await c.var.deps.sessions.listOf(guid, c.var.sessionId);
  return rows.map((r) => ({
    id: r.publicId,
    ...deviceName(r.userAgent),
    countryCode: r.countryCode,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.current,
  }));
}

export function sessionsRoutes(router: ApiRouter): void {
  router.handle(getAccountSessions, (c, { params }) => listed(c, params.guid));

  router.handle(endAccountSession, async (c, { params }) => {
    if (!(await c.var.deps.sessions.destroyByPublicId(params.guid, params.sessionId))) throw notFound();
    return listed(c, params.guid);
  });

  router.handle(endOtherSessions, async (c, { params }) => {
    await c.var.deps.sessions.destroyAllOf(params.guid, { exceptId: c.var.sessionId });
    return listed(c, params.guid);
  });
}
