/**
 * What the settings below the profile form read (src/islands/profile/ProfileSettings.tsx), asked once per page as
 * they come near the screen: the mailing lists and the notification switches (the package alerts, issue 24).
 */
import { query } from '../api/query.ts';
import { getSubscriptions } from '../api/customers/contract.ts';
import { getUserOptions } from '../api/user-options/contract.ts';
import { forCustomer } from '../session/session-store.ts';

const customer = forCustomer((guid) => ({ params: { guid } }));

export const $subscriptions = query(getSubscriptions, customer);

export const $notificationOptions = query(getUserOptions, customer);
