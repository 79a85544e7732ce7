/**
 * The account home's paged lists (src/lib/account-home/paged-query.ts, home-queries.ts): a page each, asked by
 * its index, with X-Pagination read; the page shown stays while the next one comes, and only the latest is kept.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  globalThis.location = new URL('https://site.test/en/home/account') as unknown as Location;
});

import { atom } from 'nanostores';
import type { Paged } from '../../src/lib/api/account-home/account-home.ts';
import { pagedQuery } from '../../src/lib/account-home/paged-query.ts';
import { $addresses, readAccountIn } from '../../src/lib/account-home/queries.ts';
import {
  $packages,
  $requests,
  accountHomeShownAgain,
  searchPackages,
  turnPage,
} from '../../src/lib/account-home/home-queries.ts';
import { setCurrentUser } from '../../src/lib/session/session-store.ts';
import { json, settle } from '../support/stores.ts';
import { customer } from '../support/customer.ts';

/** A read whose answers the test gives, one by one. */
function controlledRead() {
  const calls: { input: number; resolve: (page: Paged<number[]>) => void; reject: (error: unknown) => void }[] = [];
  const read = (input: number) =>
    new Promise<Paged<number[]>>((resolve, reject) => {
      calls.push({ input, resolve, reject });
    });
  return { calls, read };
}

const pageOf = (index: number): Paged<number[]> => ({
  data: [index * 10, index * 10 + 1],
  pagination: { TotalCount: 40, PageSize: 10, CurrentPage: index, TotalPages: 4 },
});

describe('pagedQuery()', () => {
  it('asks nothing while its input is null, then the page of its input', async () => {
    const { calls, read } = controlledRead();
    const $page = atom<number | null>(null);
    const $list = pagedQuery($page, read);
    const stop = $list.listen(() => {});
    expect(calls).toHaveLength(0);
    expect($list.get()).toEqual({ loading: false });
    $page.set(0);
    expect(calls.map((c) => c.input)).toEqual([0]);
    expect($list.get()).toEqual({ data: undefined, loading: true });
    calls[0]?.resolve(pageOf(0));
    expect(await settle($list, (v) => v.data !== undefined)).toEqual({ data: pageOf(0), loading: false });
    stop();
  });

  it('keeps the page shown while the next comes, and only the latest page asked for', async () => {
    const { calls, read } = controlledRead();
    const $page = atom<number | null>(0);
    const $list = pagedQuery($page, read);
    const stop = $list.listen(() => {});
    calls[0]?.resolve(pageOf(0));
    await settle($list, (v) => v.data !== undefined);
    $page.set(1);
    $page.set(2);
    expect($list.get()).toEqual({ data: pageOf(0), loading: true });
    calls[2]?.resolve(pageOf(2));
    await settle($list, (v) => v.data?.pagination.CurrentPage === 2);
    // Page 1 answers late: it is no longer wanted.
    calls[1]?.resolve(pageOf(1));
    await Promise.resolve();
    expect($list.get()).toEqual({ data: pageOf(2), loading: false });
    stop();
  });

  it('keeps a failure beside the page shown, and asks again on refetch', async () => {
    const { calls, read } = controlledRead();
    const $page = atom<number | null>(0);
    const $list = pagedQuery($page, read);
    const stop = $list.listen(() => {});
    calls[0]?.resolve(pageOf(0));
    await settle($list, (v) => v.data !== undefined);
    $page.set(1);
    const failure = new Error('500');
    calls[1]?.reject(failure);
    expect(await settle($list, (v) => v.error !== undefined)).toEqual({
      data: pageOf(0),
      error: failure,
      loading: false,
    });
    $list.refetch();
    expect(calls.map((c) => c.input)).toEqual([0, 1, 1]);
    expect($list.get()).toEqual({ data: pageOf(0), loading: true });
    calls[2]?.resolve(pageOf(1));
    expect(await settle($list, (v) => v.data?.pagination.CurrentPage === 1)).toEqual({
      data: pageOf(1),
      loading: false,
    });
    stop();
  });

  it('asks once for an input, however many listen', async () => {
    const { calls, read } = controlledRead();
    const $list = pagedQuery(atom<number | null>(3), read);
    const stopA = $list.listen(() => {});
    const stopB = $list.listen(() => {});
    calls[0]?.resolve(pageOf(3));
    await settle($list, (v) => v.data !== undefined);
    expect(calls).toHaveLength(1);
    stopA();
    stopB();
  });
});

const user = customer({ guid: 'c-1' });

const address = (id: number) => ({
  id,
  alias: `Mailbox ${id}`,
  entity: 'NYC',
  country: 'United States',
  countryCode: 'US',
  mailBoxCustomerEntity: 'AMM',
  mailBoxCustomerNumber: `Dana Haddad / AMM ${id}`,
  usMailbox: 'Dana Haddad',
  streetAddressLine1: '350 W 31st St',
  streetAddressLine2: null,
  city: 'New York',
  state: 'NY',
  zipCode: '10001',
  telephone: '+1 212 555 0143',
  availableServices: [],
});

describe('the account home lists', () => {
  beforeAll(() => {
    setCurrentUser(user);
    readAccountIn('ar');
  });
  afterEach(() => vi.restoreAllMocks());

  it('ask the page of their index with its X-Pagination, the requests by a search', async () => {
    const bodies: unknown[] = [];
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      const body = request.method === 'POST' ? ((await request.clone().json()) as { pageIndex: number }) : null;
      if (body) bodies.push(body);
      const page = Number(new URL(request.url).searchParams.get('pageIndex') ?? body?.pageIndex);
      const pagination = { TotalCount: 25, PageSize: 10, CurrentPage: page, TotalPages: 3 };
      return json(200, [], { 'X-Pagination': JSON.stringify(pagination) });
    });
    const stopPackages = $packages.listen(() => {});
    const first = await settle($packages, (v) => v.data !== undefined);
    expect(first.data?.pagination.CurrentPage).toBe(0);
    turnPage('packages', 1);
    const second = await settle($packages, (v) => v.data?.pagination.CurrentPage === 1 && !v.loading);
    expect(second.data).toEqual({
      data: [],
      pagination: { TotalCount: 25, PageSize: 10, CurrentPage: 1, TotalPages: 3 },
    });
    const urls = fetch.mock.calls.map(([request]) => (request as Request).url);
    expect(urls).toEqual([
      'https://site.test/api/customers/c-1/packages/getAllPackages?pageIndex=0&pageSize=10',
      'https://site.test/api/customers/c-1/packages/getAllPackages?pageIndex=1&pageSize=10',
    ]);

    fetch.mockClear();
    const stopRequests = $requests.listen(() => {});
    await settle($requests, (v) => v.data !== undefined);
    const request = fetch.mock.calls[0]?.[0] as Request;
    expect([request.method, request.url]).toEqual(['POST', 'https://site.test/api/account/c-1/requests/search']);
    expect(bodies).toEqual([{ SearchLines: [], pageIndex: 0, pageSize: 10 }]);
    stopPackages();
    stopRequests();
  });

  it('search the packages from their first page, asking once a search, and keep the search as the pages turn', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const page = Number(new URL((input as Request).url).searchParams.get('pageIndex'));
      const pagination = { TotalCount: 25, PageSize: 10, CurrentPage: page, TotalPages: 3 };
      return json(200, [], { 'X-Pagination': JSON.stringify(pagination) });
    });
    const stop = $packages.listen(() => {});
    const shows = (page: number) => (v: ReturnType<typeof $packages.get>) =>
      !v.loading && v.data?.pagination.CurrentPage === page;
    turnPage('packages', 2);
    await settle($packages, shows(2));
    fetch.mockClear();
    const asked = () => fetch.mock.calls.map(([request]) => new URL((request as Request).url).search);

    searchPackages('  Nike ');
    await settle($packages, shows(0));
    expect(asked()).toEqual(['?pageIndex=0&pageSize=10&search=Nike']);
    turnPage('packages', 1);
    await settle($packages, shows(1));
    // The same search again asks nothing.
    searchPackages('Nike');
    await new Promise((resolve) => setTimeout(resolve, 10));
    searchPackages('');
    await settle($packages, shows(0));
    expect(asked()).toEqual([
      '?pageIndex=0&pageSize=10&search=Nike',
      '?pageIndex=1&pageSize=10&search=Nike',
      '?pageIndex=0&pageSize=10',
    ]);
    stop();
  });

  it('are asked again when the page comes back from the cache, without emptying what is shown', async () => {
    let answer = 1;
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (request) =>
      (request as Request).url.includes('ShippingAddresses')
        ? json(200, [address(answer)])
        : json(200, [], {
            'X-Pagination': JSON.stringify({ TotalCount: 0, PageSize: 10, CurrentPage: 0, TotalPages: 0 }),
          }),
    );
    const shown: unknown[] = [];
    const stop = $addresses.listen((value) => shown.push(value.data));
    await settle($addresses, (v) => v.data !== undefined);
    // In the page's language, which names the mailboxes.
    expect((fetch.mock.calls[0]?.[0] as Request).url).toBe(
      'https://site.test/api/v1/account/c-1/ShippingAddresses/?language=ar',
    );
    answer = 2;
    shown.length = 0;
    accountHomeShownAgain();
    const again = await settle($addresses, (v) => v.data?.[0]?.id === 2);
    expect(again.data).toEqual([address(2)]);
    expect(shown).not.toContain(undefined);
    stop();
  });
});
