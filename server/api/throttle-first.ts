/**
 * A limit checked before a call's input is read (per caller address, say), so a refused request costs no parsing:
 * 429 with Retry-After once the limit is reached. With `count` (the default) the request counts and is decided at
 * once, in one statement (so a burst is cut at the limit); without it the handler counts only what it decides to
 * (a signup that reaches the checks, with `refuseOver`) and this only refuses while the limit is reached.
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
    if (count) await refuseOver(c, [at, limit]);
    else await refuseWhileLimited(c, [at, limit]);
    await next();
  };
}

/**
 * Counts one attempt on each of the keys and refuses it (429 with the longest Retry-After) when it passes any of
 * their limits. Each key is counted and decided in one statement: of many attempts at once, the limit's number pass.
 */
export function refuseOver(c: Context<ApiEnv>, ...limits: [key: string, limit: Limit][]): Promise<void> {
  return refuseOnWait(limits, async (key, limit) => (await c.var.deps.throttle.take(key, limit)).retryAfter);
}

/** 429 with the longest Retry-After while any of the keys has reached its limit, counting nothing. */
export function refuseWhileLimited(c: Context<ApiEnv>, ...limits: [key: string, limit: Limit][]): Promise<void> {
  return refuseOnWait(limits, (key, limit) => c.var.deps.throttle.retryAfter(key, limit));
}

/** Asks each key how long to wait, in turn, and refuses with the longest wait when any is above 0. */
async function refuseOnWait(
  limits: [key: string, limit: Limit][],
  waitOf: (key: string, limit: Limit) => Promise<number>,
): Promise<void> {
  let wait = 0;
  for (const [key, limit] of limits) wait = Math.max(wait, await waitOf(key, limit));
  if (wait > 0) throw tooManyAttempts(wait);
}
