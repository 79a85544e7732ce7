/**
 * What the settings below the profile form read (src/islands/profile/ProfileSettings.tsx), asked once per page as
 * they come near the screen: the mailing lists, the notification switches (the package alerts, issue 24) and the
 * account's sessions (issue 25).
 */
import { query } from '../api/query.ts';
import { getSubscriptions } from '../api/customers/contract.ts';
import { getUserOptions } from '../api/user-options/contract.ts';
import { getAccountSessions } from '../api/sessions/contract.ts';
import { getPasskeys } from '../api/passkeys/contract.ts';
import { forCustomer } from '../session/session-store.ts';

const customer = forCustomer((guid) => ({ params: { guid } }));

export const $subscriptions = query(getSubscriptions, customer);

export const $notificationOptions = query(getUserOptions, customer);

/** The account's live sessions (issue 25), asked again after each logout from the list. */
export const $accountSessions = query(getAccountSessions, customer);

/** The customer's passkeys (issue 25), replaced by the answer of each addition or removal. */
export const $passkeys = query(getPasskeys, customer);
