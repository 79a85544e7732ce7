/**
 * The one way islands load data (docs/decisions/028): a store per declared read, from `@nanostores/query`, that
 * gives `{ data, error, loading }`, asks again on `retry`, and refetches when a change makes it stale. An island
 * reads it with `useStore` and renders; it writes no loader of its own.
 *
 * Answers are kept for the page's life and never refetched behind the customer's back (no refetch on focus or
 * reconnect, no automatic retries): spec 2 §7 reads each list once per page, and a failure is shown with a retry.
 */
import { nanoquery, type FetcherStore } from '@nanostores/query';
import { computed, type ReadableAtom } from 'nanostores';
import { call, type CallOptions } from './call.ts';
import type { AnswerOut, AnyEndpoint, CallInput } from './endpoint.ts';
import type { ApiError } from './errors.ts';

const [createFetcherStore, , { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  dedupeTime: Infinity,
  // Answers put in place by setAnswer live as long as fetched ones: the page's life.
  cacheLifetime: Infinity,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: null,
});

/** The cache key of every answer of a call: its method and path. */
const callKey = (endpoint: AnyEndpoint) => `${endpoint.method} ${endpoint.path}`;
const SEPARATOR = '\u0000';

/** What a query store holds: the answer once it came, the failure if it failed, and whether it is on its way. */
export type Query<E extends AnyEndpoint> = FetcherStore<AnswerOut<E>, ApiError>;

/**
 * A store of a declared read's answer. `input` is the call's input, or a store of it; while it holds null
 * (no customer yet, no waybill number) nothing is asked. While a changed input's answer is on its way, the store
 * may hold the previous input's answer for a moment: compare it with the input where that matters.
 */
export function query<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E> | ReadableAtom<CallInput<E> | null>,
  /** How the call is made (no retry, a longer time-out); not part of what the answer is kept under. */
  options?: CallOptions,
): Query<E> {
  const $input = typeof input === 'object' && input !== null && 'get' in input ? input : null;
  const key = $input
    ? computed($input, (value) => (value === null ? null : JSON.stringify(value)))
    : JSON.stringify(input);
  return createFetcherStore<AnswerOut<E>, ApiError>([callKey(endpoint), SEPARATOR, key], {
    fetcher: (...parts) => {
      const json = String(parts[2]);
      return call(endpoint, JSON.parse(json) as CallInput<E>, options) as Promise<AnswerOut<E>>;
    },
  });
}

/**
 * Asks again for every answer of these calls the page holds (after a change made them stale, or to retry); what
 * is shown stays until the new answer comes.
 */
export function refetch(...endpoints: AnyEndpoint[]): void {
  const keys = endpoints.map(callKey);
  revalidateKeys((key) => keys.some((k) => key.startsWith(`${k}${SEPARATOR}`)));
}

/** Drops every answer of these calls the page holds; a store still shown asks again, from nothing. */
export function forget(...endpoints: AnyEndpoint[]): void {
  const keys = endpoints.map(callKey);
  invalidateKeys((key) => keys.some((k) => key.startsWith(`${k}${SEPARATOR}`)));
}

/**
 * Puts an answer the page already has (a change's answer carries the new state) in place of a call's cached
 * answers, for every input, without asking the server.
 */
export function setAnswer<E extends AnyEndpoint>(endpoint: E, data: AnswerOut<E>): void {
  const k = callKey(endpoint);
  mutateCache((key) => key.startsWith(`${k}${SEPARATOR}`), data);
}
