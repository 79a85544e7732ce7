/** The brand's mailing lists (src/brands/brands.ts) and who is on them. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Subscription } from '../../../src/lib/api/marketing/contract.ts';
import type { Brand } from '../../../src/brands/brands.ts';
import type { Db } from '../../db/database.ts';
import { subscriptions } from '../../db/schema.ts';

export interface BrandList {
  kind: Subscription['kind'];
  listId: number;
  type: number;
}

/** The brand's two lists: offers (promo) and service updates. */
export function brandLists(brand: Brand): BrandList[] {
  const { promo, serviceUpdate } = brand.mailingLists;
  return [
    { kind: 'promo', listId: promo.id, type: promo.type },
    { kind: 'serviceUpdate', listId: serviceUpdate.id, type: serviceUpdate.type },
  ];
}

/** The brand's lists with the user's choice on each; no row means not subscribed. */
export async function subscriptionsOf(db: Db, brand: Brand, userGuid: string): Promise<Subscription[]> {
  const lists = brandLists(brand);
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userGuid, userGuid),
        inArray(
          subscriptions.listId,
          lists.map((l) => l.listId),
        ),
      ),
    );
  return lists.map((l) => ({
    listId: l.listId,
    type: l.type,
    kind: l.kind,
    subscribed: rows.find((r) => r.listId === l.listId)?.subscribed ?? false,
  }));
}

/**
 * Puts the user on or off a list. With `keepChoice`, a choice the user already made stands (signup steps
 * subscribe to service updates without undoing an earlier unsubscribe).
 */
export async function setSubscription(
  db: Db,
  change: { userGuid: string; listId: number; subscribed: boolean; now: Date; keepChoice?: boolean },
): Promise<void> {
  const row = {
    userGuid: change.userGuid,
    listId: change.listId,
    subscribed: change.subscribed,
    updatedAt: change.now,
  };
  const insert = db.insert(subscriptions).values(row);
  if (change.keepChoice) {
    await insert.onConflictDoNothing();
    return;
  }
  await insert.onConflictDoUpdate({
    target: [subscriptions.userGuid, subscriptions.listId],
    set: { subscribed: sql`excluded.subscribed`, updatedAt: sql`excluded.updated_at` },
  });
}

/** What signup (and the incomplete-account step) records: service updates always, offers if agreed to. */
export async function subscribeAtSignup(
  db: Db,
  brand: Brand,
  userGuid: string,
  agreeOnUseOptIn: boolean,
  now: Date,
): Promise<void> {
  const { promo, serviceUpdate } = brand.mailingLists;
  await setSubscription(db, { userGuid, listId: serviceUpdate.id, subscribed: true, now, keepChoice: true });
  await setSubscription(db, { userGuid, listId: promo.id, subscribed: agreeOnUseOptIn, now });
}
