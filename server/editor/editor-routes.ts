/**
 * The content editor at /admin (issue 27; docs/decisions/039): Decap CMS, built into dist/editor by
 * scripts/build-editor.ts, with its configuration generated from the content schemas
 * (src/lib/editor/decap-config.ts).
 *
 * - `GET /admin/`: the editor's page, with a policy of its own (scripts from here only; the editor's
 *   component styles are injected at run time, so styles may be inline; the git host's API when one is set);
 * - `GET /admin/config.json`: the configuration, the site's stylesheets for the previews, the editor's texts;
 * - `GET /admin/<file>`: the editor's script (dist/editor);
 * - with the local backend (development): `POST /admin/api/v1` (decap-server's file system middleware, for the
 *   content folders only) and `POST|GET /admin/publish` (./publisher.ts). Both answer only requests from this
 *   machine, sent by a page of this origin as JSON.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Brand } from '../../src/brands/brands.ts';
import { editorConfig, type DecapBackend } from '../../src/lib/editor/decap-config.ts';
import { LANG_COOKIE } from '../../src/lib/session/lang-cookie.ts';
import { isLang, type Lang } from '../../src/i18n/languages.ts';
import type { EditorSettings } from '../env.ts';
import { serverCatalogue } from '../i18n/catalogues.ts';
import { toolPagePolicy } from '../site/tool-page-policy.ts';
import { isEditablePath, pathsOf, type LocalBackend } from './local-backend.ts';
import type { ContentPublisher } from './publisher.ts';

export const EDITOR_PATH = '/admin';
/** Decap's proxy backend, in front of the local backend. */
export const LOCAL_API_PATH = `${EDITOR_PATH}/api/v1`;
export const PUBLISH_PATH = `${EDITOR_PATH}/publish`;

/** The largest request the local backend takes (a Markdown file with its frontmatter; the data files). */
const MAX_LOCAL_REQUEST_BYTES = 2 * 1024 * 1024;

export interface EditorOptions {
  settings: EditorSettings;
  brand: Brand;
  /** The built site (its stylesheets dress the previews). */
  distDir: string;
  /** The editor's build (dist/editor). */
  editorDir: string;
  /** With the local backend. */
  local?: { backend: LocalBackend; publisher: ContentPublisher };
}

/** The git hosts' API origins, which the editor's page talks to with a git backend. */
const GIT_API_ORIGINS: Partial<Record<EditorSettings['backend'], string>> = {
  github: 'https://api.github.com',
  gitlab: 'https://gitlab.com',
  bitbucket: 'https://api.bitbucket.org',
  azure: 'https://dev.azure.com',
};

function backendOf(settings: EditorSettings): DecapBackend {
  if (settings.backend === 'local') return { name: 'proxy', proxy_url: LOCAL_API_PATH, branch: 'main' };
  return {
    name: settings.backend,
    repo: settings.repo,
    branch: settings.branch,
    ...(settings.apiRoot ? { api_root: settings.apiRoot } : {}),
    ...(settings.authUrl ? { base_url: settings.authUrl } : {}),
  };
}

/** The editor page's policy: only this origin (and the git host with a git backend); no inline script. */
export function editorPolicy(settings: EditorSettings): string {
  const outside =
    settings.backend === 'local'
      ? []
      : [
          settings.apiRoot && new URL(settings.apiRoot).origin,
          settings.authUrl && new URL(settings.authUrl).origin,
          GIT_API_ORIGINS[settings.backend],
        ].filter((origin): origin is string => Boolean(origin));
  return toolPagePolicy({ connect: [...new Set(outside)], images: ['blob:'], frames: true });
}

const PAGE = (lang: Lang, brand: Brand) => `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon-${brand.id}.svg" type="image/svg+xml">
<title>${lang === 'ar' ? 'محرر المحتوى' : 'Content editor'}</title>
</head>
<body>
<script src="${EDITOR_PATH}/editor.js"></script>
</body>
</html>
`;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
};

/** The editor's language: `?lang=`, else the site's language cookie, else English. */
function editorLang(c: Context): Lang {
  const asked = c.req.query('lang') ?? getCookie(c, LANG_COOKIE) ?? 'en';
  return isLang(asked) ? asked : 'en';
}

/** The site's stylesheets, for the previews to look like the pages. */
function siteStylesheets(distDir: string): string[] {
  const dir = join(distDir, '_astro');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.css'))
    .sort()
    .map((file) => `/_astro/${file}`);
}

/**
 * Why a request to the local backend or the publish action is refused, if it is: only this machine (the
 * backend writes the server's own files, unauthenticated), only the editor's own page (a page elsewhere can't
 * post JSON here without a preflight this server never answers), only JSON.
 */
function localRefusal(c: Context): string | null {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const address = incoming?.socket?.remoteAddress;
  if (address !== undefined && !/^(?:127\.|::1$|::ffff:127\.)/.test(address)) {
    return 'The local editor answers this machine only';
  }
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== new URL(c.req.url).origin) return 'Cross-origin request refused';
  if (c.req.header('sec-fetch-site') === 'cross-site') return 'Cross-site request refused';
  if (c.req.method === 'POST' && !(c.req.header('content-type') ?? '').startsWith('application/json')) {
    return 'Expected JSON';
  }
  return null;
}

export function mountEditor(app: Hono, options: EditorOptions): void {
  const { settings, brand } = options;
  const policy = editorPolicy(settings);
  const backend = backendOf(settings);

  app.get(EDITOR_PATH, (c) => c.redirect(`${EDITOR_PATH}/`, 301));
  app.get(`${EDITOR_PATH}/`, (c) => {
    c.header('Content-Security-Policy', policy);
    c.header('Cache-Control', 'no-cache');
    c.header('X-Robots-Tag', 'noindex');
    return c.html(PAGE(editorLang(c), brand));
  });

  app.get(`${EDITOR_PATH}/config.json`, (c) => {
    const lang = editorLang(c);
    const catalogue = serverCatalogue(lang);
    const messages = Object.fromEntries(Object.entries(catalogue).filter(([key]) => key.startsWith('editor.')));
    c.header('Cache-Control', 'no-store');
    return c.json({
      config: editorConfig({
        backend,
        brand: { id: brand.id, name: brand.name, languages: [...brand.languages] },
        locale: lang,
      }),
      brand: { id: brand.id, name: brand.name, languages: brand.languages },
      previewStyles: siteStylesheets(options.distDir),
      lang,
      messages,
      publishUrl: options.local ? PUBLISH_PATH : null,
    });
  });

  if (options.local) {
    const { backend: localBackend, publisher } = options.local;

    app.post(LOCAL_API_PATH, async (c) => {
      const refusal = localRefusal(c);
      if (refusal) return c.json({ error: refusal }, 403);
      const length = Number(c.req.header('content-length') ?? 0);
      if (length > MAX_LOCAL_REQUEST_BYTES) return c.json({ error: 'Request too large' }, 413);
      const text = await c.req.text();
      if (Buffer.byteLength(text) > MAX_LOCAL_REQUEST_BYTES) return c.json({ error: 'Request too large' }, 413);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return c.json({ error: 'Expected JSON' }, 400);
      }
      const outside = pathsOf((body as { params?: unknown } | null)?.params).filter((p) => !isEditablePath(p));
      if (outside.length > 0) {
        return c.json({ error: `Only the content folders can be edited: ${outside.slice(0, 3).join(', ')}` }, 403);
      }
      const answer = await fetch(localBackend.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: text,
      });
      return c.body(await answer.arrayBuffer(), answer.status as 200, {
        'Content-Type': answer.headers.get('content-type') ?? 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
      });
    });

    app.get(PUBLISH_PATH, (c) => {
      const refusal = localRefusal(c);
      if (refusal) return c.json({ error: refusal }, 403);
      c.header('Cache-Control', 'no-store');
      return c.json(publisher.status());
    });
    app.post(PUBLISH_PATH, (c) => {
      const refusal = localRefusal(c);
      if (refusal) return c.json({ error: refusal }, 403);
      c.header('Cache-Control', 'no-store');
      return c.json(publisher.publish(), 202);
    });
  }

  // The editor's script (dist/editor).
  app.get(`${EDITOR_PATH}/:file{[A-Za-z0-9._-]+}`, async (c) => {
    const file = c.req.param('file');
    const type = TYPES[extname(file)];
    const full = normalize(join(options.editorDir, file));
    if (!type || !full.startsWith(normalize(options.editorDir) + sep)) return c.notFound();
    let data: Buffer;
    try {
      data = await readFile(full);
    } catch {
      return c.notFound();
    }
    // Rebuilt with the site; a development tool, asked again every time.
    c.header('Cache-Control', 'no-cache');
    return c.body(new Uint8Array(data), 200, { 'Content-Type': type });
  });
}
