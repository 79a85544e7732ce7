/**
 * Serves the built site (dist/<brand>) with the URL rules of src/lib/routes/url-rules.ts:
 * redirects, pages, shell pages for client-only routes, per-language 404 pages with status 404, and the answers
 * to the tool box's forms (a redirect, or the form's page again with status 400).
 *
 * The files come from memory (site-files.ts), each in the encoding the browser takes best, with an ETag and 304.
 * The same answers are given twice over: by the app (Hono, for tests and for anything the quick path leaves) and by
 * the quick path (quick-path.ts), which answers pages and files straight from the Node request, before the app's
 * middleware (docs/decisions/040).
 */
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { resolveUrl, notFoundFile, type SiteShape, type UrlDecision } from '../../src/lib/routes/url-rules.ts';
import { LANG_COOKIE } from '../../src/lib/session/lang-cookie.ts';
import { bytesOf, etagOf, matchesEtag, pickEncoding, type SiteFile, type SiteFiles } from './site-files.ts';

const LANG_FIRST = /^\/[A-Za-z]{2}(?:\/|$)/;

/** A request for a file of the build (scripts, styles, icons) rather than a page. */
function isAssetPath(path: string): boolean {
  return !LANG_FIRST.test(path) && /\.[A-Za-z0-9]+$/.test(path);
}

/** How long a browser may keep a file: hashed build files for good, the service worker never unchecked. */
function assetCacheControl(path: string): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  // The service worker is checked on every visit (a new version is a new site); other files (icons) may change.
  if (path === '/sw.js') return 'no-cache';
  return 'public, max-age=3600';
}

/** What the site answers: status, headers and body (null for HEAD and 304). */
export interface SiteAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

export interface Ask {
  method: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
}

/** `file` sent with `status`: in the encoding the client takes best, with its ETag, or 304 when the client holds it. */
export function answerFile(file: SiteFile, status: number, cacheControl: string | null, ask: Ask): SiteAnswer {
  const encoding = pickEncoding(file, ask.acceptEncoding);
  const headers: Record<string, string> = cacheControl ? { 'Cache-Control': cacheControl } : {};
  if (file.br || file.gzip) headers.Vary = 'Accept-Encoding';
  if (status === 200) {
    headers.ETag = etagOf(file, encoding);
    if (matchesEtag(file, ask.ifNoneMatch)) return { status: 304, headers, body: null };
  }
  const body = bytesOf(file, encoding);
  headers['Content-Type'] = file.type;
  headers['Content-Length'] = String(body.length);
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  return { status, headers, body: ask.method === 'HEAD' ? null : body };
}

const notFoundText = (ask: Ask): SiteAnswer => ({
  status: 404,
  headers: { 'Content-Type': 'text/plain; charset=UTF-8', 'Cache-Control': 'no-cache' },
  body: ask.method === 'HEAD' ? null : Buffer.from('Not found'),
});

/** The answer to a page decision of the URL rules, or null for a redirect (the app answers those). */
function answerDecision(files: SiteFiles, decision: UrlDecision, ask: Ask): SiteAnswer | null {
  const page = (file: string, status: number) => {
    const found = files.get(`/${file}`);
    return found ? answerFile(found, status, 'no-cache', ask) : notFoundText(ask);
  };
  switch (decision.kind) {
    case 'redirect':
      return null;
    case 'not-found':
      return page(decision.file, 404);
    case 'form-error':
      return page(decision.file, decision.status);
    case 'page': {
      const found = files.get(`/${decision.file}`);
      // A route of the table whose page is not built yet is not found either.
      return found ? answerFile(found, 200, 'no-cache', ask) : page(notFoundFile(decision.lang), 404);
    }
  }
}

/**
 * The site's answer to a GET or HEAD of `pathname` (as sent, not decoded) with `search`, or null when it is not the
 * site's to give here: a redirect, a path that is neither a lang-first page nor a file of the build.
 */
export function siteAnswer(
  files: SiteFiles,
  site: SiteShape,
  pathname: string,
  search: string,
  lang: string | undefined,
  ask: Ask,
): SiteAnswer | null {
  if (isAssetPath(pathname)) {
    const file = files.get(pathname);
    return file ? answerFile(file, 200, assetCacheControl(pathname), ask) : null;
  }
  if (!LANG_FIRST.test(pathname)) return null;
  return answerDecision(files, resolveUrl(pathname, search, site, lang), ask);
}

/** What a request of the app asks of a file. */
export const askOf = (c: Context): Ask => ({
  method: c.req.method,
  acceptEncoding: c.req.header('accept-encoding'),
  ifNoneMatch: c.req.header('if-none-match'),
});

/** An answer as the app sends it. */
export const responseOf = (answer: SiteAnswer): Response =>
  new Response(answer.body === null ? null : new Uint8Array(answer.body), {
    status: answer.status,
    headers: answer.headers,
  });

/** The app's handler of everything no other route took: the site's files and pages. */
export function mountSite(app: Hono, files: SiteFiles, site: SiteShape): void {
  app.on(['GET', 'HEAD'], '*', (c: Context) => {
    const url = new URL(c.req.url);
    const ask = askOf(c);
    if (isAssetPath(url.pathname)) {
      let path = url.pathname;
      try {
        path = decodeURIComponent(path);
      } catch {
        // Left as sent: not a file of the build.
      }
      const file = files.get(path);
      if (file) return responseOf(answerFile(file, 200, assetCacheControl(path), ask));
    }
    const decision = resolveUrl(url.pathname, url.search, site, getCookie(c, LANG_COOKIE));
    if (decision.kind === 'redirect') return c.redirect(decision.location, decision.status);
    return responseOf(answerDecision(files, decision, ask)!);
  });
}
