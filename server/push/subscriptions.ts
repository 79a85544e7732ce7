/**
 * The browsers a customer turned notifications on in (issue 26, scope 3). One row per endpoint: a browser that
 * turns them on again updates its row, and one that another account had turned them on in moves to this account
 * (the device is shared, or the customer has two accounts): a device gets one account's messages at a time.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Lang } from '../../src/i18n/languages.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { pushSubscriptions } from '../db/schema.ts';

/** Devices an account keeps: turning notifications on in one more forgets the one unused the longest. */
export const PUSH_DEVICES_MAX = 20;

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  language: Lang;
}

export class PushSubscriptionStore {
  private readonly db: Db;
  private readonly clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /**
   * Keeps the browser's subscription on the account: a new row, or the endpoint's row updated (its keys, its
   * language, its account). Answers whether the row is new. The account then keeps its PUSH_DEVICES_MAX devices
   * used most recently.
   */
  async save(userGuid: string, subscription: NewPushSubscription): Promise<{ created: boolean }> {
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(pushSubscriptions)
        .values({ userGuid, ...subscription, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userGuid,
            p256dh: subscription.p256dh,
            auth: subscription.auth,
            language: subscription.language,
            updatedAt: now,
            lastFailureAt: null,
          },
        })
        // PostgreSQL's xmax is 0 for a row this statement inserted, and the updating transaction's id otherwise.
        .returning({ created: sql<boolean>`(xmax = 0)` });
      const devices = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userGuid, userGuid))
        .orderBy(asc(sql`greatest(${pushSubscriptions.updatedAt}, ${pushSubscriptions.lastSuccessAt})`))
        .for('update');
      const surplus = devices.slice(0, Math.max(0, devices.length - PUSH_DEVICES_MAX)).map((d) => d.id);
      if (surplus.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, surplus));
      return { created: row?.created === true };
    });
  }

  /** The account's subscription with this endpoint, if the account has it. */
  async find(userGuid: string, endpoint: string): Promise<PushSubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userGuid, userGuid), eq(pushSubscriptions.endpoint, endpoint)));
    return row;
  }

  /** Every device of the account. */
  async listOf(userGuid: string): Promise<PushSubscriptionRow[]> {
    return this.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userGuid, userGuid))
      .orderBy(asc(pushSubscriptions.id));
  }

  /** Forgets the account's subscription with this endpoint; false when the account had none. */
  async remove(userGuid: string, endpoint: string): Promise<boolean> {
    const removed = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userGuid, userGuid), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return removed.length > 0;
  }

  /** Forgets a subscription the push service says is gone (404, 410), unless it was renewed since it was read. */
  async removeGone(row: Pick<PushSubscriptionRow, 'id' | 'updatedAt'>): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.updatedAt, row.updatedAt)));
  }

  async recordSuccess(id: number): Promise<void> {
    await this.db.update(pushSubscriptions).set({ lastSuccessAt: this.clock() }).where(eq(pushSubscriptions.id, id));
  }

  async recordFailure(id: number): Promise<void> {
    await this.db.update(pushSubscriptions).set({ lastFailureAt: this.clock() }).where(eq(pushSubscriptions.id, id));
  }
}
