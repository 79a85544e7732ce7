import ky from 'ky';

/**
 * The one HTTP client of the site: same-origin API calls, cookies sent, no retries on writes. Calls go through
 * `call()` (./call.ts), which fills in a declared call's path. ky 1 (ADR 029: 5 KB gzip, where 2 weighs 8.6).
 */
export const http = ky.create({
  // The site's root, as the browser resolves '/…' (and in unit tests, the page they pretend).
  prefixUrl: globalThis.location ? new URL('/', globalThis.location.href).href : '/',
  credentials: 'same-origin',
  retry: { limit: 1, methods: ['get'] },
  timeout: 15_000,
});
