import { persistentAtom } from '@nanostores/persistent';
import { computed, type ReadableAtom } from 'nanostores';
import { parseCurrentUser, type CurrentUser } from './current-user.ts';
import { SESSION_KEY } from './stored-session.ts';
import { DEFAULT_WEIGHT_UNIT, type WeightUnitName } from '../weight/weight-unit.ts';

/** The logged-in user, kept in localStorage so a reload or a new page keeps the session state. */
export const $session = persistentAtom<CurrentUser | null>(SESSION_KEY, null, {
  encode: JSON.stringify,
  decode: parseCurrentUser,
});

export const $isLoggedIn = computed($session, (user) => user?.isLoggedIn === true);

export function setCurrentUser(user: CurrentUser): void {
  $session.set(user);
}

/** The unit the customer sees every weight in (issue 24); kg for a visitor. */
export const $weightUnit: ReadableAtom<WeightUnitName> = computed(
  $session,
  (user) => user?.weightUnit ?? DEFAULT_WEIGHT_UNIT,
);

/** The logged-in customer's guid, or null. */
export const $customerGuid = computed($session, (user) => (user?.isLoggedIn ? user.guid : null));

/**
 * A call's input that names the logged-in customer, as a store: null while nobody is logged in, so a query
 * (src/lib/api/query.ts) on it asks nothing until there is a customer.
 */
export function forCustomer<T>(input: (guid: string) => T): ReadableAtom<T | null> {
  return computed($customerGuid, (guid) => (guid ? input(guid) : null));
}
