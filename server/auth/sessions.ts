/**
 * Cookie sessions stored in the database (hash of the id only). A new id at every login;
 * idle and absolute time-outs; logout deletes the row.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema.ts';
import type { Clock } from '../clock.ts';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMinutes: 30, absoluteHours: 12 };

/** Cookie name: `__Host-` prefixed (Secure, Path=/, no Domain) when served over https. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid';
}

const hashId = (id: string) => createHash('sha256').update(id).digest('base64url');

/** What is kept of the device a session was opened on. */
export interface SessionDevice {
  userAgent?: string | undefined;
  countryCode?: string | null | undefined;
}

/** A live session as its owner's list shows it. */
export interface ListedSession {
  publicId: string;
  userAgent: string | null;
  countryCode: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  /** The session of the request that asked. */
  current: boolean;
}

const USER_AGENT_MAX = 300;

/** Only write the last-seen time when it moved this much, so every request doesn't write. */
const TOUCH_AFTER_MS = 60_000;

/** The session row by its id's hash, as a statement prepared with a placeholder. */
const sessionQuery = (db: Db) =>
  db
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare('session_by_id_hash');

export class SessionStore {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly policy: SessionPolicy;
  private bySession: ReturnType<typeof sessionQuery> | undefined;

  constructor(db: Db, clock: Clock, policy: SessionPolicy = DEFAULT_SESSION_POLICY) {
    this.db = db;
    this.clock = clock;
    this.policy = policy;
  }

  /**
   * Creates a session; returns the id for the cookie (never stored). `device` is what the sessions list shows of
   * it: the browser's User-Agent and the country the login came from.
   */
  async create(userGuid: string, device: SessionDevice = {}): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.db.insert(sessions).values({
      idHash: hashId(id),
      userGuid,
      userAgent: device.userAgent?.slice(0, USER_AGENT_MAX) || null,
      countryCode: device.countryCode ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.policy.absoluteHours * 3_600_000),
    });
    return id;
  }

  /** The user of a live session, refreshing its idle time; null when unknown or expired (and then deleted). */
  async resolve(id: string): Promise<string | null> {
    const idHash = hashId(id);
    // Asked on every request of a logged-in customer: prepared once per connection, not parsed and planned each time.
    this.bySession ??= sessionQuery(this.db);
    const [row] = await this.bySession.execute({ idHash });
    if (!row) return null;
    const now = this.clock();
    const idleEnd = row.lastSeenAt.getTime() + this.policy.idleMinutes * 60_000;
    if (now.getTime() >= idleEnd || now >= row.expiresAt) {
      await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
      return null;
    }
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    }
    return row.userGuid;
  }

  /**
   * Records that the customer proved their password again in this session (POST api/users/AuthenticateUser);
   * answers the time recorded, or null when the session is gone.
   */
  async markReauthenticated(id: string): Promise<Date | null> {
    const now = this.clock();
    const [row] = await this.db
      .update(sessions)
      .set({ reauthenticatedAt: now })
      .where(eq(sessions.idHash, hashId(id)))
      .returning({ at: sessions.reauthenticatedAt });
    return row?.at ?? null;
  }

  /**
   * When the customer last re-authenticated in this session, or null if never (or the session is gone). For
   * changes that want a recent proof of the password, such as adding or removing a passkey.
   */
  async reauthenticatedAt(id: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sessions.reauthenticatedAt })
      .from(sessions)
      .where(eq(sessions.idHash, hashId(id)));
    return row?.at ?? null;
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.idHash, hashId(id)));
  }

  /** Ends every session of the user (a password changed), except the one named by `exceptId`. */
  async destroyAllOf(userGuid: string, options: { exceptId?: string; db?: Db } = {}): Promise<void> {
    const db = options.db ?? this.db;
    const mine = eq(sessions.userGuid, userGuid);
    await db.delete(sessions).where(options.exceptId ? and(mine, ne(sessions.idHash, hashId(options.exceptId))) : mine);
  }

  /** The user's live sessions, the most recently seen first, with which one is `currentId`'s. */
  async listOf(userGuid: string, currentId: string | undefined): Promise<ListedSession[]> {
    const now = this.clock();
    const current = currentId ? hashId(currentId) : undefined;
    const idleSince = new Date(now.getTime() - this.policy.idleMinutes * 60_000);
    const rows = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userGuid, userGuid), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
      .orderBy(desc(sessions.lastSeenAt));
    return rows.map((r) => ({
      publicId: r.publicId,
      userAgent: r.userAgent,
      countryCode: r.countryCode,
      createdAt: r.createdAt,
      lastSeenAt: r.lastSeenAt,
      current: r.idHash === current,
    }));
  }

  /** Ends the user's session named by its public id; false when the user has none by that id. */
  async destroyByPublicId(userGuid: string, publicId: string): Promise<boolean> {
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userGuid, userGuid), eq(sessions.publicId, publicId)))
      .returning({ publicId: sessions.publicId });
    return ended.length > 0;
  }

  /** Seconds the cookie may live: the absolute time-out. */
  get maxAgeSeconds(): number {
    return this.policy.absoluteHours * 3600;
  }
}
