import ky from 'ky';

/**
 * The one HTTP client of the site: same-origin API calls (their paths start with /api/), cookies sent, no retries
 * on writes. Calls go through `call()` (./call.ts), which fills in a declared call's path.
 */
export const http = ky.create({
  prefix: '/api/',
  // Resolves '/api/…' against the page, as the browser would (and in unit tests, against the page they pretend).
  baseUrl: globalThis.location?.href,
  credentials: 'same-origin',
  retry: { limit: 1, methods: ['get'] },
  timeout: 15_000,
});
