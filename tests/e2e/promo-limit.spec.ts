import { expect, test } from '@playwright/test';
import { newCustomer } from './support.ts';

// Wrong promo codes are limited per customer (docs/decisions/030): the checkout then says to wait, in the
// customer's language, rather than that something broke.
test('after too many wrong promo codes the checkout says to wait', async ({ page }) => {
  await newCustomer(page);
  await page.goto('/en/account/membership-payment?id=2');
  await expect(page.getByRole('radiogroup')).toBeVisible();
  await page.getByRole('radio', { name: 'New card' }).check();
  const code = page.getByLabel('Promo code');
  const apply = async (text: string) => {
    await code.fill(text);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/subscription/applypromo')),
      page.getByRole('button', { name: 'Apply' }).click(),
    ]);
    return answer.status();
  };
  for (let i = 0; i < 10; i++) expect(await apply(`WRONG${i}`)).toBe(400);
  expect(await apply('WELCOME10')).toBe(429);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Too many attempts. Please wait a few minutes and try again.').first()).toBeVisible();
  await expect(page.getByText('Something went wrong on our side. Please try again.')).toHaveCount(0);
});
