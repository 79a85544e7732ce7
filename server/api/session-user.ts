import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { SessionContext } from './env.ts';
import { unauthorized } from './http-errors.ts';

/** The logged-in user of a call that needs a session, as stored now; 401 when the account is gone. */
export async function sessionUser(c: SessionContext): Promise<typeof users.$inferSelect> {
  const [user] = await c.var.deps.db.select().from(users).where(eq(users.guid, c.var.userGuid));
  if (!user) throw unauthorized();
  return user;
}
