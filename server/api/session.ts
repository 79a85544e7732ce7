import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { sessionCookieName, type SessionDevice } from '../auth/sessions.ts';
import { clientCountry } from './client-country.ts';
import type { ApiEnv } from './env.ts';
import { forbidden, unauthorized } from './http-errors.ts';
import type { OwnerParam } from '../../src/lib/api/endpoint.ts';

/** Whether the request reached us over https (directly, or through a trusted proxy). */
export function isHttps(c: Context<ApiEnv>): boolean {
  if (c.var.deps.trustProxy) return c.req.header('x-forwarded-proto') === 'https';
  return new URL(c.req.url).protocol === 'https:';
}

/** Loads the session the cookie names, if it is live. */
export const loadSession: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const id = getCookie(c, sessionCookieName(isHttps(c)));
  if (id) {
    const userGuid = await c.var.deps.sessions.resolve(id);
    if (userGuid) {
      c.set('userGuid', userGuid);
      c.set('sessionId', id);
    }
  }
  await next();
};

export function setSessionCookie(c: Context<ApiEnv>, id: string): void {
  const secure = isHttps(c);
  setCookie(c, sessionCookieName(secure), id, {
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    path: '/',
    maxAge: c.var.deps.sessions.maxAgeSeconds,
  });
}

export function clearSessionCookie(c: Context<ApiEnv>): void {
  const secure = isHttps(c);
  deleteCookie(c, sessionCookieName(secure), { path: '/', secure, httpOnly: true, sameSite: 'Lax' });
}

export const requireSession: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!c.var.userGuid) throw unauthorized();
  await next();
};

/** Object-level access: 401 without a session, 403 when the path names another user. */
export function requireOwner(param: OwnerParam): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!c.var.userGuid) throw unauthorized();
    if (c.req.param(param)?.toLowerCase() !== c.var.userGuid.toLowerCase()) throw forbidden();
    await next();
  };
}

/** What a new session keeps of the device it is opened on: the browser's User-Agent and the country it is in. */
export async function deviceOf(c: Context<ApiEnv>): Promise<SessionDevice> {
  return { userAgent: c.req.header('user-agent'), countryCode: await clientCountry(c) };
}
