/**
 * Every route of the route table, in English and in Arabic, opened by the visitor or customer it is for:
 * - axe finds nothing (WCAG 2.1 A and AA plus target size), and headings skip no level;
 * - the page keeps its address (no redirect away: the page audited is the route's own);
 * - the response carries the security headers, and the page's own policy allows no inline or eval'd script,
 *   and nothing on the page breaks it;
 * - no catalogue key shows raw, and no island asks for a key its loaded catalogue parts lack;
 * - size budgets, by bytes and never by time: JavaScript loaded before any interaction is at most 20 KB gzip
 *   on an article, 150 KB on any other page, less on the island pages of the benchmark that have their own
 *   (route-samples.ts); the map library loads only on map pages, and there only when the map's box is in view (or
 *   near it) at a phone's size, otherwise once it is scrolled to.
 */
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { ROUTES } from '../../src/lib/routes/route-table.ts';
import { brands } from '../../src/brands/brands.ts';
import { budgetOf, ROUTE_SAMPLES } from './route-samples.ts';
import { kb, watchWeight } from './page-weight.ts';
import { MAP_IDLE_DELAY_MS, MAP_VIEW_MARGIN_PX } from '../../src/lib/maps/on-demand.ts';
import { brandOf, samplePath, test } from './route-sessions.ts';
import { expectAccessible, expectHeadingOrder } from './support.ts';

/** The catalogue's keys (both languages have the same ones). */
const KEYS = Object.keys(JSON.parse(readFileSync('src/i18n/en.json', 'utf8')) as Record<string, string>);

test('every route of the table has a sample URL', () => {
  expect(Object.keys(ROUTE_SAMPLES).sort()).toEqual(ROUTES.map((r) => r.name).sort());
});

for (const lang of brands.shipbox.languages) {
  for (const route of ROUTES) {
    const sample = ROUTE_SAMPLES[route.name];
    if (!sample) continue;
    // Tagged by language: the Mailbridge project, English only, leaves the Arabic ones out (playwright.config.ts).
    const tag = `@${lang}`;
    test(
      `${lang} ${route.name}: accessible, secured and within its budget`,
      { tag },
      async ({ browser, baseURL, sessions }) => {
        const brand = brandOf(test.info().project.name);
        const session = await sessions(sample.who);
        // A phone, as the benchmark measures: what is below the fold there loads only once scrolled to.
        const context = await browser.newContext({
          baseURL,
          storageState: session.state,
          viewport: { width: 412, height: 823 },
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        // Every violation of the page's policy, including the ones code catches (an eval probe) that log nothing.
        await page.addInitScript(() => {
          const seen: string[] = [];
          (window as unknown as { cspViolations: string[] }).cspViolations = seen;
          document.addEventListener('securitypolicyviolation', (e) =>
            seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
          );
        });
        const policyBreaks: string[] = [];
        const missingKeys: string[] = [];
        page.on('console', (m) => {
          if (/Content Security Policy/i.test(m.text())) policyBreaks.push(m.text());
          if (m.text().startsWith('Missing catalogue key')) missingKeys.push(m.text());
        });
        const path = samplePath(sample, lang, brand, session);

        const watch = watchWeight(page);
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        // A map page shows its places first and a box of the map's size; the map library comes once that box is in
        // view or near it (src/lib/maps/on-demand.ts), or a few seconds after load when the visitor stays put. The box
        // is there once the places have rendered; a map in view is waited for, since its library is fetched only then.
        let mapInView = false;
        if (sample.kind === 'map') {
          const box = page.locator('.places-map').first();
          await expect(box).toBeVisible();
          mapInView = await box.evaluate(
            (element, margin) => element.getBoundingClientRect().top < window.innerHeight + margin,
            MAP_VIEW_MARGIN_PX,
          );
          if (mapInView) await expect(page.locator('.maplibregl-canvas').first()).toBeVisible();
        }
        const weight = await watch.done();

        // The route's own page, not a redirect elsewhere. A page that settles its address itself (how to use picks
        // the first mailbox once its data is in) does so after rendering, so this waits for the address it lands on.
        await expect
          .poll(() => new URL(page.url()).pathname)
          .toBe(sample.lands ? `/${lang}/${sample.lands}` : path.split('?')[0]);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator('h1').first()).toBeVisible();

        const headers = response!.headers();
        expect.soft(headers['x-content-type-options']).toBe('nosniff');
        expect.soft(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect.soft(headers['permissions-policy']).toContain('camera=()');
        expect.soft(headers['content-security-policy']).toContain("frame-ancestors 'self'");
        expect.soft(headers['strict-transport-security'], 'no HSTS over plain http').toBeUndefined();
        const policy = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
        const scriptSrc = /script-src ([^;]*)/.exec(policy ?? '')?.[1] ?? '';
        expect.soft(scriptSrc).toContain("'self'");
        expect.soft(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);

        // The map library, on the pages that draw a map, is outside the budget (it loads after the page works).
        const budget = budgetOf(sample);
        const js = weight.js - weight.mapJs;
        expect
          .soft(
            js,
            `${path} loads ${kb(js)} KB gzip of JavaScript before any interaction; its budget is ${budget} KB (${weight.scripts.join(', ')})`,
          )
          .toBeLessThanOrEqual(budget * 1024);
        if (sample.kind !== 'map' || mapInView) {
          expect
            .soft(weight.mapLibrary, `the map library loads on ${path} before any interaction`)
            .toBe(sample.kind === 'map');
        } else {
          // Out of view, only the idle path fetches it, some seconds after load; a busy machine may reach that before
          // the network rests, so what is checked is that nothing of the map was asked for earlier.
          const early = await page.evaluate((delay) => {
            const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
            const loaded = nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : performance.now();
            return performance
              .getEntriesByType('resource')
              .filter((e) => /maplibre|PlacesMap/i.test(e.name) && e.startTime < loaded + delay - 100)
              .map((e) => e.name);
          }, MAP_IDLE_DELAY_MS);
          expect.soft(early, `the map of ${path}, out of view, is not fetched before the page is idle`).toEqual([]);
        }
        // A map below the fold comes once scrolled to.
        if (sample.kind === 'map' && !mapInView) {
          const scrolled = watchWeight(page);
          await page.locator('.places-map').first().scrollIntoViewIfNeeded();
          await expect(page.locator('.maplibregl-canvas').first()).toBeVisible();
          expect
            .soft((await scrolled.done()).mapLibrary, `the map library loads on ${path} once scrolled to`)
            .toBe(true);
        }

        // Every string translated: no catalogue key shows raw on the page.
        const text = await page.locator('body').innerText();
        expect(
          KEYS.filter((key) =>
            new RegExp(`(^|[^\\w.])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w.])`).test(text),
          ),
        ).toEqual([]);
        // Nor does any island ask for a key its catalogue parts lack (src/i18n/catalogue-parts.ts).
        expect(missingKeys).toEqual([]);

        await expectAccessible(page);
        await expectHeadingOrder(page);
        policyBreaks.push(
          ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
        );
        expect(policyBreaks).toEqual([]);
        await context.close();
      },
    );
  }
}
