/**
 * How long a push service may hold a message for a device that is off, and how urgently to deliver it (RFC 8030
 * TTL and Urgency). A message is worth delivering for as long as what it says is true: an alert until a later one
 * takes its place (src/lib/storage/package-alerts.ts), a status for a couple of days. A phone asleep on a weak
 * connection then gets the latest news, not stale news.
 */
import { ARRIVAL_NEWS_MS, STORAGE_ALERT_DAYS, type AlertKind, type PackageFacts } from '../storage/package-alerts.ts';
import { DAY_MS } from '../storage/storage-deadline.ts';

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushTiming {
  /** Seconds the push service keeps the message for a device it can't reach now. */
  ttlSeconds: number;
  urgency: PushUrgency;
}

/** The most push services keep a message (four weeks; some keep less and say so). */
export const MAX_TTL_SECONDS = 28 * 24 * 60 * 60;
/** At least a minute: a message due now goes even when its end is near. */
export const MIN_TTL_SECONDS = 60;
/** How long a shipment's new status is news. */
export const STATUS_NEWS_MS = 2 * DAY_MS;

/** Statuses a customer wants to know at once: out for delivery, held at customs. */
const URGENT_STATUS_IDS: ReadonlySet<number> = new Set([18, 20]);

const seconds = (until: number, now: Date) =>
  Math.min(MAX_TTL_SECONDS, Math.max(MIN_TTL_SECONDS, Math.floor((until - now.getTime()) / 1000)));

/** An alert's timing: kept until the alert stops being due; the last day of free storage is urgent. */
export function alertTiming(kind: AlertKind, facts: PackageFacts, now: Date): PushTiming {
  if (kind === 'held-for-charges' || !facts.arrivedAt) {
    // Due while the hold lasts, which nobody can tell in advance.
    return { ttlSeconds: MAX_TTL_SECONDS, urgency: 'normal' };
  }
  const arrived = facts.arrivedAt.getTime();
  const freeUntil = arrived + facts.terms.freeDays * DAY_MS;
  const threeDays = freeUntil - STORAGE_ALERT_DAYS['storage-3-days'] * DAY_MS;
  const oneDay = freeUntil - STORAGE_ALERT_DAYS['storage-1-day'] * DAY_MS;
  switch (kind) {
    case 'package-arrived':
      return { ttlSeconds: seconds(Math.min(arrived + ARRIVAL_NEWS_MS, threeDays), now), urgency: 'normal' };
    case 'storage-3-days':
      return { ttlSeconds: seconds(oneDay, now), urgency: 'normal' };
    case 'storage-1-day':
      return { ttlSeconds: seconds(freeUntil, now), urgency: 'high' };
  }
}

/** A new status's timing: news for two days; out for delivery and held at customs are urgent. */
export function statusTiming(statusId: number, now: Date): PushTiming {
  return {
    ttlSeconds: seconds(now.getTime() + STATUS_NEWS_MS, now),
    urgency: URGENT_STATUS_IDS.has(statusId) ? 'high' : 'normal',
  };
}
