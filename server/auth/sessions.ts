/**
 * Cookie sessions stored in the database (hash of the id only). A new id at every login;
 * idle and absolute time-outs; logout deletes the row.
 */
import { hash, randomBytes } from 'node:crypto';
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

const hashId = (id: string) => hash('sha256', id, 'base64url');

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

/** What judging a session needs of its row (by its id's hash), as a statement prepared with a placeholder. */
const sessionQuery = (db: Db) =>
  db
    .select({ userGuid: sessions.userGuid, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare('session_by_id_hash');

/** What a kept session needs to be judged again: its user and its times. */
interface KeptSession {
  userGuid: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Sessions kept in memory at most: the oldest kept goes first past this. */
export const KEPT_SESSIONS_MAX = 10_000;

export class SessionStore {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly policy: SessionPolicy;
  private bySession: ReturnType<typeof sessionQuery> | undefined;
  /**
   * With `keepInMemory`: live sessions by their id's hash, so a request needs no statement to know its user. Only
   * for a database no other process writes (embedded PGlite): every end of a session goes through this store, which
   * forgets it at once; with several processes, one could not know of another's logout.
   */
  private readonly kept: Map<string, KeptSession> | null;
  private readonly keptMax: number;
  /** Counts every ending of sessions: a look-up that met one while it read the database keeps nothing. */
  private endings = 0;

  constructor(
    db: Db,
    clock: Clock,
    policy: SessionPolicy = DEFAULT_SESSION_POLICY,
    options: { keepInMemory?: boolean; keepAtMost?: number } = {},
  ) {
    this.db = db;
    this.clock = clock;
    this.policy = policy;
    this.kept = options.keepInMemory ? new Map() : null;
    this.keptMax = options.keepAtMost ?? KEPT_SESSIONS_MAX;
  }

  private keep(idHash: string, session: KeptSession): void {
    if (!this.kept) return;
    this.kept.delete(idHash);
    this.kept.set(idHash, session);
    if (this.kept.size > this.keptMax) this.kept.delete(this.kept.keys().next().value!);
  }

  /** Forgets the kept sessions `which` picks. */
  private forget(which: (idHash: string, session: KeptSession) => boolean): void {
    this.endings += 1;
    if (!this.kept) return;
    for (const [idHash, session] of this.kept) if (which(idHash, session)) this.kept.delete(idHash);
  }

  /**
   * Ends sessions: forgets them before their rows are deleted (no request is answered from memory meanwhile) and
   * again after (a look-up that read a row before the delete, and kept it, loses it).
   */
  private async ending(which: (idHash: string, session: KeptSession) => boolean, remove: () => Promise<unknown>) {
    this.forget(which);
    try {
      await remove();
    } finally {
      this.forget(which);
    }
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
    let session = this.kept?.get(idHash);
    if (!session) {
      const endings = this.endings;
      // Asked on every request of a logged-in customer: prepared once per connection, not parsed and planned each time.
      this.bySession ??= sessionQuery(this.db);
      const [row] = await this.bySession.execute({ idHash });
      if (!row) return null;
      session = { userGuid: row.userGuid, lastSeenAt: row.lastSeenAt, expiresAt: row.expiresAt };
      // A session ended while the row was read is not kept (the row read may be the one just deleted).
      if (endings === this.endings) this.keep(idHash, session);
    }
    const now = this.clock();
    const idleEnd = session.lastSeenAt.getTime() + this.policy.idleMinutes * 60_000;
    if (now.getTime() >= idleEnd || now >= session.expiresAt) {
      await this.ending(
        (hash) => hash === idHash,
        () => this.db.delete(sessions).where(eq(sessions.idHash, idHash)),
      );
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      session.lastSeenAt = now;
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    }
    return session.userGuid;
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
    const idHash = hashId(id);
    await this.ending(
      (hash) => hash === idHash,
      () => this.db.delete(sessions).where(eq(sessions.idHash, idHash)),
    );
  }

  /** Ends every session of the user (a password changed), except the one named by `exceptId`. */
  async destroyAllOf(userGuid: string, options: { exceptId?: string; db?: Db } = {}): Promise<void> {
    const db = options.db ?? this.db;
    const except = options.exceptId ? hashId(options.exceptId) : undefined;
    const mine = eq(sessions.userGuid, userGuid);
    await this.ending(
      (hash, session) => session.userGuid === userGuid && hash !== except,
      () => db.delete(sessions).where(except ? and(mine, ne(sessions.idHash, except)) : mine),
    );
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
      .returning({ idHash: sessions.idHash });
    // The public id is not the kept key: the ended row names the hash. Forgotten after the delete, so a request
    // that read the row before it can't keep it either (the count of endings moved).
    this.forget((hash) => ended.some((row) => row.idHash === hash));
    return ended.length > 0;
  }

  /** Seconds the cookie may live: the absolute time-out. */
  get maxAgeSeconds(): number {
    return this.policy.absoluteHours * 3600;
  }
}
