/**
 * Fixed-window counters in the database, shared by every API process. Each attempt counts and is decided in one
 * statement (`take`: insert or add one, returning the new count), so requests sent at the same moment each see a
 * count of their own and exactly the limit's number pass, in one process or many (issue 29).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rateLimits } from '../db/schema.ts';
import type { Clock } from '../clock.ts';

export interface Limit {
  /** Attempts allowed in a window. */
  max: number;
  windowSeconds: number;
}

/** What counting one attempt decided. */
export interface Taken {
  /** Attempts counted in the window, this one included. */
  count: number;
  /** Seconds until the window ends when this attempt passed the limit (refuse it), else 0. */
  retryAfter: number;
}

export class Throttle {
  private readonly db: Db;
  private readonly clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** Seconds until the window of `key` ends, from its start, or 0 when it has ended. */
  private secondsLeft(windowStart: Date, limit: Limit): number {
    const left = Math.ceil((windowStart.getTime() + limit.windowSeconds * 1000 - this.clock().getTime()) / 1000);
    return left > 0 ? left : 0;
  }

  /**
   * Counts one attempt for `key` and decides it, in one statement: a window that has ended starts again at this
   * attempt. The row is locked while it is counted, so each of many attempts at once gets its own count.
   */
  async take(key: string, limit: Limit): Promise<Taken> {
    const now = this.clock();
    const ended = new Date(now.getTime() - limit.windowSeconds * 1000);
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} <= ${ended} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${ended} then ${now} else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
    const count = row?.count ?? 1;
    const retryAfter = count > limit.max && row ? Math.max(1, this.secondsLeft(row.windowStart, limit)) : 0;
    return { count, retryAfter };
  }

  /** Seconds until `key` may try again, or 0 when it may now; counts nothing (for a look before the input is read). */
  async retryAfter(key: string, limit: Limit): Promise<number> {
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (!row || row.count < limit.max) return 0;
    return this.secondsLeft(row.windowStart, limit);
  }

  /** Takes back one attempt counted for `key` (it turned out not to be one the limit is for: a right password). */
  async giveBack(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, key));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }
}
