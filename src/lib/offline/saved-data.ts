import { CUSTOMER_CACHES } from './cache-names.ts';

/**
 * Removes what was saved for reading offline (./saving-rules.ts) at logout. The caches are the browser's Cache
 * Storage, shared with the service worker, so this needs no worker. (The worker itself clears them when a session
 * opens, so a customer never reads another's copies.)
 */
export async function forgetSavedData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await Promise.all(CUSTOMER_CACHES.map((name) => caches.delete(name)));
  } catch {
    // Storage the browser refuses (a private window) holds nothing saved either.
  }
}
