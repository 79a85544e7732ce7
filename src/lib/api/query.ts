/**
 * The one way islands load data (docs/decisions/029): a store per declared read that gives
 * `{ data, error, loading }`, asks again on `refetch`, and takes what a change answered with `setAnswer`. An
 * island reads it with `useStore` and renders; it writes no loader of its own.
 *
 * Answers are kept for the page's life, shared by every store of the same call and input, and never asked again
 * behind the customer's back (no refetch on focus or reconnect, no automatic retries): spec 2 §7 reads each list
 * once per page, and a failure is shown with a retry. A store asks only while something listens to it, and shows
 * the answer of its input of the moment: never another input's, not even for a moment.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { call, type CallOptions } from './call.ts';
import type { AnswerOut, AnyEndpoint, CallInput } from './endpoint.ts';
import type { ApiError } from './errors.ts';

/**
 * What a query store holds: the answer once it came (kept when asking again fails), the last failure, and whether
 * an answer is on its way.
 */
export interface QueryValue<T> {
  data?: T;
  error?: ApiError;
  loading: boolean;
}

/** Whether a store has nothing to show yet: no answer and no failure (a refetch on its way is not waiting). */
export const waiting = (value: QueryValue<unknown>): boolean => value.data === undefined && value.error === undefined;

/** The failure of a store that has nothing to show: a load that failed, not a refetch that failed. */
export const loadFailure = (value: QueryValue<unknown>): ApiError | undefined =>
  value.data === undefined ? value.error : undefined;

export type Query<E extends AnyEndpoint> = ReadableAtom<QueryValue<AnswerOut<E>>> & {
  /** Asks this store's call again (its retry), keeping what is shown until the answer comes. */
  refetch(): void;
};

interface Entry {
  value: QueryValue<unknown>;
  /** Counts the askings: only the latest one's answer is taken. */
  asked: number;
  /** How to ask again. */
  ask: () => Promise<unknown>;
  /** The stores showing it. */
  readonly watchers: Set<() => void>;
}

/** Every answer of the page, by call and input. */
const answers = new Map<string, Entry>();

const callKey = (endpoint: AnyEndpoint) => `${endpoint.method} ${endpoint.path}\u0000`;

function publish(entry: Entry, value: QueryValue<unknown>): void {
  entry.value = value;
  for (const watcher of entry.watchers) watcher();
}

/** Asks (again) for an entry's answer; what it shows stays until the answer comes. */
function ask(entry: Entry): void {
  if (entry.value.loading) return;
  const asked = ++entry.asked;
  publish(entry, { data: entry.value.data, loading: true });
  entry.ask().then(
    (data) => {
      if (entry.asked === asked) publish(entry, { data, loading: false });
    },
    (error: unknown) => {
      // A failed refetch keeps what was shown, and says it failed.
      if (entry.asked === asked) publish(entry, { data: entry.value.data, error: error as ApiError, loading: false });
    },
  );
}

/**
 * A store of a declared read's answer. `input` is the call's input, or a store of it; while it holds null (no
 * customer yet, no waybill number) nothing is asked. `options` say how the call is made (no retry, a longer
 * time-out); they are not part of what the answer is kept under.
 */
export function query<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E> | ReadableAtom<CallInput<E> | null>,
  options?: CallOptions,
): Query<E> {
  const $input: ReadableAtom<CallInput<E> | null> =
    typeof input === 'object' && input !== null && 'get' in input ? input : atom(input);
  const $value = atom<QueryValue<AnswerOut<E>>>({ loading: false });
  let shown: Entry | undefined;

  const entryOf = (value: CallInput<E>): Entry => {
    const key = callKey(endpoint) + JSON.stringify(value);
    let entry = answers.get(key);
    if (!entry) {
      entry = { value: { loading: false }, asked: 0, ask: () => call(endpoint, value, options), watchers: new Set() };
      answers.set(key, entry);
    }
    return entry;
  };
  const render = () => $value.set((shown?.value ?? { loading: false }) as QueryValue<AnswerOut<E>>);
  const show = (value: CallInput<E> | null) => {
    shown?.watchers.delete(render);
    shown = value === null ? undefined : entryOf(value);
    if (shown) {
      shown.watchers.add(render);
      if (shown.value.data === undefined && shown.value.error === undefined) ask(shown);
    }
    render();
  };

  onMount($value, () => {
    const stop = $input.subscribe((value) => show(value as CallInput<E> | null));
    return () => {
      stop();
      shown?.watchers.delete(render);
      shown = undefined;
    };
  });

  return Object.assign($value, {
    refetch: () => {
      if (shown) ask(shown);
    },
  });
}

/** Every kept answer of these calls. */
function* entriesOf(endpoints: AnyEndpoint[]): Generator<[string, Entry]> {
  const keys = endpoints.map(callKey);
  for (const [key, entry] of answers) if (keys.some((k) => key.startsWith(k))) yield [key, entry];
}

/**
 * Asks again for every answer of these calls that a store shows (after a change made them stale, or to retry);
 * what is shown stays until the new answer comes. Answers nobody shows now are dropped: asked when next shown.
 */
export function refetch(...endpoints: AnyEndpoint[]): void {
  for (const [key, entry] of entriesOf(endpoints)) {
    if (entry.watchers.size > 0) ask(entry);
    else answers.delete(key);
  }
}

/** Drops every answer of these calls; a store that shows one asks again, from nothing. */
export function forget(...endpoints: AnyEndpoint[]): void {
  for (const [key, entry] of entriesOf(endpoints)) {
    // An answer on its way is not taken either.
    entry.asked += 1;
    entry.value = { loading: false };
    if (entry.watchers.size > 0) ask(entry);
    else answers.delete(key);
  }
}

/**
 * Puts an answer the page already has (a change's answer carries the new state) in place of a call's kept
 * answers, for every input, without asking the server.
 */
export function setAnswer<E extends AnyEndpoint>(endpoint: E, data: AnswerOut<E>): void {
  for (const [, entry] of entriesOf([endpoint])) {
    entry.asked += 1;
    publish(entry, { data, loading: false });
  }
}
