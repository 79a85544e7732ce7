import { http } from '../http.ts';
import { call } from '../call.ts';
import { accountFromLinkSchema, type AccountFromLink } from './contract.ts';

/** The account behind a reset-password link. */
export function resolveResetPassword(q: string): Promise<AccountFromLink> {
  return call(accountFromLinkSchema, () => http.post('users/ResolveResetPassword', { json: { q }, retry: 0 }));
}

/** The account behind an activation or reactivation link. */
export function resolveAccount(q: string): Promise<AccountFromLink> {
  return call(accountFromLinkSchema, () => http.post('users/ResolveAccount', { json: { q }, retry: 0 }));
}
