import { useEffect, useState } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * A store's value for a server-rendered island: `initial` on the server and in the first browser render (so
 * hydration sees the markup the server wrote), the store's value from then on. `useStore` would read the
 * browser's value (the session in localStorage, say) during hydration and make the two differ.
 */
export function useHydratedStore<T>(store: ReadableAtom<T>, initial: T): T {
  const [value, setValue] = useState<{ current: T }>({ current: initial });
  useEffect(() => store.subscribe((next) => setValue({ current: next })), [store]);
  return value.current;
}
