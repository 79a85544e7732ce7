/**
 * The customer's packages and messages (spec 2 §7 Users and customers): paged lists with X-Pagination, reading a
 * message (marks it read) and deleting one (a soft delete: the row stays, flagged). The product's own messages
 * read in the language asked for (server/messages/service-messages.ts).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PackageStorage } from '../../../src/lib/storage/storage-schema.ts';
import type { Lang } from '../../../src/i18n/languages.ts';
import type { Db } from '../../db/database.ts';
import { preparedOn } from '../../db/prepared.ts';
import type { shipments } from '../../db/schema.ts';
import { messages } from '../../db/schema.ts';
import { serviceMessageText, type MessageText } from '../../messages/service-messages.ts';
import { placeNames } from '../../reference/place-names.ts';
import { customerPackages, heldForChargesOf, packagesSummary } from '../../storage/package-storage.ts';
import { packageEstimates } from '../../landed-cost/estimates.ts';
import type { LandedCost } from '../../../src/lib/api/landed-cost/contract.ts';
import { notFound } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { brandLang } from '../users/link-mail.ts';
import { offsetOf, setPagination } from './paging.ts';
import {
  deleteMessage,
  getMessage,
  getMessages,
  getPackages,
  getPackagesSummary,
  type Message,
  type MessageSummary,
  type MessagesPage,
  type Package,
} from '../../../src/lib/api/account-home/contract.ts';

type ShipmentRow = typeof shipments.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

function toPackage(s: ShipmentRow, storage: PackageStorage | null, landedCost: LandedCost | null): Package {
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
    storage,
    landedCost,
    heldForCharges: heldForChargesOf(s),
  };
}

const toSummary = (m: MessageRow, text: MessageText): MessageSummary => ({
  guid: m.guid,
  id: m.id,
  subject: text.subject,
  isRead: m.isRead,
  createdAt: m.createdAt.toISOString(),
});

/** Each message's text in `lang`: a service message's from its template, any other as it was written. */
async function messageTexter(db: Db, lang: Lang): Promise<(m: MessageRow) => MessageText> {
  const places = await placeNames(db, lang);
  return (m) => (m.template && serviceMessageText(m.template, m.params ?? {}, lang, places)) || m;
}

/** The user's messages that are not deleted. */
const liveMessagesOf = (userGuid: string) => and(eq(messages.userGuid, userGuid), eq(messages.deleteFlag, false));

async function unreadCount(db: Db, userGuid: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(liveMessagesOf(userGuid), eq(messages.isRead, false)));
  return row?.n ?? 0;
}

/**
 * A page of the user's live messages, newest first, with the list's total and unread count in the same statement:
 * window counts are taken before the limit.
 */
const messagesPage = preparedOn((db) =>
  db
    .select({
      message: messages,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      unread: sql<number>`count(*) filter (where not ${messages.isRead}) over ()`.mapWith(Number),
    })
    .from(messages)
    .where(and(eq(messages.userGuid, sql.placeholder('userGuid')), eq(messages.deleteFlag, false)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('messages_page'),
);

export function packagesMessagesRoutes(router: ApiRouter): void {
  // Near the storage deadline first, then the newest (server/storage/package-storage.ts).
  router.handle(
    getPackages,
    async (c, { query: page }) => {
      const { db, clock } = c.var.deps;
      const { owner, packages: listed } = await customerPackages(db, c.var.userGuid, clock(), page.search);
      setPagination(c, listed.length, page);
      const start = offsetOf(page);
      const shown = listed.slice(start, start + page.pageSize);
      const rows = shown.map((p) => p.row);
      const landedCostOf = await packageEstimates(db, owner, rows);
      return shown.map((p) => toPackage(p.row, p.storage, landedCostOf(p.row)));
    },
    { hot: true },
  );

  router.handle(getPackagesSummary, async (c) => {
    const { db, clock } = c.var.deps;
    return packagesSummary(db, c.var.userGuid, clock());
  });

  router.handle(
    getMessages,
    async (c, { query: page }) => {
      const { db } = c.var.deps;
      const text = await messageTexter(db, brandLang(c, page.language));
      const guid = c.var.userGuid;
      const rows = await messagesPage(db).execute({
        userGuid: guid,
        limit: page.pageSize,
        offset: offsetOf(page),
      });
      let total = rows[0]?.total ?? 0;
      let unread = rows[0]?.unread ?? 0;
      // A page past the end has no rows to carry the counts.
      if (rows.length === 0 && page.pageIndex > 0) {
        const [all] = await db.select({ n: count() }).from(messages).where(liveMessagesOf(guid));
        total = all?.n ?? 0;
        unread = await unreadCount(db, guid);
      }
      setPagination(c, total, page);
      const body: MessagesPage = {
        messages: rows.map(({ message }) => toSummary(message, text(message))),
        unreadCount: unread,
      };
      return body;
    },
    { hot: true },
  );

  // Reading a message marks it read; the answer carries the unread count after that.
  router.handle(getMessage, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const guid = c.var.userGuid;
    const [row] = await db
      .update(messages)
      .set({ isRead: true })
      .where(and(eq(messages.guid, params.messageGuid), liveMessagesOf(guid)))
      .returning();
    if (!row) throw notFound();
    const text = (await messageTexter(db, brandLang(c, query.language)))(row);
    const body: Message = { ...toSummary(row, text), body: text.body, unreadCount: await unreadCount(db, guid) };
    return body;
  });

  // A soft delete: the row stays with deleteFlag set and is neither listed nor served any more.
  router.handle(deleteMessage, async (c, { params }) => {
    const [row] = await c.var.deps.db
      .update(messages)
      .set({ deleteFlag: true })
      .where(and(eq(messages.guid, params.messageGuid), liveMessagesOf(c.var.userGuid)))
      .returning({ guid: messages.guid });
    if (!row) throw notFound();
    return undefined;
  });
}
