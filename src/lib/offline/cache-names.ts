/**
 * The caches the service worker keeps (src/sw/sw.ts). Those of what the customer read are deleted at logout
 * (./saved-data.ts) and when a session opens.
 */

export const SAVED_PAGES_CACHE = 'saved-pages';
export const SAVED_DATA_CACHE = 'saved-data';
/** Every cache that holds something of the customer's. */
export const CUSTOMER_CACHES = [SAVED_PAGES_CACHE, SAVED_DATA_CACHE] as const;
/** The site's hashed build files, once loaded (they never change under one name). */
export const ASSETS_CACHE = 'assets';
