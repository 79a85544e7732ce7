/**
 * Opens a customer's mailboxes (spec 2 §9): one address in every origin country except their own. Free plans
 * open them when the shipping details are saved; paid plans once paid.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { addresses, countries, users } from '../db/schema.ts';
import type { Plan } from '../../src/lib/reference/schemas.ts';
import { WAREHOUSES, mailboxRows } from './warehouses.ts';

type User = typeof users.$inferSelect;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function addMonths(d: Date, months: number): Date {
  const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate()));
  // 31 January + 1 month is the last day of February, not 3 March.
  if (end.getUTCDate() !== d.getUTCDate()) end.setUTCDate(0);
  return end;
}

/**
 * Opens the mailboxes of `user` on `plan` and starts the plan's term, once: of two racing calls only one
 * creates addresses. `entity` is the customer's own office. Returns the user as saved, or undefined when the
 * mailboxes were open already.
 */
export async function openMailboxes(
  db: Db,
  clock: Clock,
  user: User,
  plan: Plan,
  entity: string,
): Promise<User | undefined> {
  const now = clock();
  return db.transaction(async (t) => {
    const [opened] = await t
      .update(users)
      .set({
        hasMailboxes: true,
        entity,
        planId: plan.planId,
        planStartDate: isoDate(now),
        planExpiryDate: isoDate(addMonths(now, plan.duration)),
      })
      .where(and(eq(users.guid, user.guid), eq(users.hasMailboxes, false)))
      .returning();
    if (!opened) return undefined;
    const origins = await t.select({ code: countries.code }).from(countries).where(eq(countries.hasAddresses, true));
    const codes = new Set(origins.map((o) => o.code).filter((code) => code !== opened.countryCode));
    const [next] = await t
      .select({ n: sql<string>`nextval('mailbox_number_seq')::text` })
      .from(users)
      .where(eq(users.guid, opened.guid));
    const number = `${entity} ${next?.n ?? '0'}`;
    const rows = mailboxRows(
      { userGuid: opened.guid, name: `${opened.firstName} ${opened.lastName}`, entity, number },
      WAREHOUSES.filter((w) => codes.has(w.countryCode)),
    );
    if (rows.length > 0) await t.insert(addresses).values(rows);
    return opened;
  });
}
