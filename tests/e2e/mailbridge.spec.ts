import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support.ts';
import { items, pageTitle } from './content.ts';

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

test('a Mailbridge visitor signs up and manages the Mailbridge mailing lists', async ({ page }) => {
  const email = `mb.${Date.now()}@example.com`;
  await page.goto('/en/signup/profile');
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Last name').fill('Saadeh');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Strong!2345');
  await page.getByLabel('Confirm password').fill('Strong!2345');
  await page.getByLabel('Country of residence').selectOption('GB');
  await page.getByLabel('Mobile number').fill(`+44 7${String(Date.now()).slice(-9)}`);
  await page.getByLabel('Day', { exact: true }).selectOption('9');
  await page.getByLabel('Month', { exact: true }).selectOption('3');
  await page.getByLabel('Year', { exact: true }).selectOption('1985');
  await page.getByRole('checkbox', { name: 'I accept the service agreement.' }).check();
  await page.getByRole('checkbox', { name: 'Send me offers and promotions by email.' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/signup/shipping');

  // The brand's own lists: promotions (opted in at signup) and service updates.
  const lists = await (await page.request.get(`/api/customers/${await userGuid(page)}/subscriptions`)).json();
  expect(lists).toEqual([
    { listId: 23, type: 2, kind: 'promo', subscribed: true },
    { listId: 407, type: 1, kind: 'serviceUpdate', subscribed: true },
  ]);
});

async function userGuid(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('session.user'));
  return (JSON.parse(stored ?? '{}') as { guid: string }).guid;
}

test('Mailbridge articles carry its name and paths, in English only', async ({ page }) => {
  for (const [path, title] of [
    ['/en/about/what-is-mailbridge', /Mailbridge/],
    ['/en/features/mailbridge-protect', /Mailbridge/],
    ['/en/privacy-policy', /Privacy/],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `https://www.mailbridge.example${path}`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveCount(0);
  }
  expect(await (await page.request.get('/sitemap.xml')).text()).toContain(
    '<loc>https://www.mailbridge.example/en/about/how-mailbridge-works</loc>',
  );
  await expectAccessible(page);
});

test('Mailbridge has the FAQs, service updates, banners, rates, shopping directory and tools, in English', async ({
  page,
}) => {
  const faq = items('faqs', 'en')[0];
  const banner = items('banners', 'en')[0];
  for (const [path, title] of [
    ['/en/faqs', pageTitle('en', 'faqs', 'Mailbridge')],
    [`/en/faqs/${faq?.id}/${faq?.slug}`, faq?.subject ?? ''],
    ['/en/service-updates', pageTitle('en', 'service-updates', 'Mailbridge')],
    ['/en/service-updates/page/2', `${pageTitle('en', 'service-updates', 'Mailbridge')}, page 2`],
    [`/en/single-banner/${banner?.id}/${banner?.slug}`, banner?.subject ?? ''],
    ['/en/about/country-rate', pageTitle('en', 'country-rate-top', 'Mailbridge')],
    ['/en/features/shopping-directory', pageTitle('en', 'shopping-directory', 'Mailbridge')],
    ['/en/customer-support', pageTitle('en', 'customer-support', 'Mailbridge')],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveCount(0);
  }
  await expectAccessible(page);
  // The help box asks for Mailbridge's own English articles.
  const asked = page.waitForRequest((r) => r.url().includes('/api/articles?') && r.url().includes('scope=mailbridge'));
  await page.locator('aside.widgets').scrollIntoViewIfNeeded();
  expect((await asked).url()).toContain('language=en');
  await page.goto('/en/home');
  await expect(page.locator('.carousel-slide')).toHaveCount(items('banners', 'en').length);
  const arabic = await page.request.get(`/ar/faqs/${faq?.id}/${faq?.slug}`, { maxRedirects: 0 });
  expect(arabic.status()).not.toBe(200);
});
