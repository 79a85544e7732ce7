/**
 * The customer's packages and messages (spec 2 §7 Users and customers): paged lists with X-Pagination, reading a
 * message (marks it read) and deleting one (a soft delete: the row stays, flagged).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { messages, shipments } from '../../db/schema.ts';
import type { ApiEnv } from '../env.ts';
import { invalid, notFound } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { offsetOf, pageQuery, sessionUser, setPagination } from './paging.ts';
import type { Message, MessageSummary, MessagesPage, Package } from '../../../src/lib/api/account-home/contract.ts';

type ShipmentRow = typeof shipments.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

function toPackage(s: ShipmentRow): Package {
  return {
    awb: s.awb,
    hawbId: s.hawbId,
    foreignAwb: s.foreignAwb,
    currentStatus: s.currentStatus,
    lastPi: s.lastPi,
    originCountryCode: s.originCountryCode,
    originEntity: s.originEntity,
    destEntity: s.destEntity,
    merchant: s.merchant,
    description: s.description,
    weightKg: Number(s.weightKg),
    receivedAt: s.receivedAt.toISOString(),
  };
}

const toSummary = (m: MessageRow): MessageSummary => ({
  guid: m.guid,
  id: m.id,
  subject: m.subject,
  isRead: m.isRead,
  createdAt: m.createdAt.toISOString(),
});

/** The user's messages that are not deleted. */
const liveMessagesOf = (userGuid: string) => and(eq(messages.userGuid, userGuid), eq(messages.deleteFlag, false));

async function unreadCount(db: Db, userGuid: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(liveMessagesOf(userGuid), eq(messages.isRead, false)));
  return row?.n ?? 0;
}

/** The message guid of the path: 400 unless it is a UUID (spec 1: the id must be a GUID). */
function messageGuid(c: Context<ApiEnv>): string {
  const parsed = z.uuid().safeParse(c.req.param('messageGuid'));
  if (!parsed.success) throw invalid({ messageGuid: ['not a GUID'] });
  return parsed.data.toLowerCase();
}

export function packagesMessagesRoutes(router: ApiRouter): void {
  router.get('/api/customers/:guid/packages/getAllPackages', async (c) => {
    const page = pageQuery(c);
    const { db } = c.var.deps;
    const mine = eq(shipments.userGuid, sessionUser(c));
    const [total] = await db.select({ n: count() }).from(shipments).where(mine);
    const rows = await db
      .select()
      .from(shipments)
      .where(mine)
      .orderBy(desc(shipments.receivedAt), desc(shipments.awb))
      .limit(page.pageSize)
      .offset(offsetOf(page));
    setPagination(c, total?.n ?? 0, page);
    return c.json(rows.map(toPackage));
  });

  router.get('/api/customers/:guid/messages', async (c) => {
    const page = pageQuery(c);
    const { db } = c.var.deps;
    const guid = sessionUser(c);
    const [total] = await db.select({ n: count() }).from(messages).where(liveMessagesOf(guid));
    const rows = await db
      .select()
      .from(messages)
      .where(liveMessagesOf(guid))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.pageSize)
      .offset(offsetOf(page));
    setPagination(c, total?.n ?? 0, page);
    const body: MessagesPage = { messages: rows.map(toSummary), unreadCount: await unreadCount(db, guid) };
    return c.json(body);
  });

  // Reading a message marks it read; the answer carries the unread count after that.
  router.get('/api/customers/:guid/messages/:messageGuid', async (c) => {
    const id = messageGuid(c);
    const { db } = c.var.deps;
    const guid = sessionUser(c);
    const [row] = await db
      .update(messages)
      .set({ isRead: true })
      .where(and(eq(messages.guid, id), liveMessagesOf(guid)))
      .returning();
    if (!row) throw notFound();
    const body: Message = { ...toSummary(row), body: row.body, unreadCount: await unreadCount(db, guid) };
    return c.json(body);
  });

  // A soft delete: the row stays with deleteFlag set and is neither listed nor served any more.
  router.delete('/api/customers/:guid/messages/:messageGuid', async (c) => {
    const id = messageGuid(c);
    const [row] = await c.var.deps.db
      .update(messages)
      .set({ deleteFlag: true })
      .where(and(eq(messages.guid, id), liveMessagesOf(sessionUser(c))))
      .returning({ guid: messages.guid });
    if (!row) throw notFound();
    return c.body(null, 204);
  });
}
