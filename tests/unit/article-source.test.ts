import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_ROOT, ContentError, REQUIRED_PAGES, loadArticleSource } from '../../server/content/article-source.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';

// A small content folder written per test: every required page, a few list items and stores in both languages.

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

type Files = Record<string, string | null>;

const frontmatter = (fields: Record<string, unknown>) => {
  const lines = Object.entries(fields).map(([key, value]) =>
    typeof value === 'object' && value !== null
      ? `${key}:\n${Object.entries(value)
          .map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`)
          .join('\n')}`
      : `${key}: ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
  );
  return `---\n${lines.join('\n')}\n---\n`;
};

const page = (title: string, body = `## About ${title}\n\nSome "quoted" text -- and more.\n`) =>
  `${frontmatter({ title, description: `All about ${title} at {brand}.`, updated: '2026-11-01' })}\n${body}`;

const faq = (id: number, slug: string, order: number, lang: string) =>
  `${frontmatter({ id, slug, subject: `${lang} question ${id}`, summary: `Short answer ${id}.`, order, updated: '2026-10-01' })}\nThe answer to ${id}.\n`;

const update = (id: number, slug: string, date: string) =>
  `${frontmatter({ id, slug, subject: `Update ${id}`, summary: `What changed (${id}).`, date })}\nDetails of ${id}.\n`;

const banner = (id: number, slug: string, order: number) =>
  `${frontmatter({
    id,
    slug,
    subject: `Banner ${id}`,
    summary: `Banner summary ${id}.`,
    order,
    icon: 'plane',
    loggedOutBanner: { title: 'Hello', text: 'Sign up.' },
    loggedInBanner: { title: 'Welcome back', text: 'Ship now.' },
    updated: '2026-09-01',
  })}\nBanner body ${id}.\n`;

const shop = (id: number, name: string, countryCode: string) => ({
  id,
  name,
  url: `https://www.shop${id}.example`,
  countryCode,
  category: 'fashion',
  descriptionEn: `Store ${id}.`,
  descriptionAr: `متجر ${id}.`,
});

function validFiles(): Files {
  const files: Files = {};
  for (const lang of LANGUAGES) {
    for (const key of REQUIRED_PAGES) files[`pages/${lang}/${key}.md`] = page(`${key} ${lang}`);
    files[`faqs/${lang}/second.md`] = faq(2, 'second', 2, lang);
    files[`faqs/${lang}/first.md`] = faq(7, 'first', 1, lang);
    files[`service-updates/${lang}/older.md`] = update(10, 'older', '2026-01-05');
    files[`service-updates/${lang}/same-day-low.md`] = update(11, 'same-day-low', '2026-03-01');
    files[`service-updates/${lang}/same-day-high.md`] = update(12, 'same-day-high', '2026-03-01');
    files[`banners/${lang}/b.md`] = banner(31, 'b', 2);
    files[`banners/${lang}/a.md`] = banner(32, 'a', 1);
  }
  files['data/shops.json'] = JSON.stringify([shop(2, 'zebra Store', 'US'), shop(1, 'Alpha Shop', 'GB')]);
  return files;
}

/** Writes a content folder: the valid files with `changes` applied (null removes a file). */
function contentDir(changes: Files = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'content-'));
  roots.push(root);
  for (const [path, text] of Object.entries({ ...validFiles(), ...changes })) {
    if (text === null) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

async function problemsOf(root: string): Promise<string> {
  try {
    await loadArticleSource(root);
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as ContentError).message;
  }
  throw new Error('the content loaded');
}

describe('article source', () => {
  it('loads pages, lists in display order and stores, with Markdown rendered as Astro renders it', async () => {
    const source = await loadArticleSource(contentDir());
    for (const lang of LANGUAGES) {
      expect([...source.pages[lang].keys()].sort()).toEqual([...REQUIRED_PAGES].sort());
      expect(source.faqs[lang].map((f) => f.id)).toEqual([7, 2]);
      expect(source.serviceUpdates[lang].map((u) => u.id)).toEqual([12, 11, 10]);
      expect(source.banners[lang].map((b) => b.id)).toEqual([32, 31]);
    }
    expect(source.shops.map((s) => s.name)).toEqual(['Alpha Shop', 'zebra Store']);
    const faqs = source.pages.en.get('faqs');
    expect(faqs?.title).toBe('faqs en');
    // {brand} stays for the API to fill in per brand.
    expect(faqs?.description).toBe('All about faqs en at {brand}.');
    // Heading ids and smart punctuation, as on the site.
    expect(faqs?.html).toContain('<h2 id="about-faqs-en">About faqs en</h2>');
    expect(faqs?.html).toContain('Some “quoted” text – and more.');
    expect(source.faqs.ar[0]?.html).toBe('<p>The answer to 7.</p>\n');
  });

  it('names the file and the field of invalid frontmatter', async () => {
    const root = contentDir({
      'faqs/ar/first.md': faq(7, 'first', 1, 'ar').replace(/subject: .*\n/, ''),
      'banners/en/a.md': banner(32, 'a', 1).replace('icon: "plane"', 'icon: "rocket"'),
    });
    const message = await problemsOf(root);
    expect(message).toMatch(/faqs\/ar\/first\.md: subject: /);
    expect(message).toMatch(/banners\/en\/a\.md: icon: /);
  });

  it('names the file whose frontmatter is not YAML, or missing', async () => {
    const root = contentDir({
      'pages/en/flex.md': '---\ntitle: [unclosed\n---\nBody\n',
      'pages/ar/flex.md': 'Just a body, no frontmatter.\n',
    });
    const message = await problemsOf(root);
    expect(message).toMatch(/pages\/en\/flex\.md: frontmatter is not valid YAML/);
    expect(message).toMatch(/pages\/ar\/flex\.md: no frontmatter/);
  });

  it('refuses an item missing in a language, or with another slug there', async () => {
    const root = contentDir({
      'faqs/ar/second.md': null,
      'service-updates/ar/older.md': update(10, 'older-in-arabic', '2026-01-05'),
    });
    const message = await problemsOf(root);
    expect(message).toContain('faqs 2 ("second") has no ar text: add faqs/ar/second.md');
    expect(message).toMatch(/service-updates 10: the slug differs between languages/);
  });

  it('refuses an id used twice in a language', async () => {
    const message = await problemsOf(contentDir({ 'faqs/en/copy.md': faq(2, 'copy', 3, 'en') }));
    expect(message).toMatch(/faqs 2 is used twice in en/);
  });

  it('refuses a missing required page, and a page in one language only', async () => {
    const root = contentDir({ 'pages/ar/shopping-directory.md': null, 'pages/en/extra.md': page('extra') });
    const message = await problemsOf(root);
    expect(message).toMatch(/pages\/ar\/shopping-directory\.md: missing/);
    expect(message).toMatch(/pages\/ar\/extra\.md: missing \(it exists in en\)/);
  });

  it('keeps the brand out of bodies', async () => {
    const message = await problemsOf(contentDir({ 'pages/en/flex.md': page('flex', 'Welcome to {brand}.\n') }));
    expect(message).toMatch(/pages\/en\/flex\.md: the body says \{brand\}/);
  });

  it('names shops.json when a store breaks its schema, and when it is missing', async () => {
    const bad = contentDir({ 'data/shops.json': JSON.stringify([{ ...shop(1, 'A', 'US'), url: 'http://a.example' }]) });
    expect(await problemsOf(bad)).toMatch(/data\/shops\.json: 0\.url: /);
    expect(await problemsOf(contentDir({ 'data/shops.json': null }))).toMatch(/data\/shops\.json: missing/);
  });

  it("loads the site's own content, every list item in every language", async () => {
    const source = await loadArticleSource(CONTENT_ROOT);
    const count = (collection: string, lang: string) => {
      const dir = join(CONTENT_ROOT, collection, lang);
      return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md')).length : 0;
    };
    for (const lang of LANGUAGES) {
      expect(source.faqs[lang].length).toBe(count('faqs', lang));
      expect(source.serviceUpdates[lang].length).toBe(count('service-updates', lang));
      expect(source.banners[lang].length).toBe(count('banners', lang));
      expect(source.pages[lang].size).toBe(count('pages', lang));
      for (const key of REQUIRED_PAGES) expect(source.pages[lang].get(key)?.html, `${lang}/${key}`).toMatch(/<p>/);
    }
  });
});
