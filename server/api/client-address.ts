import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ApiEnv } from './env.ts';

/**
 * The address `hops` trusted proxies saw the request come from: X-Forwarded-For read from the right, where each
 * of our proxies appended the address it was called from. Anything further left was written by the client and
 * is ignored (a client can't choose its address and escape the per-address limits). A list shorter than
 * `hops` gives its leftmost entry.
 */
export function forwardedAddress(header: string | undefined, hops: number): string | undefined {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - Math.max(1, hops))];
}

/** The caller's address: from X-Forwarded-For when the proxies in front are trusted, else the socket's. */
export function clientAddress(c: Context<ApiEnv>): string {
  const { trustProxy, proxyHops } = c.var.deps;
  if (trustProxy) {
    const forwarded = forwardedAddress(c.req.header('x-forwarded-for'), proxyHops);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
