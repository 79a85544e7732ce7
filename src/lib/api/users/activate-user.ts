import { http } from '../http.ts';
import { call } from '../call.ts';
import { doneResponseSchema } from './contract.ts';

/** Activates (or reactivates) the account behind a link; the link then stops working. */
export function activateUser(q: string): Promise<{ done: true }> {
  return call(doneResponseSchema, () => http.post('users/ActivateUser', { json: { q }, retry: 0 }));
}
