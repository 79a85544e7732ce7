/**
 * Fixed-window counters in the database, shared by every API process.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rateLimits } from '../db/schema.ts';
import type { Clock } from '../clock.ts';

export interface Limit {
  /** Failures allowed in a window. */
  max: number;
  windowSeconds: number;
}

export class Throttle {
  private readonly db: Db;
  private readonly clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** Seconds until `key` may try again, or 0 when it may now. */
  async retryAfter(key: string, limit: Limit): Promise<number> {
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (!row || row.count < limit.max) return 0;
    const end = row.windowStart.getTime() + limit.windowSeconds * 1000;
    const left = Math.ceil((end - this.clock().getTime()) / 1000);
    return left > 0 ? left : 0;
  }

  /** Events counted for `key` in its current window. */
  async count(key: string, limit: Limit): Promise<number> {
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (!row) return 0;
    const ended = row.windowStart.getTime() + limit.windowSeconds * 1000 <= this.clock().getTime();
    return ended ? 0 : row.count;
  }

  /** Counts one event for `key`; a window that has ended starts again. */
  async hit(key: string, limit: Limit): Promise<void> {
    const now = this.clock();
    const windowEnd = new Date(now.getTime() - limit.windowSeconds * 1000);
    await this.db
      .insert(rateLimits)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} <= ${windowEnd} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${windowEnd} then ${now} else ${rateLimits.windowStart} end`,
        },
      });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }
}
