import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { users } from '../db/schema.ts';
import type { ApiEnv } from './env.ts';
import { unauthorized } from './http-errors.ts';

/** The logged-in user of the request, as stored now; 401 when the session has none. */
export async function sessionUser(c: Context<ApiEnv>): Promise<typeof users.$inferSelect> {
  const [user] = await c.var.deps.db
    .select()
    .from(users)
    .where(eq(users.guid, c.var.userGuid ?? ''));
  if (!user) throw unauthorized();
  return user;
}
