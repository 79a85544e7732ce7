/**
 * The hot reads beside the app (issue 28; docs/decisions/047): the account's most asked reads (RouteOptions.hot),
 * answered straight from the Node request when it is plainly the owner's: a session cookie, the owner's own path, a
 * plain query. The session is judged by the app's own store, the path and query by the call's declaration and the
 * answer made by the call's own handler, so nothing of the call is written twice; what is skipped is the web
 * `Request` and `Response`, the middleware chain and the compression stream. Anything else (no session, another
 * customer's path, a refusal, an error, an encoding other than gzip) is handed to the app, which answers it as
 * always: a read run twice then is still only a read.
 */
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';
import { successStatusOf } from '../../src/lib/api/endpoint.ts';
import { sessionCookieName } from '../auth/sessions.ts';
import { HSTS } from '../site/security-headers.ts';
import type { ApiDeps, ApiEnv } from './env.ts';
import { COMPRESS_FROM_BYTES, type ApiRouter, type HotCall } from './router.ts';
import type { HotReadsFront, HotRequest } from '../site/quick-path.ts';

/** The query's names and values, or null when the app should read it (escapes, a name twice). */
function plainQuery(search: string): Record<string, string> | null {
  const query: Record<string, string> = {};
  if (search.length <= 1) return query;
  if (search.includes('%') || search.includes('+')) return null;
  for (const pair of search.slice(1).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    if (name in query) return null;
    query[name] = eq === -1 ? '' : pair.slice(eq + 1);
  }
  return query;
}

/** 'gzip' or 'none' as the app's compression would choose, or null when the app should choose (q-values, deflate). */
function encodingOf(accepted: string | undefined): 'gzip' | 'none' | null {
  if (accepted === undefined) return 'none';
  if (accepted.includes(';') || accepted.includes('*')) return null;
  const names = accepted.split(',').map((name) => name.trim().toLowerCase());
  if (names.includes('gzip')) return 'gzip';
  return names.includes('deflate') ? null : 'none';
}

export class HotReads implements HotReadsFront {
  #calls: readonly HotCall[] = [];
  #deps: ApiDeps | undefined;
  /** Answers given here since start (the tests read it: a hot read the app answered instead is a slow one). */
  served = 0;

  /** Takes the hot reads of the app's API (createApp). */
  attach(router: ApiRouter, deps: ApiDeps): void {
    this.#calls = router.hotCalls;
    this.#deps = deps;
  }

  /**
   * Whether it takes the request: then it answers it, or hands it to the app. Decided at once, from the request's
   * line and headers only.
   */
  take(ask: HotRequest): boolean {
    for (const call of this.#calls) {
      const match = call.pattern.exec(ask.pathname);
      if (match) return this.#take(call, match, ask);
    }
    return false;
  }

  #take(call: HotCall, match: RegExpExecArray, ask: HotRequest): boolean {
    const deps = this.#deps;
    const cookie = ask.req.headers.cookie;
    if (!deps || ask.req.method !== 'GET' || !cookie) return false;
    const name = sessionCookieName(ask.https);
    const sessionId = parse(cookie, name)[name];
    const query = plainQuery(ask.search);
    const encoding = encodingOf(ask.req.headers['accept-encoding']);
    if (!sessionId || !query || !encoding) return false;
    const params = Object.fromEntries(call.params.map((param, i) => [param, match[i + 1]!]));
    void this.#answer(deps, call, ask, { sessionId, params, query, encoding }).catch(() => {
      if (!ask.res.headersSent) ask.app(ask.req, ask.res);
    });
    return true;
  }

  async #answer(
    deps: ApiDeps,
    call: HotCall,
    ask: HotRequest,
    got: {
      sessionId: string;
      params: Record<string, string>;
      query: Record<string, string>;
      encoding: 'gzip' | 'none';
    },
  ): Promise<void> {
    const started = performance.now();
    const userGuid = await deps.sessions.resolve(got.sessionId);
    if (!userGuid) throw new Error('no live session: the app answers 401');
    if (call.owner && got.params[call.owner]?.toLowerCase() !== userGuid.toLowerCase()) {
      throw new Error("another customer's path: the app answers 403");
    }
    const own = new Map<string, string>();
    // What the handlers reach of Hono's context: their dependencies, the session, and headers they set.
    const c = {
      var: { deps, userGuid, sessionId: got.sessionId },
      header: (name: string, value: string) => own.set(name.toLowerCase(), value),
    } as unknown as Context<ApiEnv>;
    const result = await call.answer(c, got.params, got.query);
    const text = JSON.stringify(result);
    let body: Buffer | string = text;
    const headers: string[] = [...ask.base];
    for (const [name, value] of own) headers.push(name, value);
    headers.push('content-type', 'application/json');
    let length = Buffer.byteLength(text);
    if (length >= COMPRESS_FROM_BYTES) {
      headers.push('vary', 'Accept-Encoding');
      if (got.encoding === 'gzip') {
        body = gzipSync(text);
        length = body.length;
        headers.push('content-encoding', 'gzip');
      }
    }
    headers.push('content-length', String(length));
    if (ask.https) headers.push('strict-transport-security', HSTS);
    const status = successStatusOf(call.endpoint);
    ask.res.writeHead(status, headers);
    ask.res.end(body);
    this.served += 1;
    if (deps.logger.isLevelEnabled('info')) {
      deps.logger.info(
        { method: 'GET', path: ask.pathname, status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  }
}
