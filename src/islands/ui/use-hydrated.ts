import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and in the render that hydrates a server-rendered island (so both write the same markup),
 * true from then on. For what only the awake island does: a form it validates itself, say.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
