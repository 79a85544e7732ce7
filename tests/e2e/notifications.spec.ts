import { expect, test, type Locator, type Page } from '@playwright/test';

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

/** A clock that moves only when the test moves it, so a loaded machine can't eat into the notice's time. */
async function stoppedClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2026-11-22T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-22T10:00:01Z'));
}

/**
 * Lets the page load while its clock barely moves (10 ms of page time for every 25 ms of real time, enough
 * for zero-delay timers), until `toast` shows; returns the page time that took.
 */
async function stepUntilShown(page: Page, toast: Locator): Promise<number> {
  for (let elapsed = 0; elapsed <= 1_000; elapsed += 10) {
    if (await toast.isVisible()) return elapsed;
    await page.clock.runFor(10);
    await page.waitForTimeout(25);
  }
  throw new Error('the notice never showed');
}

test.describe('notifications (spec 1 §4.13)', () => {
  test('a success notice vanishes after 8 seconds', async ({ page }) => {
    await stoppedClock(page);
    await pendingNotice(page, 'success', 'notifications.cardSaved');
    await page.goto('/en/home');
    const toast = page.getByText('Your card has been saved.');
    const elapsed = await stepUntilShown(page, toast);
    await page.clock.runFor(7_500 - elapsed);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(toast).toBeHidden();
  });

  test('a danger notice stays 10 seconds, translated', async ({ page }) => {
    await stoppedClock(page);
    await pendingNotice(page, 'danger', 'errors.500');
    await page.goto('/ar/home');
    const toast = page.getByText('حدث خطأ من جهتنا. يرجى المحاولة مرة أخرى.');
    const elapsed = await stepUntilShown(page, toast);
    await page.clock.runFor(9_500 - elapsed);
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
