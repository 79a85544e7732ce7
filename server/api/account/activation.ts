/**
 * POST api/users/SendActivationEmail: queues the activation e-mail for an account not yet active.
 * Always answers the same, so it can't be used to learn which e-mails have accounts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { sendActivationEmailRequestSchema } from '../../../src/lib/api/account/contract.ts';
import { accountLinks, outboxEmails, users } from '../../db/schema.ts';
import type { ApiEnv } from '../env.ts';
import { jsonBody } from '../http-errors.ts';

const LIMIT = { max: 3, windowSeconds: 60 * 60 };
const LINK_HOURS = 48;

export async function sendActivationEmailHandler(c: Context<ApiEnv>) {
  const { db, throttle, clock } = c.var.deps;
  const body = await jsonBody(c, sendActivationEmailRequestSchema);
  const key = `activation-mail:${body.email}`;
  if ((await throttle.retryAfter(key, LIMIT)) === 0) {
    await throttle.hit(key, LIMIT);
    const [user] = await db.select().from(users).where(eq(users.email, body.email));
    if (user && user.status !== 'active') {
      const token = randomBytes(32).toString('base64url');
      await db.insert(accountLinks).values({
        tokenHash: createHash('sha256').update(token).digest('base64url'),
        userGuid: user.guid,
        purpose: 'activation',
        expiresAt: new Date(clock().getTime() + LINK_HOURS * 3_600_000),
      });
      const route = user.status === 'deactivated' ? 'reactivate' : 'activate';
      await db.insert(outboxEmails).values({
        toAddress: user.email,
        kind: 'activation',
        langCode: body.langCode,
        link: `/${body.langCode}/account/${route}?q=${token}`,
      });
    }
  }
  return c.json({ sent: true as const });
}
