/**
 * The island pages draw their heading from the page's HTML, in the page's language and direction, before any
 * JavaScript runs (the island's fallback, `slot="fallback"`); the island's first view then replaces that fallback
 * whole: one heading and one loading notice at most, never the fallback's beside the island's, and nothing shifts
 * on a phone from the first paint until the page has settled (issue 28, target 5).
 */
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { brands } from '../../src/brands/brands.ts';
import type { Lang } from '../../src/i18n/languages.ts';
import { ROUTE_SAMPLES } from './route-samples.ts';
import { brandOf, samplePath, test } from './route-sessions.ts';

const catalogues = Object.fromEntries(
  brands.shipbox.languages.map((lang) => [
    lang,
    JSON.parse(readFileSync(`src/i18n/${lang}.json`, 'utf8')) as Record<string, string>,
  ]),
) as Record<Lang, Record<string, string>>;

/** Each island page of the benchmark, and the heading its HTML carries (the part of it known at build time). */
const PAGES: { route: string; heading: (c: Record<string, string>) => string }[] = [
  { route: 'login', heading: (c) => c['login.heading']! },
  { route: 'tracking', heading: (c) => c['tracking.heading']! },
  { route: 'office-locator.country', heading: (c) => c['officeLocator.heading']! },
  // The greeting without the name, which the page script fills in from the session.
  { route: 'account-home', heading: (c) => c['accountHome.heading']!.replace('{{name}}', '').trim() },
  { route: 'account.wallet', heading: (c) => c['wallet.heading']! },
  { route: 'account.membershipPayment', heading: (c) => c['checkout.membershipHeading']! },
];

for (const lang of brands.shipbox.languages) {
  for (const { route, heading } of PAGES) {
    const sample = ROUTE_SAMPLES[route]!;
    const tag = `@${lang}`;

    test(
      `${lang} ${route}: the heading is in the page's HTML, before any script`,
      { tag },
      async ({ browser, baseURL, sessions }) => {
        const session = await sessions(sample.who);
        const path = samplePath(sample, lang, brandOf(test.info().project.name), session);
        const context = await browser.newContext({ baseURL, storageState: session.state, javaScriptEnabled: false });
        const page = await context.newPage();
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        const headings = page.locator('main h1');
        await expect(headings).toHaveCount(1);
        expect((await headings.textContent())?.trim()).toContain(heading(catalogues[lang]));
        await context.close();
      },
    );

    test(
      `${lang} ${route}: the island replaces its fallback, and nothing shifts on a phone`,
      { tag },
      async ({ browser, baseURL, sessions }) => {
        const session = await sessions(sample.who);
        const path = samplePath(sample, lang, brandOf(test.info().project.name), session);
        const context = await browser.newContext({
          baseURL,
          storageState: session.state,
          viewport: { width: 412, height: 823 },
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const shifts: { value: number; sources: string[] }[] = [];
          (window as unknown as { shifts: typeof shifts }).shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources: { node?: Node }[];
            })[]) {
              if (entry.hadRecentInput) continue;
              const sources = entry.sources.map((s) =>
                s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : '',
              );
              shifts.push({ value: entry.value, sources });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(path, { waitUntil: 'networkidle' });
        // Once the page has its data: the island's heading alone, no loading notice of the island's (widgets beside it,
        // rendered at build time, may have theirs) and no fallback left.
        await expect(page.locator('main h1')).toBeVisible();
        await expect(page.locator('main h1')).toHaveCount(1);
        await expect(
          page.locator('astro-island[client="only"] [role="status"]', { hasText: catalogues[lang]['common.loading']! }),
        ).toHaveCount(0);
        await expect(page.locator('main .skeleton-field')).toHaveCount(0);
        const shifts = await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts);
        expect(shifts).toEqual([]);
        await context.close();
      },
    );
  }
}
