import { expect, test, type Page } from '@playwright/test';

/** A notice raised by the previous page just before it navigated here. */
async function pendingNotice(page: Page, type: string, msg: string) {
  await page.addInitScript(
    ([t, m]) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        sessionStorage.setItem('notifications.pending', JSON.stringify([{ id: 'n1', type: t, msg: m }]));
      }
    },
    [type, msg],
  );
}

test.describe('notifications (spec 1 §4.13)', () => {
  test('a success notice vanishes after 8 seconds', async ({ page }) => {
    await page.clock.install();
    await pendingNotice(page, 'success', 'notifications.cardSaved');
    await page.goto('/en/home');
    const toast = page.getByText('Your card has been saved.');
    await expect(toast).toBeVisible();
    await page.clock.runFor(7_500);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(toast).toBeHidden();
  });

  test('a danger notice stays 10 seconds, translated', async ({ page }) => {
    await page.clock.install();
    await pendingNotice(page, 'danger', 'errors.500');
    await page.goto('/ar/home');
    const toast = page.getByText('حدث خطأ من جهتنا. يرجى المحاولة مرة أخرى.');
    await expect(toast).toBeVisible();
    await page.clock.runFor(9_500);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(toast).toBeHidden();
  });

  test('a notice is shown once: not again on the next page', async ({ page }) => {
    await pendingNotice(page, 'info', 'notifications.wait');
    await page.goto('/en/home');
    await expect(page.getByText('Please wait…')).toBeVisible();
    await page.goto('/en/404');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Please wait…')).toHaveCount(0);
  });
});
