/**
 * A limit checked before a call's input is read (per caller address, say), so a refused request costs no parsing:
 * 429 with Retry-After once the limit is reached. With `count` (the default) the request counts at once, refused
 * or not; without it the handler counts only what it decides to (a signup that reaches the checks).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Limit } from '../auth/throttle.ts';
import type { ApiEnv } from './env.ts';
import { tooManyAttempts } from './http-errors.ts';

export function throttleFirst(
  key: (c: Context<ApiEnv>) => string,
  limit: Limit,
  count = true,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const at = key(c);
    await refuseWhileLimited(c, [at, limit]);
    if (count) await c.var.deps.throttle.hit(at, limit);
    await next();
  };
}

/** 429 with the longest Retry-After while any of the keys has reached its limit; for checks inside a call too. */
export async function refuseWhileLimited(c: Context<ApiEnv>, ...limits: [key: string, limit: Limit][]): Promise<void> {
  const { throttle } = c.var.deps;
  let wait = 0;
  for (const [key, limit] of limits) wait = Math.max(wait, await throttle.retryAfter(key, limit));
  if (wait > 0) throw tooManyAttempts(wait);
}
