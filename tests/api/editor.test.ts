/**
 * The content editor at /admin (issue 27): its page and policy, its configuration, the local backend (decap-server's
 * file system middleware over a copy of the content, for the content folders only, this machine only, JSON only)
 * and the publish action, which checks the content, builds the sites, swaps them in and hands the API the new
 * articles, or changes nothing and names the file and field at fault.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env.ts';
import { ArticleStore, CONTENT_ROOT, loadArticleSource } from '../../server/content/article-source.ts';
import { startLocalBackend, isEditablePath, type LocalBackend } from '../../server/editor/local-backend.ts';
import { ContentPublisher, type SiteBuilder } from '../../server/editor/publisher.ts';
import { brands } from '../../src/brands/brands.ts';
import { createLogger } from '../../server/logger.ts';
import { createTestApp, type TestApp } from './harness.ts';

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const FAQ = 'src/content/faqs/ar/can-i-combine-my-parcels.md';

/**
 * Builds "the site" from the content as the real build would name what it read: each brand's home page says the
 * Arabic FAQ's summary. (The real build runs in tests/e2e/editor.spec.ts.)
 */
const recordingBuilder =
  (builds: string[]): SiteBuilder =>
  async (outRoot, contentDir) => {
    builds.push(outRoot);
    const faq = readFileSync(join(contentDir, 'faqs', 'ar', 'can-i-combine-my-parcels.md'), 'utf8');
    const summary = /^summary: (.*)$/m.exec(faq)?.[1] ?? '';
    for (const brand of Object.keys(brands)) {
      mkdirSync(join(outRoot, brand), { recursive: true });
      writeFileSync(join(outRoot, brand, 'index.html'), `<p>${summary}</p>`);
    }
    return { ok: true, output: 'built' };
  };

describe('content editor settings', () => {
  it('is on with the development tools, with the local backend', () => {
    expect(parseEnv({}).editor).toEqual({ backend: 'local' });
    expect(parseEnv({ EDITOR: '0' }).editor).toBeUndefined();
    expect(parseEnv({ DEV_TOOLS: '0' }).editor).toBeUndefined();
  });

  it('is off in production unless asked for, and never with the local backend there', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).editor).toBeUndefined();
    expect(() => parseEnv({ NODE_ENV: 'production', EDITOR: '1' })).toThrow(/EDITOR_BACKEND/);
    expect(() => parseEnv({ NODE_ENV: 'production', EDITOR: '1', EDITOR_BACKEND: 'local' })).toThrow(/development/);
  });

  it('takes a git backend with its repository, branch and https addresses', () => {
    expect(
      parseEnv({
        NODE_ENV: 'production',
        EDITOR: '1',
        EDITOR_BACKEND: 'gitlab',
        EDITOR_REPO: 'shipbox/site',
        EDITOR_API_ROOT: 'https://git.example.com/api/v4',
      }).editor,
    ).toEqual({
      backend: 'gitlab',
      repo: 'shipbox/site',
      branch: 'main',
      apiRoot: 'https://git.example.com/api/v4',
      authUrl: undefined,
    });
    expect(() => parseEnv({ EDITOR_BACKEND: 'github' })).toThrow(/EDITOR_REPO/);
    expect(() =>
      parseEnv({ EDITOR_BACKEND: 'github', EDITOR_REPO: 'a/b', EDITOR_AUTH_URL: 'http://auth.example.com' }),
    ).toThrow(/https/);
  });
});

describe('editable paths', () => {
  it('are the content folders, with no way out of them', () => {
    expect(isEditablePath('src/content/faqs/en/x.md')).toBe(true);
    expect(isEditablePath('src/content/faqs')).toBe(true);
    expect(isEditablePath('src/content')).toBe(true);
    for (const path of [
      '.env',
      'server/main.ts',
      'src/content/../../server/main.ts',
      '../src/content/x.md',
      '/etc/passwd',
      'src/contents/x.md',
      'src\\content\\x.md',
    ]) {
      expect(isEditablePath(path), path).toBe(false);
    }
  });
});

describe('content editor with the local backend', () => {
  let t: TestApp;
  let repo: string;
  let distRoot: string;
  let backend: LocalBackend;
  let publisher: ContentPublisher;
  const builds: string[] = [];

  beforeAll(async () => {
    repo = mkdtempSync(join(tmpdir(), 'editor-repo-'));
    cpSync(CONTENT_ROOT, join(repo, 'src', 'content'), { recursive: true });
    distRoot = mkdtempSync(join(tmpdir(), 'editor-dist-'));
    for (const brand of Object.keys(brands)) {
      mkdirSync(join(distRoot, brand, '_astro'), { recursive: true });
      writeFileSync(join(distRoot, brand, 'index.html'), '<p>before</p>');
    }
    writeFileSync(join(distRoot, 'shipbox', '_astro', 'site.B1c2.css'), 'body{}');
    mkdirSync(join(distRoot, 'editor'));
    writeFileSync(join(distRoot, 'editor', 'editor.js'), '/* the editor */');
    const contentDir = join(repo, 'src', 'content');
    const articles = new ArticleStore(await loadArticleSource(contentDir));
    const logger = createLogger('silent');
    backend = await startLocalBackend(repo, logger);
    publisher = new ContentPublisher({
      contentDir,
      distRoot,
      brands: Object.keys(brands) as (keyof typeof brands)[],
      articles,
      logger,
      build: recordingBuilder(builds),
    });
    t = await createTestApp('pglite', {
      seed: false,
      distDir: join(distRoot, 'shipbox'),
      articles,
      editor: {
        settings: { backend: 'local' },
        brand: brands.shipbox,
        distDir: join(distRoot, 'shipbox'),
        editorDir: join(distRoot, 'editor'),
        local: { backend, publisher },
      },
    });
  });

  afterAll(async () => {
    publisher.close();
    await backend.close();
    await t.close();
    rmSync(repo, { recursive: true, force: true });
    rmSync(distRoot, { recursive: true, force: true });
  });

  const local = (body: unknown, init: RequestInit = {}) =>
    t.request('/admin/api/v1', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body), ...init });

  const arabicSummary = async () => {
    const res = await t.request('/api/articles?subCategory=faqs&language=ar&scope=shipbox&pagesize=20');
    const body = (await res.json()) as { articles: { articleKey: string; summary: string }[] };
    return body.articles.find((a) => a.articleKey === 'can-i-combine-my-parcels')?.summary;
  };

  it('serves its page with a policy of its own: scripts from here only', async () => {
    expect((await t.request('/admin')).headers.get('location')).toBe('/admin/');
    const res = await t.request('/admin/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<script src="/admin/editor.js"></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const policies = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;,]*)/.exec(policies)?.[1] ?? '';
    expect(scriptSrc.trim()).toBe("'self'");
    expect(policies).toContain("connect-src 'self'");
    expect(policies).not.toMatch(/unsafe-eval/);
    const script = await t.request('/admin/editor.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toBe('/* the editor */');
    expect((await t.request('/admin/..%2F..%2Fpackage.json')).status).toBe(404);
  });

  it('gives the configuration with the local backend, the site stylesheets and its texts in the language', async () => {
    const res = await t.request('/admin/config.json?lang=ar');
    const body = (await res.json()) as {
      config: { backend: { name: string; proxy_url: string }; collections: { name: string }[] };
      previewStyles: string[];
      lang: string;
      messages: Record<string, string>;
      publishUrl: string;
    };
    expect(body.config.backend).toMatchObject({ name: 'proxy', proxy_url: '/admin/api/v1' });
    expect(body.config.collections.map((c) => c.name)).toEqual(
      expect.arrayContaining(['pages', 'faqs', 'service-updates', 'banners']),
    );
    expect(body.previewStyles).toEqual(['/_astro/site.B1c2.css']);
    expect(body.lang).toBe('ar');
    expect(Object.keys(body.messages).length).toBeGreaterThan(0);
    expect(Object.keys(body.messages).every((key) => key.startsWith('editor.'))).toBe(true);
    expect(Object.values(body.messages).join(' ')).toMatch(/\p{Script=Arabic}/u);
    expect(body.publishUrl).toBe('/admin/publish');
  });

  it('reads and writes the content files through the local backend', async () => {
    const list = await local({
      action: 'entriesByFolder',
      params: { branch: 'main', folder: 'src/content/faqs/ar', extension: 'md', depth: 1 },
    });
    expect(list.status).toBe(200);
    const entries = (await list.json()) as { file: { path: string }; data: string }[];
    expect(entries.map((e) => e.file.path)).toContain(FAQ);

    const raw = readFileSync(join(repo, FAQ), 'utf8').replace(/^summary: .*$/m, 'summary: ملخص محدث للاختبار');
    const saved = await local({
      action: 'persistEntry',
      params: {
        branch: 'main',
        entry: { slug: 'can-i-combine-my-parcels', path: FAQ, raw },
        assets: [],
        options: { collectionName: 'faqs', commitMessage: 'Update', useWorkflow: false, status: 'draft' },
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(readFileSync(join(repo, FAQ), 'utf8')).toContain('summary: ملخص محدث للاختبار');
  });

  it('refuses any file outside the content folders, and leaves it alone', async () => {
    const target = join(repo, 'package.json');
    for (const path of ['package.json', 'src/content/../package.json', '../outside.md']) {
      const res = await local({
        action: 'persistEntry',
        params: { branch: 'main', entry: { path, raw: 'x' }, assets: [], options: { commitMessage: 'x' } },
      });
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(/content folders/);
    }
    expect(existsSync(target)).toBe(false);
    expect(existsSync(join(repo, '..', 'outside.md'))).toBe(false);
    const read = await local({ action: 'getEntry', params: { branch: 'main', path: '.env' } });
    expect(read.status).toBe(403);
  });

  it('answers only this machine, the editor page and JSON', async () => {
    const info = { action: 'info', params: { branch: 'main' } };
    expect((await local(info)).status).toBe(200);
    const crossOrigin = await local(info, { headers: { ...JSON_HEADERS, Origin: 'https://elsewhere.example' } });
    expect(crossOrigin.status).toBe(403);
    const form = await t.request('/admin/api/v1', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(info),
    });
    expect(form.status).toBe(403);
    const remote = await t.app.request(
      '/admin/api/v1',
      { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(info) },
      { incoming: { socket: { remoteAddress: '10.1.2.3' } } },
    );
    expect(remote.status).toBe(403);
    const publishRemote = await t.app.request(
      '/admin/publish',
      { method: 'POST', headers: JSON_HEADERS, body: '{}' },
      { incoming: { socket: { remoteAddress: '192.168.0.9' } } },
    );
    expect(publishRemote.status).toBe(403);
    const huge = await local({ action: 'info', params: { branch: 'main', pad: 'x'.repeat(3 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
  });

  it('does not publish content the build would refuse, and names the file and field', async () => {
    const before = await arabicSummary();
    const buildsBefore = builds.length;
    const raw = readFileSync(join(repo, FAQ), 'utf8').replace(/^summary: .*$/m, 'summary: ""');
    writeFileSync(join(repo, FAQ), raw);
    const res = await t.request('/admin/publish', { method: 'POST', headers: JSON_HEADERS, body: '{}' });
    expect(res.status).toBe(202);
    await publisher.settled();
    const status = (await (await t.request('/admin/publish')).json()) as { state: string; problems: string[] };
    expect(status.state).toBe('failed');
    expect(status.problems.join('\n')).toMatch(/faqs\/ar\/can-i-combine-my-parcels\.md: summary: /);
    expect(builds.length).toBe(buildsBefore);
    expect(await arabicSummary()).toBe(before);
    expect(readFileSync(join(distRoot, 'shipbox', 'index.html'), 'utf8')).toBe('<p>before</p>');
  });

  it('publishes: every brand rebuilt and swapped in, the API serving the new text without a restart', async () => {
    const raw = readFileSync(join(repo, FAQ), 'utf8').replace(/^summary: .*$/m, 'summary: ملخص منشور من المحرر');
    writeFileSync(join(repo, FAQ), raw);
    // The server holds the site's files in memory: the old build until the publish swaps the new one in.
    expect(await (await t.request('/index.html')).text()).toBe('<p>before</p>');
    const res = await t.request('/admin/publish', { method: 'POST', headers: JSON_HEADERS, body: '{}' });
    expect(res.status).toBe(202);
    await publisher.settled();
    const status = (await (await t.request('/admin/publish')).json()) as { state: string; problems: string[] };
    expect(status).toMatchObject({ state: 'published', problems: [] });
    expect(await arabicSummary()).toBe('ملخص منشور من المحرر');
    for (const brand of Object.keys(brands)) {
      expect(readFileSync(join(distRoot, brand, 'index.html'), 'utf8')).toBe('<p>ملخص منشور من المحرر</p>');
    }
    expect(await (await t.request('/index.html')).text()).toBe('<p>ملخص منشور من المحرر</p>');
    expect((await t.request('/')).status).not.toBe(500);
    // Nothing of the staging or the previous builds is left beside the sites.
    expect(readdirSync(distRoot).sort()).toEqual([...Object.keys(brands), 'editor'].sort());
  });
});

describe('content editor off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
  });
  afterAll(() => t.close());

  it('has no /admin, no local backend and no publish action', async () => {
    const page = await t.request('/admin/');
    expect(page.status).not.toBe(200);
    expect(page.headers.get('content-security-policy') ?? '').not.toContain("script-src 'self'");
    expect((await t.request('/admin/config.json')).status).toBe(404);
    const res = await t.request('/admin/api/v1', { method: 'POST', headers: JSON_HEADERS, body: '{"action":"info"}' });
    expect(res.status).toBe(404);
    expect((await t.request('/admin/publish', { method: 'POST', headers: JSON_HEADERS, body: '{}' })).status).toBe(404);
  });
});
