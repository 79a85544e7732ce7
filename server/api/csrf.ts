/**
 * Cross-site request refusal for every state-changing API call (docs/decisions/022).
 *
 * Hono's csrf() only looks at requests with a form content type, so a cross-site `fetch` with
 * `credentials: 'include'` and a text/plain body reached the handlers. The session cookie's SameSite=Lax keeps
 * it off cross-site posts in today's browsers, but not off same-site ones (a page on a sibling subdomain is
 * "same-site"), and it does nothing for calls that need no cookie (a forced login or logout). This check does
 * not depend on the content type or on the cookie:
 *
 * - POST, PUT, PATCH and DELETE whose `Origin` is present and is not this server's own origin are refused;
 * - without `Origin`, a `Sec-Fetch-Site` of `cross-site` or `same-site` is refused (and it is refused with any
 *   Origin too: a browser that says so is not on our page);
 * - a request with neither header passes: it does not come from a browser (every browser sends Origin on
 *   unsafe methods), so there is no ambient cookie of a victim to ride on.
 *
 * Scope: the API's app is mounted at `/`, so this runs before every route registered after it, not only /api:
 * the payment sandbox (/sandbox, server/payments/sandbox/sandbox-pages.ts, which keeps a check of its own too)
 * and the dev tools (/dev) are covered. The sandbox's forms post to their own page, so they pass. A provider's
 * return to us is legitimately cross-site, and it stays working because it is a navigation (GET): the 303 to
 * the return URL after PayPal, Sadad, Knet or the hosted checkout, and the 3-D Secure return link
 * (/sandbox/checkout/:token/secure/:id). A real provider adapter that wanted a cross-site POST back (the
 * 3-D Secure 1 TermUrl style) would need a route outside this check that authenticates the post by the
 * provider's signature; a server-to-server callback carries no browser headers and passes as it is.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from './env.ts';
import { HttpError } from './http-errors.ts';
import { isHttps } from './session.ts';
import { ErrorCode } from '../../src/lib/api/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const crossSiteRefused = () =>
  new HttpError(403, { code: ErrorCode.forbidden, message: 'Cross-site request refused' });

/**
 * The origin the browser reached: its scheme as the rest of the server tells it (isHttps: X-Forwarded-Proto when
 * the proxy is trusted), its host from X-Forwarded-Host when the proxy is trusted and sends one, else the Host.
 */
export function requestOrigin(c: Context<ApiEnv>): URL {
  const url = new URL(c.req.url);
  url.protocol = isHttps(c) ? 'https:' : 'http:';
  const forwarded = c.var.deps.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  if (forwarded) {
    try {
      url.host = forwarded;
    } catch {
      // A malformed forwarded host: keep the request's own.
    }
  }
  return new URL(url.origin);
}

/** Whether `origin` (an Origin header) is this server's: its host, and its scheme or a safer one. */
export function isOwnOrigin(c: Context<ApiEnv>, origin: string): boolean {
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file: pages, some redirects) and anything malformed.
  }
  if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
  const configured = c.var.deps.publicOrigin;
  if (configured && from.origin === new URL(configured).origin) return true;
  const own = requestOrigin(c);
  if (from.host !== own.host) return false;
  // The same host over https is as much ours as over http: it is what a TLS-terminating proxy that we were not
  // told to trust (TRUST_PROXY=0) looks like. The reverse, a page over http posting to https, is refused: that
  // page may be an attacker's answer on an unencrypted connection.
  return from.protocol === own.protocol || from.protocol === 'https:';
}

/** Refuses state-changing requests sent by a browser from another site (403 FORBIDDEN). */
export const refuseCrossSite: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site')?.toLowerCase();
    if (origin !== undefined && !isOwnOrigin(c, origin)) throw crossSiteRefused();
    if (site === 'cross-site' || site === 'same-site') throw crossSiteRefused();
  }
  await next();
};
