/**
 * Single-use, expiring tokens behind the links of activation, reactivation and reset e-mails. Only a SHA-256
 * of a token is stored: the e-mail holds the only copy.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { accountLinks, users } from '../db/schema.ts';

/** Activation and reactivation share a purpose: either link makes the account active. */
export type LinkPurpose = 'activation' | 'reset-password';

const HOUR = 3_600_000;

export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  activation: 48 * HOUR,
  'reset-password': 2 * HOUR,
};

type User = typeof users.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export class AccountLinks {
  private readonly db: Db;
  private readonly clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** A new link token for the user. A new reset link ends the user's older unused ones. */
  async create(userGuid: string, purpose: LinkPurpose, ttlMs: number = LINK_TTL_MS[purpose]): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      if (purpose === 'reset-password') await this.revoke(userGuid, purpose, tx);
      await tx.insert(accountLinks).values({
        tokenHash: hashToken(token),
        userGuid,
        purpose,
        expiresAt: new Date(now.getTime() + ttlMs),
      });
    });
    return token;
  }

  /** The user a live link belongs to; null when the token is unknown, used, expired or for another purpose. */
  async resolve(token: string, purpose: LinkPurpose): Promise<User | null> {
    const [row] = await this.db
      .select({ user: users })
      .from(accountLinks)
      .innerJoin(users, eq(users.guid, accountLinks.userGuid))
      .where(this.live(token, purpose));
    return row?.user ?? null;
  }

  /**
   * Uses the link up: one conditional update, so of two racing calls only one gets the user. Pass a
   * transaction to make the use part of what the link is for.
   */
  async consume(token: string, purpose: LinkPurpose, db: Db = this.db): Promise<string | null> {
    const [row] = await db
      .update(accountLinks)
      .set({ usedAt: this.clock() })
      .where(this.live(token, purpose))
      .returning({ userGuid: accountLinks.userGuid });
    return row?.userGuid ?? null;
  }

  /** Ends every unused link of the user for this purpose. */
  async revoke(userGuid: string, purpose: LinkPurpose, db: Db = this.db): Promise<void> {
    await db
      .delete(accountLinks)
      .where(and(eq(accountLinks.userGuid, userGuid), eq(accountLinks.purpose, purpose), isNull(accountLinks.usedAt)));
  }

  private live(token: string, purpose: LinkPurpose) {
    return and(
      eq(accountLinks.tokenHash, hashToken(token)),
      eq(accountLinks.purpose, purpose),
      isNull(accountLinks.usedAt),
      gt(accountLinks.expiresAt, this.clock()),
    );
  }
}
