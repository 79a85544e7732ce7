/**
 * The API's own description: the OpenAPI document (`GET /api/openapi.json`, generated from the declarations) and
 * the API reference page (`GET /api/docs`, Scalar's viewer, served from the package, no outside request). The
 * page carries a policy of its own: its two inline blocks by hash, the viewer's styles inline (it injects them),
 * and nothing but this origin to connect to.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Hono } from 'hono';
import { Scalar } from '@scalar/hono-api-reference';
import type { OpenAPIV3_1 } from 'openapi-types';
import { toolPagePolicy } from '../site/tool-page-policy.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
const VIEWER_PATH = `${DOCS_PATH}/viewer.js`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The hashes of a page's inline blocks of one tag, for its policy. */
function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const blocks = html.matchAll(new RegExp(`<${tag}(?![^>]*\\bsrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'g'));
  return [...blocks].map((m) => sha256(m[1] ?? ''));
}

/** The page's policy: scripts from here and its inline blocks by hash; nothing outside. */
export function docsPolicy(html: string): string {
  return toolPagePolicy({ scripts: inlineHashes(html, 'script') });
}

export function mountApiDocs(app: Hono, document: () => OpenAPIV3_1.Document, title: string): void {
  let json: string | undefined;
  app.get(OPENAPI_PATH, (c) => {
    json ??= JSON.stringify(document());
    c.header('Cache-Control', 'no-cache');
    return c.body(json, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });

  const viewer = Scalar({
    url: OPENAPI_PATH,
    cdn: VIEWER_PATH,
    pageTitle: title,
    withDefaultFonts: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    telemetry: false,
    // Its AI assistant talks to an outside service (and is on by default on localhost).
    agent: { disabled: true },
    // "Try it" sends requests from this page to this origin, never through an outside proxy.
    proxyUrl: '',
  });
  let page: { html: string; policy: string } | undefined;
  app.get(DOCS_PATH, async (c, next) => {
    if (!page) {
      const response = await viewer(c, next);
      // English, as the document is; the viewer's page names no language of its own.
      const html = (await (response as Response).text()).replace(
        /^<!doctype html>\s*<html>/i,
        '<!doctype html>\n<html lang="en">',
      );
      page = { html, policy: docsPolicy(html) };
    }
    c.header('Content-Security-Policy', page.policy);
    c.header('Cache-Control', 'no-cache');
    return c.html(page.html);
  });

  let script: Promise<Buffer> | undefined;
  app.get(VIEWER_PATH, async (c) => {
    script ??= readFile(createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js'));
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(await script), 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
}
