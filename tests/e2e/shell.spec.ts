import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support.ts';

test.describe('site shell (Shipbox)', () => {
  test('English home page: title, direction, menus and footer', async ({ page }) => {
    await page.goto('/en/home');
    await expect(page).toHaveTitle('Shop worldwide, ship home | Shipbox');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Your addresses in the world's shopping countries",
    );
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    for (const group of ['About', 'Features', 'Help'])
      await expect(nav.getByText(group, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Save with Flex' })).toHaveAttribute('href', '/en/about/shipbox-flex');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Shipbox on Facebook' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get the Android app' })).toBeVisible();
  });

  test('main menu groups open with the keyboard', async ({ page }) => {
    await page.goto('/en/home');
    const about = page.getByText('About', { exact: true });
    await about.focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: 'What is Shipbox' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/en/about/what-is-shipbox');
    // Opening another group closes the first one.
    await page.getByText('Help', { exact: true }).click();
    await expect(link).toBeHidden();
    await expect(page.getByRole('link', { name: 'FAQs' }).first()).toBeVisible();
  });

  test('Arabic home page is right to left and translated', async ({ page }) => {
    await page.goto('/ar/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page).toHaveTitle('تسوّق من العالم واشحن إلى بيتك | Shipbox');
    await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
    // Logical CSS: the live-chat button sits at the inline end, which is the left in Arabic.
    const box = await page.locator('[data-live-chat]').boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && box.x < width / 2).toBe(true);
  });

  test('the language switch keeps the page and its query', async ({ page }) => {
    await page.goto('/en/no-such-page?ref=mail');
    await page.getByRole('link', { name: 'العربية' }).click();
    await expect(page).toHaveURL('/ar/no-such-page?ref=mail');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL('/en/no-such-page?ref=mail');
    // The choice is remembered: the root now opens in the language last used.
    await page.getByRole('link', { name: 'العربية' }).click();
    await page.goto('/');
    await expect(page).toHaveURL('/ar/home');
  });

  test('the install-app banner stays closed once closed', async ({ page, context }) => {
    await page.goto('/en/home');
    const banner = page.getByRole('complementary', { name: 'Install the app' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Close the app banner' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.goto('/ar/home');
    await expect(page.getByRole('complementary', { name: 'ثبّت التطبيق' })).toBeHidden();
    // A different browser has not closed it.
    const other = await context.browser()?.newPage();
    await other?.goto(page.url().replace('/ar/home', '/en/home'));
    await expect(other!.getByRole('complementary', { name: 'Install the app' })).toBeVisible();
    await other?.close();
  });

  test('the live-chat button is offered on Shipbox', async ({ page }) => {
    await page.goto('/en/home');
    const chat = page.getByRole('link', { name: 'Chat with us' });
    await expect(chat).toBeVisible();
    await expect(chat).toHaveAttribute('href', '/en/help/contact-us');
  });

  for (const path of ['/en/home', '/ar/home', '/en/404', '/ar/404']) {
    test(`no accessibility violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('a static page loads no JavaScript it does not need', async ({ page }) => {
    const scripts: { path: string; body: Buffer }[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script')
        scripts.push({ path: new URL(r.url()).pathname, body: await r.body() });
    });
    await page.goto('/en/home');
    await page.waitForLoadState('networkidle');
    // No React, HTTP client or toast library for a visitor with nothing to show; the page script stays small.
    const bundle = scripts.map((s) => s.body.toString('utf8')).join('\n');
    expect(bundle).not.toContain('react.transitional.element');
    expect(scripts.map((s) => s.path).join(' ')).not.toMatch(/client\.|mount-toaster|\/http\./);
    const gzipBytes = gzipSync(Buffer.concat(scripts.map((s) => s.body))).length;
    expect(gzipBytes).toBeLessThan(20 * 1024);
  });

  test('the page runs under its content security policy without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto('/ar/home');
    await page.waitForLoadState('networkidle');
    const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(violations).toEqual([]);
  });
});
