/**
 * The API reference page (/api/docs): Scalar's viewer, served from the package, draws the OpenAPI document generated
 * from the declarations, under a policy of its own that breaks nothing and reaches nothing outside.
 */
import { expect, test } from '@playwright/test';

test('the API reference shows the declared calls, with nothing refused and nothing fetched from outside', async ({
  page,
  baseURL,
}) => {
  const violations: string[] = [];
  const outside: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL ?? '') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) {
      outside.push(r.url());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Shipbox API').first()).toBeVisible();
  // A tag of the contract and one of its calls, by their declared summaries.
  await expect(page.getByText('Wallet', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('The wallet balance').first()).toBeVisible();
  await expect(page.getByText('api/packages/{awb}/singlePackage').first()).toBeAttached();

  expect(violations).toEqual([]);
  expect(outside).toEqual([]);
});
