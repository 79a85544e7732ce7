import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { parseEnv } from '../../server/env.ts';

// A small built site, so the server's URL rules are tested without a full build.
const dist = mkdtempSync(join(tmpdir(), 'site-'));
const pages = [
  'en/home',
  'ar/home',
  'en/404',
  'ar/404',
  'en/tracking',
  'en/faqs',
  'en/track-shipment',
  'ar/track-shipment',
  'en/office/office-locator',
];
for (const page of pages) {
  mkdirSync(join(dist, page, '..'), { recursive: true });
  writeFileSync(join(dist, `${page}.html`), `<!doctype html><title>${page}</title>`);
}
mkdirSync(join(dist, '_astro'));
writeFileSync(join(dist, '_astro', 'app.abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'manifest-ar.webmanifest'), '{"name":"Shipbox"}');
const database = await openDatabase({ dataDir: 'memory://' });
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await database.close();
});

const app = createApp({ brand: 'shipbox', distDir: dist, db: database.db, logger: createLogger('silent') });
const get = (path: string, init?: RequestInit) => app.request(path, { redirect: 'manual', ...init });

describe('site server', () => {
  it('answers the health check', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', brand: 'shipbox' });
  });

  it('applies the URL rules with their status codes', async () => {
    expect((await get('/')).headers.get('location')).toBe('/en/home');
    expect((await get('/', { headers: { cookie: 'lang=ar' } })).headers.get('location')).toBe('/ar/home');
    const slash = await get('/en/home/?a=1');
    expect([slash.status, slash.headers.get('location')]).toEqual([301, '/en/home?a=1']);
    const upper = await get('/EN/faqs');
    expect([upper.status, upper.headers.get('location')]).toEqual([301, '/en/faqs']);
    const unknown = await get('/fr/faqs');
    expect([unknown.status, unknown.headers.get('location')]).toEqual([302, '/en/faqs']);
  });

  it('serves pages, shell pages and 404 pages with the right status', async () => {
    const home = await get('/ar/home');
    expect([home.status, await home.text()]).toEqual([200, '<!doctype html><title>ar/home</title>']);
    expect(await (await get('/en/tracking/ABC123')).text()).toContain('en/tracking');
    const missing = await get('/ar/nothing-here');
    expect([missing.status, await missing.text()]).toEqual([404, '<!doctype html><title>ar/404</title>']);
    const noLang = await get('/faqs', { headers: { cookie: 'lang=ar' } });
    expect([noLang.status, await noLang.text()]).toEqual([404, '<!doctype html><title>ar/404</title>']);
    // In the route table but not built yet: not found either.
    expect((await get('/en/pending-payments')).status).toBe(404);
    expect((await get('/en/office/office-locator/AE/TOOLONG')).status).toBe(404);
  });

  it("answers the tool box's forms sent without JavaScript", async () => {
    const track = await get('/en/tracking?awbNumber=+SB9000100+');
    expect([track.status, track.headers.get('location')]).toEqual([302, '/en/tracking/SB9000100']);
    const office = await get('/ar/office/office-locator?countryCode=JO');
    expect([office.status, office.headers.get('location')]).toEqual([302, '/ar/office/office-locator/JO']);
    // No country chosen: the locator itself, on every office.
    const all = await get('/en/office/office-locator?countryCode=');
    expect([all.status, await all.text()]).toEqual([200, '<!doctype html><title>en/office/office-locator</title>']);
  });

  it('answers a tracking number sent blank with the page that asks for it, not silently', async () => {
    const blank = await get('/ar/tracking?awbNumber=++');
    expect([blank.status, await blank.text()]).toEqual([400, '<!doctype html><title>ar/track-shipment</title>']);
    expect(blank.headers.get('content-type')).toContain('text/html');
    expect(blank.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    // Not a page of its own, and no bare tracking page either.
    expect((await get('/en/track-shipment')).status).toBe(404);
    expect((await get('/en/tracking')).status).toBe(404);
  });

  it('serves built assets with long caching, and never files outside the build', async () => {
    const asset = await get('/_astro/app.abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/_astro/../../etc/passwd.js')).status).toBe(404);
    expect((await get('/en/..%2F..%2Fpackage.json')).status).toBe(404);
  });

  it('serves the web app manifest with its media type', async () => {
    const manifest = await get('/manifest-ar.webmanifest');
    expect([manifest.status, await manifest.json()]).toEqual([200, { name: 'Shipbox' }]);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
  });

  it('sends security headers on every response', async () => {
    for (const path of ['/en/home', '/api/health', '/nope']) {
      const res = await get(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS over https', async () => {
    const res = await app.request('https://shop.example/en/home');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('answers unknown API calls with JSON 404', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('configuration', () => {
  it('has defaults and refuses bad values with a clear message', () => {
    expect(parseEnv({})).toMatchObject({ PORT: 4321, HOST: '127.0.0.1', BRAND: 'shipbox', TRUST_PROXY: false });
    expect(parseEnv({ BRAND: 'mailbridge' }).distDir).toMatch(/dist[/\\]mailbridge$/);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ BRAND: 'other' })).toThrow(/BRAND/);
  });

  it('keeps the demo accounts and dev tools out of production unless asked for', () => {
    expect(parseEnv({})).toMatchObject({ SEED_DEMO_DATA: true, DEV_TOOLS: true });
    expect(parseEnv({ NODE_ENV: 'production' })).toMatchObject({ SEED_DEMO_DATA: false, DEV_TOOLS: false });
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO_DATA: '1' }).SEED_DEMO_DATA).toBe(true);
    expect(parseEnv({ SEED_DEMO_DATA: '0' }).SEED_DEMO_DATA).toBe(false);
  });
});
