/**
 * The quick path: answers the requests that need neither a session nor a database straight from the Node request,
 * before the app's middleware: the site's pages and files (site-files.ts) and the kept answers of GET api/articles
 * for the current articles (article-answers.ts). They carry the same headers and bytes as the app would send;
 * anything else (the API, redirects, the tools, an unknown file, an articles question not answered yet) is left to
 * the app. Requests answered here are logged at debug level, as health checks are: a static file's access line
 * would cost more than its answer (docs/decisions/040).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Hono } from 'hono';
import { parse } from 'hono/utils/cookie';
import type { SiteShape } from '../../src/lib/routes/url-rules.ts';
import { LANG_COOKIE } from '../../src/lib/session/lang-cookie.ts';
import type { Logger } from '../logger.ts';
import { HSTS, securityHeaders } from './security-headers.ts';
import type { SiteFiles } from './site-files.ts';
import { siteAnswer, type Ask, type SiteAnswer } from './site-handler.ts';
import { keptAnswer, type ArticleAnswers } from '../content/article-answers.ts';

/** The path of GET api/articles. */
const ARTICLES_PATH = '/api/articles';

export interface QuickPathOptions {
  files: SiteFiles;
  site: SiteShape;
  trustProxy: boolean;
  logger: Logger;
  /** The articles' kept answers, and the article source the API serves now (a publish replaces it). */
  articles?: { answers: ArticleAnswers; current: () => object };
  /** The account's hot reads, answered beside the app when a request is plainly the owner's (../api/hot-reads.ts). */
  hotReads?: HotReadsFront;
}

/** The app's own listener, for a request the quick path took and then hands on. */
export type AppListener = (req: IncomingMessage, res: ServerResponse) => void;

/** How a request reaches the path beside the app. */
export interface HotRequest {
  req: IncomingMessage;
  res: ServerResponse;
  pathname: string;
  /** The query string, with its `?`, or ''. */
  search: string;
  /** Whether the request came over HTTPS (directly, or through a trusted proxy). */
  https: boolean;
  /** The headers every answer carries (the app's security headers), as one flat list of names and values. */
  base: readonly string[];
  /** Hands the request to the app. */
  app: AppListener;
}

/** What answers the account's hot reads beside the app (server/api/hot-reads.ts). */
export interface HotReadsFront {
  /** Whether it takes the request: then it answers it, or hands it to the app. */
  take(ask: HotRequest): boolean;
}

/** The headers the app's security middleware puts on every answer, taken from it once (so they can't drift). */
async function baseHeaders(): Promise<[string, string][]> {
  const probe = new Hono();
  probe.use('*', securityHeaders({ trustProxy: false }));
  probe.get('*', (c) => c.body(null, 204));
  const res = await probe.request('http://localhost/');
  return [...res.headers.entries()];
}

/**
 * A request listener's front: answers what it can and says true, else false (the app answers). A hot read it took
 * may still be handed to `app` later.
 */
export function quickPath(
  options: QuickPathOptions,
): (req: IncomingMessage, res: ServerResponse, app: AppListener) => boolean {
  let base: string[] | null = null;
  void baseHeaders().then((headers) => (base = headers.flat()));
  const { files, site, trustProxy, logger, articles, hotReads } = options;
  const isHttps = (req: IncomingMessage) =>
    (trustProxy ? req.headers['x-forwarded-proto'] : (req.socket as TLSSocket).encrypted ? 'https' : 'http') ===
    'https';

  return (req, res, app) => {
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || base === null) return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    // Escaped or climbing paths, and anything not plainly a path, go the app's way.
    if (pathname.includes('%') || pathname.includes('..') || !pathname.startsWith('/')) return false;
    const search = q === -1 ? '' : url.slice(q);
    if (hotReads && pathname.startsWith('/api/') && pathname !== ARTICLES_PATH) {
      return hotReads.take({ req, res, pathname, search, https: isHttps(req), base, app });
    }
    const ask: Ask = {
      method,
      acceptEncoding: req.headers['accept-encoding'],
      ifNoneMatch: req.headers['if-none-match'],
    };
    let answer: SiteAnswer | null;
    if (pathname === ARTICLES_PATH) {
      const kept = method === 'GET' && articles ? articles.answers.lookup(articles.current(), search) : undefined;
      answer = kept ? keptAnswer(kept, ask) : null;
    } else {
      answer = siteAnswer(
        files,
        site,
        pathname,
        search,
        req.headers.cookie ? parse(req.headers.cookie, LANG_COOKIE)[LANG_COOKIE] : undefined,
        ask,
      );
    }
    if (answer === null) return false;

    // One flat list of names and values: Node writes it as it is, with no header object to build.
    const headers = [...base];
    for (const name in answer.headers) headers.push(name, answer.headers[name]!);
    if (isHttps(req)) headers.push('Strict-Transport-Security', HSTS);
    res.writeHead(answer.status, headers);
    res.end(answer.body ?? undefined);
    if (logger.isLevelEnabled('debug')) {
      logger.debug({ method, path: pathname, status: answer.status, quick: true }, 'request');
    }
    return true;
  };
}
