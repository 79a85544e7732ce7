/**
 * A store of one page of a list paged by the X-Pagination header (spec 2 §7: packages, messages, requests), with
 * the shape of a query (src/lib/api/query.ts): `{ data, error, loading }`, where `data` is the page and its
 * pagination. A query keeps only an answer's JSON, and these lists need the header too, so they have this store.
 *
 * Like a query, it asks nothing while its input is null, asks when first listened to or when its input (the page)
 * changes, and keeps the answer for the page's life. Unlike one, the page shown stays while the next one or a
 * `refetch` is on its way, so the list and its pager stay in place, and only the latest page asked for is kept.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { Paged } from '../api/account-home/account-home.ts';
import type { ApiError } from '../api/errors.ts';

export interface PagedValue<T> {
  data?: Paged<T>;
  error?: ApiError;
  loading: boolean;
}

export interface PagedQuery<T> extends ReadableAtom<PagedValue<T>> {
  /** Asks again for the page of the current input, keeping the one shown until the answer comes. */
  refetch(): void;
}

export function pagedQuery<I, T>($input: ReadableAtom<I | null>, read: (input: I) => Promise<Paged<T>>): PagedQuery<T> {
  const $page = atom<PagedValue<T>>({ loading: false });
  /** The input last asked for, as JSON: the same input is not asked twice. */
  let asked: string | null = null;
  /** Counts the reads, so that an answer to a page no longer wanted is dropped. */
  let latest = 0;

  const ask = (input: I) => {
    const ticket = ++latest;
    asked = JSON.stringify(input);
    $page.set({ data: $page.get().data, loading: true });
    read(input).then(
      (data) => {
        if (ticket === latest) $page.set({ data, loading: false });
      },
      (error: unknown) => {
        if (ticket === latest) $page.set({ data: $page.get().data, error: error as ApiError, loading: false });
      },
    );
  };

  onMount($page, () =>
    $input.subscribe((input) => {
      if (input === null) {
        // Nobody to ask for (logged out): nothing shown, and a read still on its way is dropped.
        latest += 1;
        asked = null;
        $page.set({ loading: false });
      } else if (JSON.stringify(input) !== asked) {
        ask(input);
      }
    }),
  );

  return Object.assign($page, {
    refetch: () => {
      const input = $input.get();
      if (input !== null) ask(input);
    },
  });
}
