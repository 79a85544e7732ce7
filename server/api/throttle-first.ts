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
    const { throttle } = c.var.deps;
    const at = key(c);
    const wait = await throttle.retryAfter(at, limit);
    if (wait > 0) throw tooManyAttempts(wait);
    if (count) await throttle.hit(at, limit);
    await next();
  };
}
