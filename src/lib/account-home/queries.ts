/**
 * The customer's single reads of the account-home calls (spec 2 §7), one query each (src/lib/api/query.ts): the
 * addresses (account home, how to use) and the one message or request a page shows. A page's id is read once
 * from its address into an atom here; while it is null (not a valid id) or nobody is logged in, nothing is asked.
 */
import { atom, computed } from 'nanostores';
import { query } from '../api/query.ts';
import { getAddresses, getMessage, getRequest } from '../api/account-home/contract.ts';
import { $customerGuid, forCustomer } from '../session/session-store.ts';

export const $addresses = query(
  getAddresses,
  forCustomer((guid) => ({ params: { guid } })),
);

const $messageId = atom<string | null>(null);

/** The message page's id: a GUID, or null (not loaded). */
export function showMessage(messageGuid: string | null): void {
  $messageId.set(messageGuid);
}

/** Reading the message marks it read, so it is asked once per page. */
export const $message = query(
  getMessage,
  computed([$customerGuid, $messageId], (guid, messageGuid) =>
    guid && messageGuid ? { params: { guid, messageGuid } } : null,
  ),
);

const $requestId = atom<number | null>(null);

/** The request page's id: a positive integer, or null (not loaded). */
export function showRequest(id: number | null): void {
  $requestId.set(id);
}

export const $request = query(
  getRequest,
  computed([$customerGuid, $requestId], (guid, id) => (guid && id !== null ? { params: { guid, id } } : null)),
);
