/**
 * What the account home reads besides the addresses (spec 1 §2.1 home/account, §2.3; spec 2 §7), for the
 * logged-in customer. Packages, messages and requests are paged by X-Pagination, so each is a paged store
 * (./paged-query.ts) whose page index is in `$pageIndex`, turned by `turnPage`. The claim cases and the plans of
 * the customer's country are queries, asked when the claim and profile tabs first show.
 */
import { atom, batched, computed, map } from 'nanostores';
import { callWithHeaders } from '../api/call.ts';
import { query, refetch } from '../api/query.ts';
import { paged } from '../api/account-home/account-home.ts';
import {
  PAGE_SIZE,
  getAddresses,
  getClaimCases,
  getMessages,
  getPackages,
  getPackagesSummary,
  searchRequests,
} from '../api/account-home/contract.ts';
import { getMembershipPlans } from '../api/reference/contract.ts';
import { $customerGuid, $session, forCustomer } from '../session/session-store.ts';
import { pagedQuery } from './paged-query.ts';
import { $accountLang } from './queries.ts';

export type PagedList = 'packages' | 'messages' | 'requests';

/** The page (from 0) each list shows; kept for the page's life, as the tabs come and go. */
export const $pageIndex = map<Record<PagedList, number>>({ packages: 0, messages: 0, requests: 0 });

export function turnPage(list: PagedList, pageIndex: number): void {
  $pageIndex.setKey(list, pageIndex);
}

const pageOf = (list: PagedList) =>
  computed([$customerGuid, $pageIndex], (guid, pages) =>
    guid ? { params: { guid }, query: { pageIndex: pages[list], pageSize: PAGE_SIZE } } : null,
  );

/** The packages tab's search (a merchant or a description, any part of it); '' lists every package. */
export const $packageSearch = atom('');

/** Searches the packages from their first page; the search stays as the pages turn. */
export function searchPackages(search: string): void {
  const wanted = search.trim();
  if (wanted === $packageSearch.get()) return;
  $packageSearch.set(wanted);
  turnPage('packages', 0);
}

/** Batched: a new search turns back to the first page, and only that page of that search is asked. */
export const $packages = pagedQuery(
  batched([pageOf('packages'), $packageSearch], (page, search) =>
    page && search ? { ...page, query: { ...page.query, search } } : page,
  ),
  (input) => paged(callWithHeaders(getPackages, input)),
);

/** How many packages are near their storage deadline (the account home's notice). */
export const $packagesSummary = query(
  getPackagesSummary,
  forCustomer((guid) => ({ params: { guid } })),
);

/** Its page carries the unread count of the tab's badge; the product's own messages in the page's language. */
export const $messages = pagedQuery(
  computed([pageOf('messages'), $accountLang], (page, language) =>
    page && language ? { ...page, query: { ...page.query, language } } : null,
  ),
  (input) => paged(callWithHeaders(getMessages, input)),
);

export const $requests = pagedQuery(pageOf('requests'), ({ params, query }) =>
  paged(callWithHeaders(searchRequests, { params, body: { SearchLines: [], ...query } })),
);

export const $claimCases = query(
  getClaimCases,
  forCustomer(() => ({})),
);

/** The plans of the customer's country: the profile tab offers flex where it is available (spec 1 §4.5). */
export const $countryPlans = query(
  getMembershipPlans,
  computed($session, (user) => (user?.isLoggedIn ? { params: { code: user.countryCode } } : null)),
);

/**
 * The page came back from the browser's cache (back from a message or a request): what those pages change is
 * asked again, and what is shown stays until the answers come (or when asking fails).
 */
export function accountHomeShownAgain(): void {
  refetch(getAddresses);
  $packages.refetch();
  refetch(getPackagesSummary);
  $messages.refetch();
  $requests.refetch();
}
