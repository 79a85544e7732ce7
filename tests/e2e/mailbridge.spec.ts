import { expect, test } from '@playwright/test';
import { expectAccessible } from './support.ts';

test.describe('site shell (Mailbridge)', () => {
  test('English only, with its own name and article paths', async ({ page }) => {
    await page.goto('/en/home');
    await expect(page).toHaveTitle('Shop worldwide, ship home | Mailbridge');
    await expect(page.getByRole('list', { name: 'Language' })).toHaveCount(0);
    await page.getByText('About', { exact: true }).click();
    await expect(page.getByRole('link', { name: 'What is Mailbridge' })).toHaveAttribute(
      'href',
      '/en/about/what-is-mailbridge',
    );
  });

  test('has no live chat', async ({ page }) => {
    await page.goto('/en/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chat with us' })).toHaveCount(0);
  });

  test('Arabic URLs fall back to English', async ({ page }) => {
    await page.goto('/ar/home');
    await expect(page).toHaveURL('/en/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/');
    await expect(page).toHaveURL('/en/home');
  });

  test('no accessibility violations on the home page', async ({ page }) => {
    await page.goto('/en/home');
    await expectAccessible(page);
  });
});
