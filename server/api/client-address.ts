import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ApiEnv } from './env.ts';

/** The caller's address: the proxy's X-Forwarded-For when trusted, else the socket's. */
export function clientAddress(c: Context<ApiEnv>): string {
  if (c.var.deps.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
