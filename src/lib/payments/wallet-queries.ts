/**
 * What the wallet page reads (spec 2 §7 Wallet), one query each (src/lib/api/query.ts), for the logged-in customer.
 * Each is asked once per page: the balance and the statement are kept, and the statement is asked only when a page
 * first shows it. A change the server answers with the new state updates these in place; anything else it changed
 * is asked again.
 */
import { query, refetch, setAnswer } from '../api/query.ts';
import { getMembership } from '../api/payments/contract.ts';
import {
  getAutoPayOptions,
  getWalletBalance,
  getWalletOptions,
  getWalletTransactions,
  type WalletChange,
} from '../api/wallet/contract.ts';
import { getUserOptions } from '../api/user-options/contract.ts';
import { forCustomer } from '../session/session-store.ts';

const wallet = forCustomer((guid) => ({ params: { customerGUID: guid } }));
const account = forCustomer((guid) => ({ params: { guid } }));

export const $walletOptions = query(getWalletOptions, wallet);
export const $walletBalance = query(getWalletBalance, wallet);
export const $walletTransactions = query(getWalletTransactions, wallet);
export const $autoPayOptions = query(getAutoPayOptions, account);
export const $walletEmails = query(getUserOptions, account);
/** The membership, for its auto-renewal and the end date the last option's delete confirmation names. */
export const $membership = query(getMembership, account);

/** What a change to the saved options left: the options as answered; AutoPay and the membership asked again. */
export function walletChanged(change: WalletChange): void {
  setAnswer(getWalletOptions, change.content);
  refetch(getAutoPayOptions, getMembership);
}
