/**
 * The alerts a customer gets about a package (issue 24), each once per package and kind: it arrived at a mailbox,
 * its free storage has 3 days left, then 1 day, and its shipment is held for charges. Each is due from its moment
 * until a later one takes its place, so an alert that was missed (the service down, the clock moved) is not sent
 * late when it no longer says what is true: an arrival is news for two days and until the 3-day alert is due; the
 * 3-day alert until the 1-day one; the 1-day alert until free storage ends. A hold is due while it lasts.
 */
import type { NotificationOptionName } from '../api/user-options/contract.ts';
import { DAY_MS, type StorageTerms } from './storage-deadline.ts';

export const ALERT_KINDS = ['package-arrived', 'storage-3-days', 'storage-1-day', 'held-for-charges'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The customer's switch (the user options' notification names) that turns each alert on or off. */
export const ALERT_OPTION: Readonly<Record<AlertKind, NotificationOptionName>> = {
  'package-arrived': 'PackageArrived',
  'storage-3-days': 'StorageDeadline',
  'storage-1-day': 'StorageDeadline',
  'held-for-charges': 'HeldForCharges',
};

/** How long after it arrived a package's arrival is still worth an e-mail. */
export const ARRIVAL_NEWS_MS = 2 * DAY_MS;

/** The free days left at which each storage alert goes. */
export const STORAGE_ALERT_DAYS = { 'storage-3-days': 3, 'storage-1-day': 1 } as const;

export interface PackageFacts {
  /** When the package arrived at its mailbox while it is kept there; null once it has left (or before it came). */
  arrivedAt: Date | null;
  /** The storage terms of the owner's plan. */
  terms: StorageTerms;
  /** Since when the shipment has been held for unpaid charges; null when nothing is due. */
  heldSince: Date | null;
}

export interface DueAlert {
  kind: AlertKind;
  /** The moment the alert became due. */
  dueAt: Date;
}

/** The alerts due for a package at `now`: at most one about its storage, and the hold's. */
export function dueAlerts(facts: PackageFacts, now: Date): DueAlert[] {
  const due: DueAlert[] = [];
  const t = now.getTime();
  if (facts.arrivedAt) {
    const arrived = facts.arrivedAt.getTime();
    const freeUntil = arrived + facts.terms.freeDays * DAY_MS;
    const threeDays = freeUntil - STORAGE_ALERT_DAYS['storage-3-days'] * DAY_MS;
    const oneDay = freeUntil - STORAGE_ALERT_DAYS['storage-1-day'] * DAY_MS;
    if (arrived <= t && t < Math.min(arrived + ARRIVAL_NEWS_MS, threeDays)) {
      due.push({ kind: 'package-arrived', dueAt: new Date(arrived) });
    } else if (threeDays <= t && t < oneDay) {
      due.push({ kind: 'storage-3-days', dueAt: new Date(threeDays) });
    } else if (oneDay <= t && t < freeUntil) {
      due.push({ kind: 'storage-1-day', dueAt: new Date(oneDay) });
    }
  }
  if (facts.heldSince && facts.heldSince.getTime() <= t) {
    due.push({ kind: 'held-for-charges', dueAt: facts.heldSince });
  }
  return due;
}

/** Whether an alert of `kind` is still due at `now` (checked again when it is about to go). */
export function isStillDue(kind: AlertKind, facts: PackageFacts, now: Date): boolean {
  return dueAlerts(facts, now).some((a) => a.kind === kind);
}
