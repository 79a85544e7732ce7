/**
 * Free storage at the mailbox (issue 24): a package that has arrived at its mailbox is kept free for the days its
 * owner's plan gives, counted from its arrival; after that each day started costs the daily fee. A package with
 * `nearDeadlineDays` or fewer free days left is near its deadline. The figures are src/content/data/storage.json.
 */
import storage from '../../content/data/storage.json' with { type: 'json' };

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface StorageTerms {
  /** Free days from the package's arrival at its mailbox. */
  freeDays: number;
  /** What each day started after the free days costs, in `currency`'s major units. */
  feePerDay: number;
  currency: string;
  /** Free days left at or under which a package is near its deadline. */
  nearDeadlineDays: number;
}

export interface StorageStatus {
  /** The moment free storage ends. */
  freeUntil: Date;
  /** Whole days of free storage left, counting a day begun as a day; 0 once it has ended. */
  freeDaysLeft: number;
  /** Days begun since free storage ended; 0 before. */
  feeDays: number;
  /** The fee owed so far (feeDays × feePerDay), to the cent. */
  feeSoFar: number;
  nearDeadline: boolean;
}

/** The plans' ids in the data, as the reference data writes them. */
type PlanKey = keyof typeof storage.freeDaysByPlan;

/** The storage terms of a plan (basic's for a plan the data doesn't list). */
export function storageTermsOf(planId: number): StorageTerms {
  const key = String(planId) as PlanKey;
  const freeDays = storage.freeDaysByPlan[key] ?? storage.freeDaysByPlan['1'];
  return {
    freeDays,
    feePerDay: storage.feePerDay.amount,
    currency: storage.feePerDay.currency,
    nearDeadlineDays: storage.nearDeadlineDays,
  };
}

/** The status ids (lastPI) of a package kept at its mailbox, whose storage days count. */
export const IN_MAILBOX_STATUS_IDS: readonly number[] = storage.inMailboxStatusIds;

/** Whether a package with this status id (lastPI) is kept at its mailbox, so its storage days count. */
export function isInMailbox(statusId: number): boolean {
  return IN_MAILBOX_STATUS_IDS.includes(statusId);
}

/** A tracking event as the history keeps it: the status id and when it happened (ISO). */
export interface ArrivalEvent {
  statusId: number;
  at: string;
}

/** The status of a package received at its mailbox's warehouse. */
export const RECEIVED_AT_MAILBOX = 3;

/**
 * When a package arrived at its mailbox, from its history: its first "received at origin warehouse" event; for a
 * package that never had one (claimed after arriving unidentified, or listed straight into the account), the first
 * event that put it in the mailbox; else `fallback` (the shipment's own received date).
 */
export function arrivedAtMailbox(history: readonly ArrivalEvent[], fallback: Date): Date {
  const first = (wanted: (statusId: number) => boolean) =>
    history
      .filter((e) => wanted(e.statusId))
      .map((e) => Date.parse(e.at))
      .filter((t) => Number.isFinite(t))
      .sort((a, b) => a - b)[0];
  const at = first((id) => id === RECEIVED_AT_MAILBOX) ?? first(isInMailbox);
  return at === undefined ? fallback : new Date(at);
}

/** Where a package that arrived at `arrivedAt` stands at `now` under `terms`. */
export function storageStatus(arrivedAt: Date, now: Date, terms: StorageTerms): StorageStatus {
  const freeUntil = new Date(arrivedAt.getTime() + terms.freeDays * DAY_MS);
  const left = freeUntil.getTime() - now.getTime();
  const freeDaysLeft = left > 0 ? Math.ceil(left / DAY_MS) : 0;
  const feeDays = left < 0 ? Math.ceil(-left / DAY_MS) : 0;
  return {
    freeUntil,
    freeDaysLeft,
    feeDays,
    feeSoFar: Math.round(feeDays * terms.feePerDay * 100) / 100,
    nearDeadline: freeDaysLeft <= terms.nearDeadlineDays,
  };
}
