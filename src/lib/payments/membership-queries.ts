/**
 * What the plans page reads (spec 1 §2.1 account/membership-plan, §4.5), one query each (src/lib/api/query.ts), for
 * the logged-in customer: the plans of their country, the membership, their name and the saved payment options.
 * Each is asked once per page; a change of auto-renewal puts the server's answer in place.
 */
import { computed } from 'nanostores';
import { query, setAnswer } from '../api/query.ts';
import { getMembershipPlans } from '../api/reference/contract.ts';
import { getProfile } from '../api/customers/contract.ts';
import { getMembership, type MembershipResponse } from '../api/payments/contract.ts';
import { getWalletOptions } from '../api/wallet/contract.ts';
import { $session, forCustomer } from '../session/session-store.ts';

const account = forCustomer((guid) => ({ params: { guid } }));
/** The customer's country: its plans are the ones offered. */
const country = computed($session, (user) => (user?.isLoggedIn ? { params: { code: user.countryCode } } : null));

export const $membershipPlans = query(getMembershipPlans, country);
export const $membershipState = query(getMembership, account);
export const $membershipProfile = query(getProfile, account);
export const $membershipWallet = query(
  getWalletOptions,
  forCustomer((guid) => ({ params: { customerGUID: guid } })),
);

/** The plan in force as the server saved it (auto-renewal changed): in place of the loaded one, nothing asked. */
export function membershipSaved(saved: MembershipResponse): void {
  const state = $membershipState.get().data;
  if (state) setAnswer(getMembership, { ...state, current: { ...saved, active: true } });
}
