/**
 * The installed app offline (issue 26): what a customer opened reloads without a network, saying since when; logout
 * forgets it; payments are never saved; a new version is offered, not forced.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, newCustomer, sessionGuid } from './support.ts';

test.use({ serviceWorkers: 'allow' });

/** Waits until the site's worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The paths (with their query) saved in one of the browser's caches. */
function saved(page: Page, cache: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cache);
}

const SAVED_AT = {
  en: /^You're offline: showing what was saved at \d\d:\d\d( [AP]M)?\.$/,
  ar: /^أنت غير متصل بالإنترنت: نعرض ما حُفظ في الساعة [0-9٠-٩]{2}:[0-9٠-٩]{2} [صم]\.$/,
};

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a tracking page opened once reloads offline with its data, saying since when`, async ({
    page,
    context,
  }) => {
    // SB7000101 is the demo customer's, held at customs; a visitor sees its public tracking.
    if (lang === 'ar') {
      // Here the tracking read is still on its way when the worker takes the page: it is saved as it finishes.
      await page.route(
        '**/api/tracking/SB7000101?*',
        async (route) => {
          await controlled(page);
          await route.continue();
        },
        { times: 1 },
      );
    }
    await page.goto(`/${lang}/tracking/SB7000101`);
    // The status, its history and the help below it: the page is drawn whole before its headings are read.
    await expect(page.locator('#tracking-status-heading')).toBeVisible();
    await expect(page.locator('#tracking-history-heading')).toBeVisible();
    await expect(page.locator('#tracking-help-heading')).toBeVisible();
    const headings = await page.getByRole('heading').allInnerTexts();
    await controlled(page);
    // The first visit is saved too: the page and its tracking read, once the worker has taken the page.
    await expect.poll(() => saved(page, 'saved-data')).toContain(`/api/tracking/SB7000101?language=${lang}`);
    await expect.poll(() => saved(page, 'saved-pages')).toContain(`/${lang}/tracking/SB7000101`);
    await expect(page.locator('[data-saved-notice]')).toBeHidden();

    await context.setOffline(true);
    await page.reload();
    for (const heading of headings)
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: lang === 'en' ? "You're offline" : 'غير متصل' });
    await expect(notice).toBeVisible();
    expect(await notice.innerText()).toMatch(SAVED_AT[lang]);
    await expectAccessible(page);
    await context.setOffline(false);
  });
}

test("the account home's lists read offline; payments are never saved; logout forgets what was saved", async ({
  page,
  context,
}) => {
  await newCustomer(page, { pendingShipments: 1 });
  const guid = await sessionGuid(page);
  const packages = await page.request.get(`/api/customers/${guid}/packages/getAllPackages?pageIndex=0&pageSize=10`);
  const [first] = (await packages.json()) as { awb: string }[];
  const awb = first?.awb ?? 'no package';
  await controlled(page);
  await page.reload();
  await expect(page.getByText(awb).first()).toBeVisible();
  await expect
    .poll(async () => (await saved(page, 'saved-data')).some((path) => path.includes('/packages/getAllPackages')))
    .toBe(true);

  // The wallet and the payments due are read online only.
  await page.goto('/en/account/payment-options');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/en/pending-payments');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const pages = await saved(page, 'saved-pages');
  expect(pages).toContain('/en/home/account');
  expect(pages.filter((path) => /payment/.test(path))).toEqual([]);
  expect((await saved(page, 'saved-data')).filter((path) => /wallet|payment|card/i.test(path))).toEqual([]);

  await page.goto('/en/home/account');
  await expect(page.getByText(awb).first()).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(awb).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
  await context.setOffline(false);

  await page.reload();
  await page.locator('details.session-in summary').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).not.toHaveURL(/home\/account/);
  // Nothing of the customer's is left; only the page logout led to, a visitor's, is saved from then on.
  expect(await saved(page, 'saved-data')).toEqual([]);
  expect((await saved(page, 'saved-pages')).filter((path) => path.includes('/account'))).toEqual([]);
});

test('a new version is offered, and the page reloads into it when the customer asks', async ({ page }) => {
  const worker = readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'shipbox', 'sw.js'), 'utf8');
  let version = 1;
  // Each build's worker differs from the last; this page's browser sees a new one on request.
  await page.context().route('**/sw.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      headers: { 'Cache-Control': 'no-cache' },
      body: `${worker}\n// build ${version}\n`,
    }),
  );
  await page.goto('/en/faqs');
  await controlled(page);
  const update = page.getByRole('status').filter({ hasText: 'A new version of the site is ready.' });
  await expect(update).toBeHidden();
  {
    version = 2;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(update).toBeVisible();
    await expectAccessible(page);
    const reloaded = page.waitForEvent('load');
    await update.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(update).toBeHidden();
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();
  }
});
