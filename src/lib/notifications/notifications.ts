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

/** Notifications not yet shown. Kept in sessionStorage so a notice raised just before a redirect shows on the next page. */
export const $notifications = atom<AppNotification[]>([]);

function persist(list: AppNotification[]): void {
  try {
    if (list.length) sessionStorage.setItem(PENDING_KEY, JSON.stringify(list));
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage may be unavailable (private mode); the notice still shows on this page.
  }
}

export function notify(type: NotificationType, msg: string, values?: Record<string, string>): void {
  const next = [...$notifications.get(), { id: crypto.randomUUID(), type, msg, ...(values ? { values } : {}) }];
  $notifications.set(next);
  persist(next);
}

/** Marks a notification as shown: it will not be shown again on the next page. */
export function markShown(id: string): void {
  const next = $notifications.get().filter((n) => n.id !== id);
  $notifications.set(next);
  persist(next);
}

const TYPES: ReadonlySet<string> = new Set(['success', 'info', 'warning', 'danger']);

function isNotification(value: unknown): value is AppNotification {
  if (typeof value !== 'object' || value === null) return false;
  const n = value as Record<string, unknown>;
  return typeof n.id === 'string' && typeof n.msg === 'string' && typeof n.type === 'string' && TYPES.has(n.type);
}

/** Picks up notices raised on the previous page. */
export function restorePending(): void {
  try {
    const raw = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '[]') as unknown;
    if (Array.isArray(raw)) $notifications.set(raw.filter(isNotification));
  } catch {
    $notifications.set([]);
  }
}
