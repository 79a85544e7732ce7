/**
 * The account behind a reset-password link (spec 1 §2.1 account/change-password?q=): a query
 * (src/lib/api/query.ts) asked once per page. The link's token is read once from the address into an atom here;
 * without one nothing is asked.
 */
import { atom, computed } from 'nanostores';
import { query } from '../api/query.ts';
import { resolveResetPassword } from '../api/users/contract.ts';

const $resetToken = atom<string | null>(null);

/** The token of the link the page was opened with, or null. */
export function openResetLink(q: string | null): void {
  $resetToken.set(q);
}

export const $resetAccount = query(
  resolveResetPassword,
  computed($resetToken, (q) => (q ? { body: { q } } : null)),
);
