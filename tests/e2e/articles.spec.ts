/** The informational articles (spec 1 §2.5) on Shipbox, in English and Arabic, with their links for search engines. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support.ts';
import { ARTICLES } from '../../src/lib/content/articles.ts';
import { requireRoute } from '../../src/lib/routes/route-table.ts';
import { pagePath } from '../../src/lib/routes/paths.ts';

const ORIGIN = 'https://www.shipbox.example';

function titleOf(lang: string, id: string): string {
  const source = readFileSync(`src/content/pages/${lang}/${id}.md`, 'utf8');
  const title = /^title:\s*(.+)$/m.exec(source)?.[1]?.trim() ?? '';
  return title.replace(/^['"]|['"]$/g, '').replaceAll('{brand}', 'Shipbox');
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: every article renders with its title, canonical link and language alternates`, async ({ page }) => {
    // Every article, each with an accessibility scan: longer than one page's 30 s when the machine is busy.
    test.slow();
    for (const article of ARTICLES) {
      const path = `/${lang}/${pagePath(requireRoute(article.route), 'shipbox')}`;
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(lang, article.id));
      await expect(page).toHaveTitle(`${titleOf(lang, article.id)} | Shipbox`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', ORIGIN + path);
      const other = lang === 'en' ? 'ar' : 'en';
      await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute(
        'href',
        `${ORIGIN}/${other}${path.slice(3)}`,
      );
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
        'href',
        `${ORIGIN}/en${path.slice(3)}`,
      );
      expect((await page.locator('.article').textContent())?.length ?? 0).toBeGreaterThan(800);
      await expectAccessible(page);
    }
  });
}

test('the sitemap lists every article in both languages; an unknown article is not found', async ({ page }) => {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  for (const article of ARTICLES) {
    for (const lang of ['en', 'ar']) {
      expect(sitemap).toContain(`<loc>${ORIGIN}/${lang}/${pagePath(requireRoute(article.route), 'shipbox')}</loc>`);
    }
  }
  expect(sitemap).not.toContain('/login<');
  expect(await (await page.request.get('/robots.txt')).text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  // The unacceptable-materials page offers a printable copy of its list, in the page's language.
  for (const lang of ['en', 'ar']) {
    await page.goto(`/${lang}/help/unacceptable-materials`);
    const link = page.locator('.article-download a');
    await expect(link).toHaveAttribute('download', '');
    const copy = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(copy.status()).toBe(200);
    expect(copy.headers()['content-type']).toContain('text/plain');
    expect(await copy.text()).toContain(titleOf(lang, 'unacceptable-materials'));
  }
  const missing = await page.goto('/en/about/what-is-mailbridge');
  expect(missing?.status()).toBe(404);
});
