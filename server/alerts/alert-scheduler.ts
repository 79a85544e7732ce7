/**
 * The alerts about packages (issue 24; docs/decisions/034), run inside each API process. A round has two steps:
 *
 * 1. Queue: every process finds the alerts due now (src/lib/storage/package-alerts.ts) and inserts one row per
 *    package and kind into `package_alerts`; the primary key turns a second insert of the same alert into nothing.
 * 2. Send: each process takes queued rows with `FOR UPDATE SKIP LOCKED`, one transaction each, checks the alert
 *    still holds and the customer's switch, writes the e-mail (the outbox row, in the same transaction) and marks
 *    the row done. Two processes never take the same row, and an alert is sent once: the mail and its mark are
 *    committed together, so a process stopped midway leaves the row queued for the next round, with no mail.
 *
 * Everything is in the database, so restarts lose nothing and send nothing twice. Times come from the app's clock.
 */
import { and, asc, eq, inArray, isNotNull, notExists, or, sql } from 'drizzle-orm';
import type { Brand } from '../../src/brands/brands.ts';
import { ALERT_OPTION, dueAlerts, isStillDue, type AlertKind } from '../../src/lib/storage/package-alerts.ts';
import { IN_MAILBOX_STATUS_IDS, storageTermsOf } from '../../src/lib/storage/storage-deadline.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { packageAlerts, shipments, users } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { arrivalOf, heldForChargesOf, packageFactsOf } from '../storage/package-storage.ts';
import { userOptions } from '../wallet/wallet-mail.ts';
import { alertMail, type AlertMailFacts } from './alert-mail.ts';
import { alertPushMessage } from '../push/push-messages.ts';
import type { PushSender } from '../push/push-sender.ts';
import { alertTiming, type PushTiming } from '../../src/lib/push/push-timing.ts';

export interface AlertSchedulerDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  brand: Brand;
  logger: Logger;
  /** The site's origin for the e-mails' links (PUBLIC_ORIGIN). */
  origin: string;
  /**
   * Web Push (issue 26): an alert sent by e-mail goes to the customer's devices too, once its transaction has
   * committed; without it, e-mail only.
   */
  push?: PushSender;
}

/** What a round did. */
export interface AlertRound {
  queued: number;
  sent: number;
  off: number;
  expired: number;
  failed: number;
}

/** At most this many alerts are sent by a process in one round; the rest wait for the next. */
export const ALERTS_PER_ROUND = 500;

/** Alerts looked up per query when queueing. */
const BATCH = 1000;

type AlertState = 'sent' | 'off' | 'expired' | 'failed';

/** An alert's push message, sent once its e-mail is committed. */
interface AlertPush {
  userGuid: string;
  facts: AlertMailFacts;
  timing: PushTiming;
}

const recorded = (kind: AlertKind) =>
  notExists(
    sql`(select 1 from ${packageAlerts} where ${packageAlerts.awb} = ${shipments.awb} and ${packageAlerts.kind} = ${kind})`,
  );

export class AlertScheduler {
  private readonly deps: AlertSchedulerDeps;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> | undefined;
  private stopped = false;

  constructor(deps: AlertSchedulerDeps) {
    this.deps = deps;
  }

  /** One round: queue what is due now, then send what is queued. */
  async tick(): Promise<AlertRound> {
    const queued = await this.queue();
    const round: AlertRound = { queued, sent: 0, off: 0, expired: 0, failed: 0 };
    for (let i = 0; i < ALERTS_PER_ROUND; i++) {
      const state = await this.sendOne();
      if (!state) break;
      round[state] += 1;
    }
    if (round.queued || round.sent || round.off || round.expired || round.failed) {
      this.deps.logger.info(round, 'package alerts');
    }
    return round;
  }

  /** Rounds every `intervalMs`, the first at once; a round that fails is logged and the next one tries again. */
  start(intervalMs: number): void {
    const run = () => {
      this.round = this.tick()
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'package alerts: round failed'))
        .finally(() => {
          this.round = undefined;
          if (!this.stopped) this.timer = setTimeout(run, intervalMs);
        });
    };
    this.timer = setTimeout(run, 0);
  }

  /** No new round; waits for the one under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
  }

  /** Step 1: inserts the alerts due now that no process has queued yet. */
  private async queue(): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock();
    // Packages at a mailbox until their last storage alert is recorded, and shipments held until theirs is.
    const candidates = await db
      .select({ shipment: shipments, planId: users.planId })
      .from(shipments)
      .innerJoin(users, eq(users.guid, shipments.userGuid))
      .where(
        and(
          eq(users.status, 'active'),
          or(
            and(inArray(shipments.lastPi, [...IN_MAILBOX_STATUS_IDS]), recorded('storage-1-day')),
            and(eq(shipments.chargesPaid, false), isNotNull(shipments.charges), recorded('held-for-charges')),
          ),
        ),
      );
    let queued = 0;
    for (let i = 0; i < candidates.length; i += BATCH) {
      const batch = candidates.slice(i, i + BATCH);
      const known = await db
        .select({ awb: packageAlerts.awb, kind: packageAlerts.kind })
        .from(packageAlerts)
        .where(
          inArray(
            packageAlerts.awb,
            batch.map((c) => c.shipment.awb),
          ),
        );
      const done = new Set(known.map((k) => `${k.awb} ${k.kind}`));
      const rows = batch.flatMap(({ shipment, planId }) =>
        dueAlerts(packageFactsOf(shipment, planId), now)
          .filter((alert) => !done.has(`${shipment.awb} ${alert.kind}`))
          .map((alert) => ({
            awb: shipment.awb,
            kind: alert.kind,
            userGuid: shipment.userGuid!,
            dueAt: alert.dueAt,
            createdAt: now,
          })),
      );
      if (rows.length === 0) continue;
      const inserted = await db
        .insert(packageAlerts)
        .values(rows)
        .onConflictDoNothing()
        .returning({ awb: packageAlerts.awb });
      queued += inserted.length;
    }
    return queued;
  }

  /**
   * Step 2: takes one queued alert no other process holds and settles it; null when none is left. An alert sent
   * goes to the customer's devices after its transaction commits: a push that fails is logged and never sends the
   * e-mail again, and a process stopped between the commit and the push loses that push, not the e-mail.
   */
  private async sendOne(): Promise<AlertState | null> {
    const state = await this.settleOne();
    if (state?.pushed) await this.push(state.pushed);
    return state?.state ?? null;
  }

  /** Sends an alert's push message to the customer's devices; never throws. */
  private async push({ userGuid, facts, timing }: AlertPush): Promise<void> {
    const { push, brand, logger } = this.deps;
    if (!push) return;
    try {
      await push.notify(userGuid, (language) => alertPushMessage(facts, brand, language), timing, {
        awb: facts.shipment.awb,
        kind: facts.kind,
      });
    } catch (err) {
      logger.warn({ err, awb: facts.shipment.awb, kind: facts.kind }, 'package alert: push not sent');
    }
  }

  private async settleOne(): Promise<{ state: AlertState; pushed?: AlertPush } | null> {
    const { db, clock, mailer, brand, origin, logger } = this.deps;
    let pushed: AlertPush | undefined;
    let commit!: () => void;
    let abort!: (reason: unknown) => void;
    const committed = new Promise<void>((resolve, reject) => {
      commit = resolve;
      abort = reject;
    });
    committed.catch(() => undefined);
    let taken: { awb: string; kind: AlertKind } | undefined;
    try {
      const state = await db.transaction(async (tx) => {
        const [alert] = await tx
          .select()
          .from(packageAlerts)
          .where(eq(packageAlerts.state, 'due'))
          .orderBy(asc(packageAlerts.dueAt), asc(packageAlerts.awb))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!alert) return null;
        taken = alert;
        const now = clock();
        const [found] = await tx
          .select({ shipment: shipments, user: users })
          .from(shipments)
          .innerJoin(users, eq(users.guid, shipments.userGuid))
          .where(eq(shipments.awb, alert.awb));
        let state: AlertState;
        let outboxId: number | null = null;
        if (
          !found ||
          found.user.guid !== alert.userGuid ||
          found.user.status !== 'active' ||
          !isStillDue(alert.kind, packageFactsOf(found.shipment, found.user.planId), now)
        ) {
          state = 'expired';
        } else if (!(await isOn(tx, alert.userGuid, alert.kind))) {
          state = 'off';
        } else {
          const facts: AlertMailFacts = {
            kind: alert.kind,
            shipment: found.shipment,
            user: found.user,
            terms: storageTermsOf(found.user.planId),
            arrivedAt: arrivalOf(found.shipment),
            held: heldForChargesOf(found.shipment),
            now,
          };
          outboxId = await mailer.send(alertMail(facts, brand, origin), { db: tx, committed });
          const timing = alertTiming(alert.kind, packageFactsOf(found.shipment, found.user.planId), now);
          pushed = { userGuid: alert.userGuid, facts, timing };
          state = 'sent';
        }
        await tx
          .update(packageAlerts)
          .set({ state, doneAt: now, outboxId })
          .where(and(eq(packageAlerts.awb, alert.awb), eq(packageAlerts.kind, alert.kind)));
        return state;
      });
      commit();
      if (!state) return null;
      return state === 'sent' && pushed ? { state, pushed } : { state };
    } catch (err) {
      abort(err);
      if (!taken) throw err;
      // An alert that can't be written is set aside, so it doesn't stop the others behind it.
      logger.error({ err, awb: taken.awb, kind: taken.kind }, 'package alert not sent');
      await db
        .update(packageAlerts)
        .set({ state: 'failed', doneAt: clock() })
        .where(
          and(eq(packageAlerts.awb, taken.awb), eq(packageAlerts.kind, taken.kind), eq(packageAlerts.state, 'due')),
        );
      return { state: 'failed' };
    }
  }
}

/** Whether the customer has the alert's switch on (on unless turned off). */
async function isOn(db: Db, userGuid: string, kind: AlertKind): Promise<boolean> {
  const { notificationOptions } = await userOptions(db, userGuid);
  return notificationOptions.some((o) => o.name === ALERT_OPTION[kind] && o.value);
}
