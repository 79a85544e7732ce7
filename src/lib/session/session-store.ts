import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { parseCurrentUser, type CurrentUser } from './current-user.ts';
import { SESSION_KEY } from './stored-session.ts';

/** The logged-in user, kept in localStorage so a reload or a new page keeps the session state. */
export const $session = persistentAtom<CurrentUser | null>(SESSION_KEY, null, {
  encode: JSON.stringify,
  decode: parseCurrentUser,
});

export const $isLoggedIn = computed($session, (user) => user?.isLoggedIn === true);

export function setCurrentUser(user: CurrentUser): void {
  $session.set(user);
}
