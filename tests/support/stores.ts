/** Helpers of the unit tests that drive stores and the API client with a fake `fetch`. */
import type { ReadableAtom } from 'nanostores';

/** Resolves once the store holds a value that passes `done`; fails when it doesn't within two seconds. */
export function settle<T>(store: ReadableAtom<T>, done: (value: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`never settled: ${JSON.stringify(store.get())}`)), 2_000);
    const stop = store.subscribe((value) => {
      if (done(value)) {
        clearTimeout(timer);
        queueMicrotask(() => stop());
        resolve(value);
      }
    });
  });
}

/** A JSON answer as the API sends it. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
