/** Where the session state lives in localStorage; readable without loading the store and its parser. */
export const SESSION_KEY = 'session.user';

export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(SESSION_KEY) !== null;
  } catch {
    return false;
  }
}
