/**
 * The site's files from memory (server/site/site-files.ts): compressed forms made at build time and chosen by the
 * browser's Accept-Encoding, ETags with 304, a reload when a publish swaps a new build in, and the quick path in
 * front of the app (server/site/site-handler.ts) answering exactly as the app does, over real HTTP.
 */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { listen } from '../../server/listen.ts';
import { SiteFiles, pickEncoding, precompressSite } from '../../server/site/site-files.ts';
import { quickPath } from '../../server/site/quick-path.ts';
import { ArticleAnswers } from '../../server/content/article-answers.ts';
import { ArticleStore, loadArticleSource } from '../../server/content/article-source.ts';

const dist = mkdtempSync(join(tmpdir(), 'site-files-'));
const cache = mkdtempSync(join(tmpdir(), 'site-files-cache-'));
/** Text long and repetitive enough to be worth compressing. */
const page = (name: string) =>
  `<!doctype html><html lang="en"><title>${name}</title><main>${'<p>Shop abroad, ship home.</p>'.repeat(200)}</main>`;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 17}`))};`;
mkdirSync(join(dist, 'en'), { recursive: true });
mkdirSync(join(dist, 'ar'), { recursive: true });
mkdirSync(join(dist, '_astro'), { recursive: true });
writeFileSync(join(dist, 'en', 'home.html'), page('en/home'));
writeFileSync(join(dist, 'ar', 'home.html'), page('ar/home'));
writeFileSync(join(dist, 'en', '404.html'), page('en/404'));
writeFileSync(join(dist, 'ar', '404.html'), page('ar/404'));
writeFileSync(join(dist, '_astro', 'app.abc123.js'), script);
writeFileSync(join(dist, 'tiny.js'), 'console.log(1)');
writeFileSync(
  join(dist, 'icon.png'),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(2000).fill(7)]),
);

const database = await openDatabase({ dataDir: 'memory://' });
let files: SiteFiles;
let store: ArticleStore;
let answers: ArticleAnswers;
let app: ReturnType<typeof createApp>;
let server: Server;
let origin: string;

beforeAll(async () => {
  const made = await precompressSite(dist, cache);
  expect(made.files).toBe(5);
  files = new SiteFiles(dist);
  store = new ArticleStore(await loadArticleSource());
  answers = new ArticleAnswers();
  app = createApp({
    brand: 'shipbox',
    distDir: dist,
    siteFiles: files,
    articles: store,
    articleAnswers: answers,
    db: database.db,
    logger: createLogger('silent'),
  });
  const front = quickPath({
    files,
    site: { brandSlug: 'shipbox', languages: ['en', 'ar'] },
    trustProxy: false,
    logger: createLogger('silent'),
    articles: { answers, current: () => store.current },
  });
  server = listen(app.fetch, { port: 0, hostname: '127.0.0.1', quickPath: front });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The quick path takes the security headers from the app's middleware once, as it starts.
  await new Promise((resolve) => setTimeout(resolve, 50));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
  await database.close();
});

/** A raw HTTP request (no client-side decompression), answering status, headers and the bytes as sent. */
function raw(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the build compresses the site once', () => {
  it('writes Brotli and gzip forms beside the text files worth it, and reuses them from its cache', async () => {
    expect(existsSync(join(dist, 'en', 'home.html.br'))).toBe(true);
    expect(existsSync(join(dist, 'en', 'home.html.gz'))).toBe(true);
    expect(brotliDecompressSync(readFileSync(join(dist, 'en', 'home.html.br'))).toString()).toBe(page('en/home'));
    expect(gunzipSync(readFileSync(join(dist, '_astro', 'app.abc123.js.gz'))).toString()).toBe(script);
    // Too small to gain, and an image: none.
    expect(existsSync(join(dist, 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dist, 'icon.png.br'))).toBe(false);
    const again = await precompressSite(dist, cache);
    expect(again.compressed).toBeGreaterThan(0);
    expect(brotliDecompressSync(readFileSync(join(dist, 'ar', 'home.html.br'))).toString()).toBe(page('ar/home'));
  });

  it('serves the compressed forms with their file, never under their own names', () => {
    expect(files.get('/en/home.html.br')).toBeUndefined();
    expect(files.get('/en/home.html')?.br).not.toBeNull();
    expect(files.get('/tiny.js')?.br).toBeNull();
  });
});

describe('the encoding the browser takes best', () => {
  it('prefers Brotli, then gzip, and respects q=0', () => {
    const file = files.get('/en/home.html')!;
    expect(pickEncoding(file, 'gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding(file, 'gzip')).toBe('gzip');
    expect(pickEncoding(file, 'br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding(file, 'identity')).toBe('identity');
    expect(pickEncoding(file, undefined)).toBe('identity');
    expect(pickEncoding(files.get('/icon.png')!, 'br')).toBe('identity');
  });
});

describe.each([
  ['the quick path', (path: string, headers?: Record<string, string>, method?: string) => raw(path, headers, method)],
  [
    'the app',
    async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
      const res = await app.request(path, { headers, method, redirect: 'manual' });
      return {
        status: res.status,
        headers: Object.fromEntries(res.headers.entries()) as IncomingHttpHeaders,
        body: Buffer.from(await res.arrayBuffer()),
      };
    },
  ],
])('%s', (_name, get) => {
  it('sends a page in Brotli or gzip with its ETag and Vary, and 304 for a copy the browser holds', async () => {
    const br = await get('/en/home', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(page('en/home'));
    const etag = br.headers['etag'] as string;
    expect(etag).toMatch(/^"[\w-]{22}-br"$/);

    const gz = await get('/en/home', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page('en/home'));
    const plain = await get('/en/home');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page('en/home'));

    // A cache holding the Brotli copy asks with its tag; the page has not changed.
    const again = await get('/en/home', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect([again.status, again.body.length, again.headers['etag']]).toEqual([304, 0, etag]);
    const other = await get('/en/home', { 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
  });

  it('keeps the security headers and the URL rules: 404 pages, the lang cookie, redirects', async () => {
    const home = await get('/ar/home', { 'accept-encoding': 'br' });
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(home.headers['permissions-policy']).toContain('camera=()');
    expect(home.headers['strict-transport-security']).toBeUndefined();
    const missing = await get('/ar/no-such-page', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(brotliDecompressSync(missing.body).toString()).toBe(page('ar/404'));
    expect(missing.headers['etag']).toBeUndefined();
    const root = await get('/', { cookie: 'theme=x; lang=ar' });
    expect([root.status, root.headers['location']]).toEqual([302, '/ar/home']);
  });

  it('sends build files for good, with HEAD answering the headers alone', async () => {
    const js = await get('/_astro/app.abc123.js', { 'accept-encoding': 'br' });
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(js.body).toString()).toBe(script);
    const head = await get('/_astro/app.abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(js.headers['content-length']);
    const icon = await get('/icon.png', { 'accept-encoding': 'br' });
    expect([icon.headers['content-encoding'], icon.headers['vary'], icon.headers['cache-control']]).toEqual([
      undefined,
      undefined,
      'public, max-age=3600',
    ]);
    expect(icon.body.length).toBe(2008);
  });
});

describe('the quick path and the app', () => {
  it('answer the same headers for the same page', async () => {
    const quick = await raw('/en/home', { 'accept-encoding': 'br' });
    const viaApp = await app.request('/en/home', { headers: { 'accept-encoding': 'br' } });
    const names = (h: Iterable<string>) =>
      [...h].map((n) => n.toLowerCase()).filter((n) => !['date', 'connection', 'keep-alive'].includes(n));
    expect(names(Object.keys(quick.headers)).sort()).toEqual(names(viaApp.headers.keys()).sort());
    for (const name of names(viaApp.headers.keys())) {
      expect(quick.headers[name], name).toBe(viaApp.headers.get(name));
    }
  });

  it('leaves the API, unknown files and escaped paths to the app', async () => {
    const health = await raw('/api/health');
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok', brand: 'shipbox' });
    expect((await raw('/no-such-file.js')).status).toBe(404);
    const escaped = await raw('/_astro/app%2Eabc123.js');
    expect(escaped.status).toBe(200);
    expect(escaped.body.toString()).toBe(script);
    const post = await raw('/en/home', {}, 'POST');
    expect(post.status).toBe(404);
  });

  it('serves a new build once a publish has swapped it in, and the old one until then', async () => {
    const before = await raw('/en/home');
    writeFileSync(join(dist, 'en', 'home.html'), page('en/home, edited'));
    rmSync(join(dist, 'en', 'home.html.br'));
    rmSync(join(dist, 'en', 'home.html.gz'));
    expect((await raw('/en/home')).body.toString()).toBe(page('en/home'));
    files.reload();
    const after = await raw('/en/home', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(after.body).toString()).toBe(page('en/home, edited'));
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    // Made at load for a build that wrote none.
    expect(after.headers['content-encoding']).toBe('br');
  });

  it('answers an articles question sent before from the kept answer, the same as the app, until a publish', async () => {
    const search = '?subCategory=faqs&language=ar&scope=shipbox&pagesize=2';
    expect(answers.lookup(store.current, search)).toBeUndefined();
    const first = await raw(`/api/articles${search}`, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    // Kept now: the next request with the same query is the quick path's.
    const kept = answers.lookup(store.current, search);
    expect(kept).toBeDefined();
    const second = await raw(`/api/articles${search}`, { 'accept-encoding': 'br' });
    expect(second.body.equals(first.body)).toBe(true);
    const strip = (h: IncomingHttpHeaders) =>
      Object.fromEntries(Object.entries(h).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
    expect(strip(second.headers)).toEqual(strip(first.headers));
    expect(second.headers['x-pagination']).toContain('"PageSize":2');
    const body = JSON.parse(brotliDecompressSync(second.body).toString()) as { articles: unknown[] };
    expect(body.articles).toHaveLength(2);
    const held = await raw(`/api/articles${search}`, { 'if-none-match': second.headers['etag'] as string });
    expect(held.status).toBe(304);

    // A publish hands over new articles: nothing kept for them yet, so the app answers from them.
    const current = store.current;
    store.replace({ ...current, faqs: { ...current.faqs, ar: current.faqs.ar.slice(1) } });
    expect(answers.lookup(store.current, search)).toBeUndefined();
    const after = JSON.parse((await raw(`/api/articles${search}`)).body.toString()) as { articles: { id: number }[] };
    expect(after.articles[0]?.id).toBe(current.faqs.ar[1]?.id);
  });
});
