import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** Strict-Transport-Security, on answers sent over HTTPS. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Headers on every response. Pages carry their own script and style policy with hashes (a CSP <meta>
 * the build writes); this header adds what a <meta> can't say (frame-ancestors) and closes the rest.
 */
export function securityHeaders(options: { trustProxy: boolean }): MiddlewareHandler {
  const base = secureHeaders({
    // No script-src or style-src here: two policies intersect, and the page's own policy lists the hashes.
    contentSecurityPolicy: {
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
    },
    xFrameOptions: 'SAMEORIGIN',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    // Payment providers' pop-ups need to talk back to the opener.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    permissionsPolicy: { camera: [], microphone: [], payment: ['self'], geolocation: ['self'] },
  });
  return async (c, next) => {
    // A response with a policy of its own (the API reference page) keeps it beside this one: both apply.
    let own: string | null = null;
    await base(c, async () => {
      await next();
      own = c.res.headers.get('Content-Security-Policy');
    });
    if (own) c.res.headers.append('Content-Security-Policy', own);
    const proto = options.trustProxy ? c.req.header('x-forwarded-proto') : new URL(c.req.url).protocol.replace(':', '');
    if (proto === 'https') c.header('Strict-Transport-Security', HSTS);
  };
}
