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
      console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });

  // The viewer is a few megabytes of script: on a busy machine it takes a while to parse and draw.
  test.slow();
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Shipbox API').first()).toBeVisible({ timeout: 30_000 });
  // The contract's areas, and in one of them its calls by their declared summaries.
  const sidebar = page.getByRole('navigation', { name: 'Sidebar for Shipbox API' });
  await expect(sidebar.getByRole('button', { name: /^Account (Close|Open) Group/ })).toBeVisible();
  await sidebar.getByRole('button', { name: /^Wallet Open Group/ }).click();
  await expect(sidebar.getByRole('button', { name: /^The wallet balance/ })).toBeVisible();
  await expect(
    sidebar.getByRole('button', { name: /^Deletes a saved card \(the last one turns AutoPay off\)/ }),
  ).toBeVisible();

  // The viewer's own copy of zod probes once for eval (`new Function('')` in a try) and, refused, parses without
  // it: the policy stays without 'unsafe-eval'. Nothing else is refused.
  expect(violations.filter((v) => !/script-src eval \S+\/api\/docs\/viewer\.js$/.test(v))).toEqual([]);
  expect(outside).toEqual([]);
});
