/**
 * A request's status in the reader's language. The API gives the status's id and its English description
 * (`statusDesc`, spec 2 §9); the page names the ids it knows by catalogue key and shows any other as described.
 */
import type { TFunction } from 'i18next';

/** Request statuses: 1 open, 2 in progress, 3 closed (CLOSED_STATUS). */
const STATUS_KEYS: Readonly<Record<number, string>> = {
  1: 'requests.status.open',
  2: 'requests.status.inProgress',
  3: 'requests.status.closed',
};

/** The catalogue key of a request status, or null for a status the product doesn't name. */
export function requestStatusKey(status: number): string | null {
  return STATUS_KEYS[status] ?? null;
}

/** The request's status as the page shows it. */
export function requestStatusName(t: TFunction, request: { status: number; statusDesc: string }): string {
  const key = requestStatusKey(request.status);
  return key ? t(key) : request.statusDesc;
}
