import { expect, test, type Response } from '@playwright/test';

/** Status of each hop: the redirects, then the final page. */
async function hops(response: Response | null): Promise<number[]> {
  const statuses: number[] = [];
  let request = response?.request() ?? null;
  while (request) {
    const r = await request.response();
    if (r) statuses.unshift(r.status());
    request = request.redirectedFrom();
  }
  return statuses;
}

test.describe('URL rules', () => {
  test('the root redirects to the English home page', async ({ page }) => {
    const response = await page.goto('/');
    expect(await hops(response)).toEqual([302, 200]);
    await expect(page).toHaveURL('/en/home');
  });

  test('the root follows the current language', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL ?? '' }]);
    await page.goto('/');
    await expect(page).toHaveURL('/ar/home');
  });

  test('trailing and double slashes are removed permanently', async ({ page, baseURL }) => {
    let response = await page.goto('/en/home/');
    expect(await hops(response)).toEqual([301, 200]);
    await expect(page).toHaveURL('/en/home');
    response = await page.goto(`${baseURL}//ar//home?x=1`);
    expect(await hops(response)).toEqual([301, 200]);
    await expect(page).toHaveURL('/ar/home?x=1');
  });

  test('the language segment is lowercased', async ({ page }) => {
    const response = await page.goto('/AR/home');
    expect(await hops(response)).toEqual([301, 200]);
    await expect(page).toHaveURL('/ar/home');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('an unknown language falls back to the current one', async ({ page }) => {
    await page.goto('/ar/home');
    const response = await page.goto('/fr/home');
    expect(await hops(response)).toEqual([302, 200]);
    await expect(page).toHaveURL('/ar/home');
  });

  test('an unknown URL shows the 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/en/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL('/en/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
    await expect(page).toHaveTitle('Page not found | Shipbox');
  });

  test('a URL without a language prefix shows the 404 page in the current language', async ({ page }) => {
    await page.goto('/ar/home');
    const response = await page.goto('/home');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('لم نتمكن من العثور على هذه الصفحة');
  });

  test('office-locator ids must be three letters or 1-5 digits', async ({ page }) => {
    for (const path of [
      '/en/office/office-locator/AE/DXBX',
      '/en/office/office-locator/AE/123456',
      '/en/office/office-locator/UAE/12',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
    }
  });
});
