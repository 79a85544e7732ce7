/**
 * Passkeys (WebAuthn) on the server: the relying party (the site's public origin), the challenges of ceremonies
 * in progress, and the customers' credentials. Challenges live in the database, keyed by their own value: any API
 * process can finish a ceremony another began, and taking one deletes it, so an answer can't be replayed and two
 * requests can't both use one challenge.
 */
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { passkeys, webauthnChallenges } from '../db/schema.ts';
import type { Clock } from '../clock.ts';

/** How long a ceremony may take, from the options to the authenticator's answer. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export type CeremonyPurpose = 'registration' | 'authentication';

/** Who the passkeys are for: the site's origin and its host as the relying party id. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/** The relying party of an origin: its host name is the id (a passkey made for it works on that host alone). */
export function relyingPartyOf(origin: string, name: string): RelyingParty {
  const url = new URL(origin);
  return { id: url.hostname, name, origin: url.origin };
}

export type PasskeyRow = typeof passkeys.$inferSelect;

export class PasskeyStore {
  private readonly db: Db;
  private readonly clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** Keeps a challenge just handed out; ceremonies long expired are swept at the same time. */
  async saveChallenge(challenge: string, purpose: CeremonyPurpose, userGuid: string | null): Promise<void> {
    const now = this.clock();
    await this.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
    await this.db.insert(webauthnChallenges).values({
      challenge,
      purpose,
      userGuid,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
    });
  }

  /**
   * Takes a challenge for a ceremony: deleted as it is read, so it answers once. Null when unknown, already
   * taken, for another purpose or expired. For a registration, `userGuid` must be the customer it was given to.
   */
  async takeChallenge(challenge: string, purpose: CeremonyPurpose): Promise<{ userGuid: string | null } | null> {
    const [row] = await this.db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          gt(webauthnChallenges.expiresAt, this.clock()),
        ),
      )
      .returning({ userGuid: webauthnChallenges.userGuid });
    return row ?? null;
  }

  async listOf(userGuid: string): Promise<PasskeyRow[]> {
    return this.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userGuid, userGuid))
      .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  }

  async find(id: string): Promise<PasskeyRow | undefined> {
    const [row] = await this.db.select().from(passkeys).where(eq(passkeys.id, id));
    return row;
  }

  /** Adds a passkey; false when one with that id already exists (on this account or another). */
  async add(row: Omit<PasskeyRow, 'createdAt' | 'lastUsedAt'>): Promise<boolean> {
    const added = await this.db
      .insert(passkeys)
      .values({ ...row, createdAt: this.clock() })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    return added.length > 0;
  }

  async remove(userGuid: string, id: string): Promise<boolean> {
    const removed = await this.db
      .delete(passkeys)
      .where(and(eq(passkeys.userGuid, userGuid), eq(passkeys.id, id)))
      .returning({ id: passkeys.id });
    return removed.length > 0;
  }

  /**
   * Records a login with the passkey: its new signature counter and the time. The counter is written only if it
   * is still the one the check was made against, so two logins racing with one answer can't both pass.
   */
  async recordUse(id: string, checkedCounter: number, newCounter: number): Promise<boolean> {
    const updated = await this.db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: this.clock() })
      .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
      .returning({ id: passkeys.id });
    return updated.length > 0;
  }
}
