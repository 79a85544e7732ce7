/**
 * The customer's single reads of the account-home calls (spec 2 §7), one query each (src/lib/api/query.ts): the
 * addresses (account home, how to use) and the one message or request a page shows. A page's id is read once
 * from its address into an atom here; while it is null (not a valid id) or nobody is logged in, nothing is asked.
 * The mailboxes' names and the product's own messages come in the page's language, which the page gives first.
 */
import { atom, computed } from 'nanostores';
import type { Lang } from '../../i18n/languages.ts';
import { query } from '../api/query.ts';
import { getAddresses, getMessage, getRequest } from '../api/account-home/contract.ts';
import { $customerGuid } from '../session/session-store.ts';

/** The page's language; null (nothing asked) until the page says it. */
export const $accountLang = atom<Lang | null>(null);

/** Asks for the mailboxes' names and the product's messages in the page's language. */
export function readAccountIn(lang: Lang): void {
  $accountLang.set(lang);
}

export const $addresses = query(
  getAddresses,
  computed([$customerGuid, $accountLang], (guid, lang) =>
    guid && lang ? { params: { guid }, query: { language: lang } } : null,
  ),
);

const $messageId = atom<string | null>(null);

/** The message page's id: a GUID, or null (not loaded). */
export function showMessage(messageGuid: string | null): void {
  $messageId.set(messageGuid);
}

/** Reading the message marks it read, so it is asked once per page. */
export const $message = query(
  getMessage,
  computed([$customerGuid, $messageId, $accountLang], (guid, messageGuid, lang) =>
    guid && messageGuid && lang ? { params: { guid, messageGuid }, query: { language: lang } } : null,
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
