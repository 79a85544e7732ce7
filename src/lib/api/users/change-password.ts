import { http } from '../http.ts';
import { call } from '../call.ts';
import { doneResponseSchema, type ChangeForgottenPasswordRequest, type ChangePasswordRequest } from './contract.ts';

/** Sets a new password through a reset link (used once). */
export function changeForgottenPassword(body: ChangeForgottenPasswordRequest): Promise<{ done: true }> {
  return call(doneResponseSchema, () => http.post('users/changeForgottenPassword', { json: body, retry: 0 }));
}

/** Changes the logged-in user's password. */
export function changePassword(guid: string, body: ChangePasswordRequest): Promise<{ done: true }> {
  return call(doneResponseSchema, () => http.post(`users/${guid}/changePassword`, { json: body, retry: 0 }));
}
