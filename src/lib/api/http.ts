import ky from 'ky';

/** The one HTTP client of the site: same-origin API under /api, cookies sent, no retries on writes. */
export const http = ky.create({
  prefix: '/api/',
  credentials: 'same-origin',
  retry: { limit: 1, methods: ['get'] },
  timeout: 15_000,
});
