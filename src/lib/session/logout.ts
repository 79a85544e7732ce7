import { call } from '../api/call.ts';
import { logOut } from '../api/session/contract.ts';
import { $session } from './session-store.ts';
import { forgetSavedData } from '../offline/saved-data.ts';

/**
 * Ends the session (spec 1 §4.1): tells the server, then clears local and session storage, the user and what was
 * saved for reading offline.
 * The server call may fail (already expired, offline); the browser state is cleared regardless.
 */
export async function logout(): Promise<void> {
  try {
    await call(logOut);
  } catch {
    // The session is gone from this browser either way.
  }
  $session.set(null);
  localStorage.clear();
  sessionStorage.clear();
  await forgetSavedData();
}
