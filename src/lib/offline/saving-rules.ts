/**
 * What the service worker (src/sw/sw.ts) keeps for reading offline (issue 26; docs/decisions/037), as rules the
 * pages and the tests share. Pages and the listed API reads go to the network first; the last answer is saved and
 * served when there is no network, stamped with the time it was saved. Nothing with payments, the wallet or cards
 * is ever saved. The saved copies belong to the customer logged in: logout clears them (./saved-data.ts), and so
 * does the opening of a session (`opensSession`).
 */

import { SAVED_AT_ATTRIBUTE } from './saved-copy.ts';

/** API reads saved for offline reading: a shipment's tracking, the account home's lists, the articles beside them. */
const SAVED_READS: readonly RegExp[] = [
  // A shipment's public tracking and the owner's view of it (src/lib/api/tracking/contract.ts).
  /^\/api\/tracking\/[^/]+$/,
  /^\/api\/packages\/[^/]+\/singlePackage$/,
  // The account home's lists (src/lib/api/account-home/contract.ts): packages, messages and mailbox addresses.
  /^\/api\/customers\/[^/]+\/packages\/(?:getAllPackages|summary)$/,
  /^\/api\/customers\/[^/]+\/messages(?:\/[^/]+)?$/,
  /^\/api\/v1\/account\/[^/]+\/ShippingAddresses\/?$/,
  // The articles the saved pages show beside them (help, FAQs).
  /^\/api\/articles$/,
];

/** Pages never saved: the ones with payments, the wallet or cards. */
const NEVER_SAVED_PAGES: readonly RegExp[] = [
  /^\/[a-z]{2}\/pending-payments(?:\.html)?$/,
  /^\/[a-z]{2}\/account\/payment-options(?:\.html)?$/,
  /^\/[a-z]{2}\/account\/membership(?:-[a-z-]+)?(?:\.html)?$/,
  /^\/[a-z]{2}\/signup\/payment(?:\.html)?$/,
];

/** Words in a path or query that mean money or cards: such a page is never saved, whatever its route. */
const PAYMENT_WORDS = /pay|wallet|card|checkout|order|token/i;

/** Whether a GET of this same-origin path (with its query) is an API read kept for offline reading. */
export function isSavedRead(url: URL): boolean {
  return SAVED_READS.some((rule) => rule.test(url.pathname));
}

/** Whether a page (a navigation to this same-origin URL) is saved for offline reading. */
export function isSavedPage(url: URL): boolean {
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/')) return false;
  if (!/^\/[a-z]{2}(?:\/|$)/.test(url.pathname)) return false;
  if (NEVER_SAVED_PAGES.some((rule) => rule.test(url.pathname))) return false;
  // A payment's return (the provider sends the customer back with its order or token) is never kept.
  if ([...url.searchParams.keys()].some((key) => PAYMENT_WORDS.test(key))) return false;
  return true;
}

/** The saved page with the time it was saved on its <html>, for the page to tell the customer. */
export function markSavedPage(html: string, savedAt: string): string {
  const safe = savedAt.replace(/[^0-9TZ:.+-]/g, '');
  return html.replace(/<html(?=[\s>])/i, `<html ${SAVED_AT_ATTRIBUTE}="${safe}"`);
}

/** Calls that open a session (a login with a password or a passkey, a signup): the copies saved before are dropped. */
const OPENS_SESSION: readonly string[] = ['/api/account/login', '/api/v1/session/passkey', '/api/signup'];

export function opensSession(url: URL, method: string): boolean {
  return method === 'POST' && OPENS_SESSION.includes(url.pathname);
}
