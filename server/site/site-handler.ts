/**
 * Serves the built site (dist/<brand>) with the URL rules of src/lib/routes/url-rules.ts:
 * redirects, pages, shell pages for client-only routes, per-language 404 pages with status 404, and the answers
 * to the tool box's forms (a redirect, or the form's page again with status 400).
 */
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { serveStatic } from '@hono/node-server/serve-static';
import { resolveUrl, notFoundFile, type SiteShape } from '../../src/lib/routes/url-rules.ts';
import { LANG_COOKIE } from '../../src/lib/session/lang-cookie.ts';

const LANG_FIRST = /^\/[A-Za-z]{2}(?:\/|$)/;

/** A request for a file of the build (scripts, styles, icons) rather than a page. */
function isAssetPath(path: string): boolean {
  return !LANG_FIRST.test(path) && /\.[A-Za-z0-9]+$/.test(path);
}

async function readPage(distDir: string, file: string): Promise<string | null> {
  const full = normalize(join(distDir, file));
  if (!full.startsWith(normalize(distDir) + sep)) return null;
  try {
    return await readFile(full, 'utf8');
  } catch {
    return null;
  }
}

export function mountSite(app: Hono, distDir: string, site: SiteShape): void {
  const statics = serveStatic({ root: distDir });

  const page = async (c: Context, file: string, status: 200 | 400 | 404) => {
    const html = await readPage(distDir, file);
    c.header('Cache-Control', 'no-cache');
    if (html !== null) return c.html(html, status);
    return c.text('Not found', 404);
  };

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const url = new URL(c.req.url);
    if (isAssetPath(url.pathname)) {
      const response = await statics(c, async () => {});
      if (response) {
        // Hashed build files never change; the service worker is checked on every visit (a new version is a new
        // site); other files (icons) may change.
        const immutable = url.pathname.startsWith('/_astro/');
        response.headers.set(
          'Cache-Control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : url.pathname === '/sw.js'
              ? 'no-cache'
              : 'public, max-age=3600',
        );
        return response;
      }
    }
    const decision = resolveUrl(url.pathname, url.search, site, getCookie(c, LANG_COOKIE));
    switch (decision.kind) {
      case 'redirect':
        return c.redirect(decision.location, decision.status);
      case 'not-found':
        return page(c, decision.file, 404);
      case 'form-error':
        return page(c, decision.file, decision.status);
      case 'page': {
        const html = await readPage(distDir, decision.file);
        // A route of the table whose page is not built yet is not found either.
        if (html === null) return page(c, notFoundFile(decision.lang), 404);
        c.header('Cache-Control', 'no-cache');
        return c.html(html, 200);
      }
    }
  });
}
