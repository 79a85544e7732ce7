/**
 * Contract of the user options (spec 1 §3 user options; spec 2 §7 account options/notifications): the customer's
 * notification switches, each on unless turned off. `Wallet` is the wallet's e-mails (the wallet page's switch);
 * the package alerts (issue 24; docs/decisions/034) are a package arrived at a mailbox, free storage with 3 days and
 * with 1 day left, and a shipment held for charges (the profile's switches). A contract of its own, so the profile
 * doesn't carry the wallet's calls. Under the customer's own guid (403 for anyone else's).
 */
import { z } from '../../zod.ts';
import { endpoint } from '../endpoint.ts';

export const NOTIFICATION_OPTION_NAMES = ['Wallet', 'PackageArrived', 'StorageDeadline', 'HeldForCharges'] as const;
export type NotificationOptionName = (typeof NOTIFICATION_OPTION_NAMES)[number];
export const notificationOptionSchema = z.object({ name: z.enum(NOTIFICATION_OPTION_NAMES), value: z.boolean() });
/** All of them in an answer; any of them in a change (the others stay as they are). */
export const userOptionsSchema = z.object({ notificationOptions: z.array(notificationOptionSchema) });
export type UserOptions = z.infer<typeof userOptionsSchema>;

const tag = 'User options';
const path = 'api/account/{guid}/options/notifications';

export const getUserOptions = endpoint({
  tag,
  summary: "The customer's notification switches (the wallet's e-mails, the package alerts)",
  method: 'GET',
  path,
  answer: userOptionsSchema,
});

export const setUserOptions = endpoint({
  tag,
  summary: "Saves the customer's notification switches: those sent change, the others stay",
  method: 'POST',
  path,
  body: userOptionsSchema,
  answer: userOptionsSchema,
});
