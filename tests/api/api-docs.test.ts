/**
 * The API describes itself: the OpenAPI document generated from the declarations at GET /api/openapi.json, and the
 * API reference page at /api/docs with a policy of its own that allows no inline script but its own, by hash.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

describe('API description', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
  });
  afterAll(() => t.close());

  it('serves the OpenAPI document of the declared calls', async () => {
    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as { openapi: string; info: { title: string }; paths: object };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Shipbox API');
    expect(Object.keys(document.paths)).toContain('/api/account/{customerGUID}/wallet');
  });

  it('serves the reference page with its inline script allowed by hash only', async () => {
    const response = await t.request('/api/docs');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('src="/api/docs/viewer.js"');
    expect(html).toContain('"url": "/api/openapi.json"');
    const policies = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;,]*)/.exec(policies)?.[1] ?? '';
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    for (const script of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    // Nothing to fetch from outside, and the site's own frame rule still holds.
    expect(policies).toContain("connect-src 'self'");
    expect(policies).toContain("frame-ancestors 'self'");
  });

  it('serves the viewer from the package, not a CDN', async () => {
    const response = await t.request('/api/docs/viewer.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await response.text()).length).toBeGreaterThan(100_000);
  });
});
