/**
 * The second step of password logins in the database (issue 25, scope 4; the rules are ./totp.ts): a customer's
 * secret while being set up and once on, the last time step accepted, and the recovery codes. Every use of a code
 * is one conditional UPDATE, so two requests (on one API process or two) can't both use the same code.
 */
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { recoveryCodes, totpFactors } from '../db/schema.ts';
import { decryptSecret, encryptSecret, matchingStep, newRecoveryCodes, newSecret, recoveryCodeHash } from './totp.ts';

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** How a login's second step went. */
export type SecondStepOutcome = 'off' | 'required' | 'passed' | 'failed';

/** What the customer gave at login for the second step. */
export interface SecondStepProof {
  otp?: string | undefined;
  recoveryCode?: string | undefined;
}

export class TwoFactorStore {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly key: Buffer;

  constructor(db: Db, clock: Clock, key: Buffer) {
    this.db = db;
    this.clock = clock;
    this.key = key;
  }

  async status(userGuid: string): Promise<TwoFactorStatus> {
    const [factor] = await this.db
      .select({ enabledAt: totpFactors.enabledAt })
      .from(totpFactors)
      .where(eq(totpFactors.userGuid, userGuid));
    const [left] = await this.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userGuid, userGuid), isNull(recoveryCodes.usedAt)));
    const enabled = Boolean(factor?.enabledAt);
    return { enabled, recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0 };
  }

  /** Whether a password login of this customer asks for a code. */
  async isOn(userGuid: string): Promise<boolean> {
    const [factor] = await this.db
      .select({ userGuid: totpFactors.userGuid })
      .from(totpFactors)
      .where(and(eq(totpFactors.userGuid, userGuid), isNotNull(totpFactors.enabledAt)));
    return factor !== undefined;
  }

  /**
   * Starts (or starts again) a setup: a new secret, kept encrypted and not yet asked at login. Null when the second
   * step is on already (it is turned off first).
   */
  async startSetup(userGuid: string): Promise<string | null> {
    const secret = newSecret();
    const stored = encryptSecret(this.key, secret, userGuid);
    const [row] = await this.db
      .insert(totpFactors)
      .values({ userGuid, secret: stored, createdAt: this.clock() })
      .onConflictDoUpdate({
        target: totpFactors.userGuid,
        set: { secret: stored, lastStep: null, createdAt: this.clock() },
        setWhere: isNull(totpFactors.enabledAt),
      })
      .returning({ userGuid: totpFactors.userGuid });
    return row ? secret : null;
  }

  /**
   * Turns the second step on with a code of the secret being set up: the new recovery codes, in clear this once;
   * 'invalid' for a wrong code, 'none' when no setup is under way.
   */
  async confirm(userGuid: string, code: string): Promise<string[] | 'invalid' | 'none'> {
    const [factor] = await this.db
      .select()
      .from(totpFactors)
      .where(and(eq(totpFactors.userGuid, userGuid), isNull(totpFactors.enabledAt)));
    if (!factor) return 'none';
    const step = matchingStep(decryptSecret(this.key, factor.secret, userGuid), code, this.clock(), null);
    if (step === null) return 'invalid';
    return this.db.transaction(async (tx) => {
      // The secret this code was checked against, still pending: not one a setup started meanwhile replaced.
      const [on] = await tx
        .update(totpFactors)
        .set({ enabledAt: this.clock(), lastStep: step })
        .where(
          and(eq(totpFactors.userGuid, userGuid), isNull(totpFactors.enabledAt), eq(totpFactors.secret, factor.secret)),
        )
        .returning({ userGuid: totpFactors.userGuid });
      if (!on) return 'none' as const;
      return replaceRecoveryCodes(tx, userGuid, this.clock());
    });
  }

  /** Turns the second step off: the secret and the recovery codes go. */
  async disable(userGuid: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(totpFactors).where(eq(totpFactors.userGuid, userGuid));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userGuid, userGuid));
    });
  }

  /** New recovery codes, the old ones void; null when the second step is off. */
  async newRecoveryCodes(userGuid: string): Promise<string[] | null> {
    return this.db.transaction(async (tx) => {
      const [factor] = await tx
        .select({ userGuid: totpFactors.userGuid })
        .from(totpFactors)
        .where(and(eq(totpFactors.userGuid, userGuid), isNotNull(totpFactors.enabledAt)))
        .for('update');
      if (!factor) return null;
      return replaceRecoveryCodes(tx, userGuid, this.clock());
    });
  }

  /**
   * The second step of a password login: 'off' when the customer has none; 'required' when on and nothing was
   * given; 'passed' for a code of a step after the last one accepted (taken, so it won't pass again) or an unused
   * recovery code (used up); 'failed' otherwise.
   */
  async check(userGuid: string, proof: SecondStepProof): Promise<SecondStepOutcome> {
    const [factor] = await this.db
      .select()
      .from(totpFactors)
      .where(and(eq(totpFactors.userGuid, userGuid), isNotNull(totpFactors.enabledAt)));
    if (!factor) return 'off';
    if (proof.otp) {
      const step = matchingStep(
        decryptSecret(this.key, factor.secret, userGuid),
        proof.otp,
        this.clock(),
        factor.lastStep,
      );
      if (step === null) return 'failed';
      // Taken only if no other request took this step (or a later one) meanwhile.
      const [taken] = await this.db
        .update(totpFactors)
        .set({ lastStep: step })
        .where(
          and(
            eq(totpFactors.userGuid, userGuid),
            isNotNull(totpFactors.enabledAt),
            or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
          ),
        )
        .returning({ userGuid: totpFactors.userGuid });
      return taken ? 'passed' : 'failed';
    }
    if (proof.recoveryCode) {
      const hash = recoveryCodeHash(userGuid, proof.recoveryCode);
      if (hash === null) return 'failed';
      const [used] = await this.db
        .update(recoveryCodes)
        .set({ usedAt: this.clock() })
        .where(
          and(eq(recoveryCodes.userGuid, userGuid), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)),
        )
        .returning({ userGuid: recoveryCodes.userGuid });
      return used ? 'passed' : 'failed';
    }
    return 'required';
  }
}

/** Deletes a customer's recovery codes and stores ten new ones (hashed); answers them in clear. */
async function replaceRecoveryCodes(db: Db, userGuid: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userGuid, userGuid));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userGuid, codeHash: recoveryCodeHash(userGuid, code) ?? '', createdAt: now })));
  return codes;
}
