import { atom } from 'nanostores';

/** Spec 1 §3 notification: id, type, msg (a translation key). */
export type NotificationType = 'success' | 'info' | 'warning' | 'danger';

export interface AppNotification {
  id: string;
  type: NotificationType;
  msg: string;
  /** Interpolation values for the message. */
  values?: Record<string, string>;
}

const PENDING_KEY = 'notifications.pending';

/** Spec 1 §4.13: success notices vanish after 8 s, others after 10 s. */
export function notificationDuration(type: NotificationType): number {
  return type === 'success' ? 8_000 : 10_000;
}

/** Notifications this page has yet to show. */
export const $notifications = atom<AppNotification[]>([]);

const make = (type: NotificationType, msg: string, values?: Record<string, string>): AppNotification => ({
  id: crypto.randomUUID(),
  type,
  msg,
  ...(values ? { values } : {}),
});

/** Shows a notice on this page. */
export function notify(type: NotificationType, msg: string, values?: Record<string, string>): void {
  $notifications.set([...$notifications.get(), make(type, msg, values)]);
}

/** Shows a notice on the next page: for a notice raised just before a redirect. */
export function notifyOnNextPage(type: NotificationType, msg: string, values?: Record<string, string>): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify([...readPending(), make(type, msg, values)]));
  } catch {
    // Storage unavailable (private mode): the notice is lost with the page, the redirect still happens.
  }
}

/** Marks a notification as shown. */
export function markShown(id: string): void {
  $notifications.set($notifications.get().filter((n) => n.id !== id));
}

const TYPES: ReadonlySet<string> = new Set(['success', 'info', 'warning', 'danger']);

function isNotification(value: unknown): value is AppNotification {
  if (typeof value !== 'object' || value === null) return false;
  const n = value as Record<string, unknown>;
  return typeof n.id === 'string' && typeof n.msg === 'string' && typeof n.type === 'string' && TYPES.has(n.type);
}

function readPending(): AppNotification[] {
  try {
    const raw = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter(isNotification) : [];
  } catch {
    return [];
  }
}

/** Takes the notices the previous page left for this one. */
export function restorePending(): void {
  const pending = readPending();
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  if (pending.length) $notifications.set([...$notifications.get(), ...pending]);
}
