/**
 * The service options page (spec 1 §2.7, §4.7): tabs per location type, switching between pickup, locker and
 * delivery with a forced failure that restores the previous choice, tabs hidden where there are no such offices,
 * the map loaded only when shown, and load failures. Each journey uses a fresh customer.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, newCustomer } from './support.ts';

const PAGE = '/en/account-settings';
const current = (page: Page) => page.locator('.service-options-current');
const tab = (page: Page, name: string) => page.getByRole('tab', { name });

async function openPage(page: Page, path = PAGE) {
  await page.goto(path);
  await expect(page.getByRole('tablist')).toBeVisible();
}

test('switches between locker, pickup and delivery; a failed update restores the previous choice', async ({ page }) => {
  await newCustomer(page);
  await openPage(page);
  await expect(page.getByRole('tab')).toHaveText(['Pick up from an office', 'Locker', 'Delivery to my address']);
  await expect(tab(page, 'Delivery to my address')).toHaveAttribute('aria-selected', 'true');
  await expect(current(page)).toHaveText('Your parcels are delivered to your address.');
  await expect(page.getByRole('tabpanel')).toContainText('1 Test Street');
  await expectAccessible(page);

  await tab(page, 'Locker').click();
  const lockers = page.getByRole('list', { name: 'Lockers' }).getByRole('listitem');
  await expect(lockers.first()).toBeVisible();
  await lockers
    .first()
    .getByRole('button', { name: /^Use this locker/ })
    .click();
  await expect(page.getByText('Your delivery option has been saved.')).toBeVisible();
  await expect(lockers.first()).toContainText('Your choice');
  await expect(current(page)).toContainText('Your parcels go to the locker at:');
  const lockerText = await current(page).textContent();

  // The pickup update fails once: the locker comes back.
  let refused = 0;
  await page.route('**/ServiceOptions/pickup', (route) => {
    if (route.request().method() !== 'PUT' || refused > 0) return route.fallback();
    refused++;
    return route.fulfill({ status: 500, json: { code: 'SERVER_ERROR' } });
  });
  await tab(page, 'Pick up from an office').click();
  const offices = page.getByRole('list', { name: 'Offices' }).getByRole('listitem');
  await offices
    .first()
    .getByRole('button', { name: /^Collect here/ })
    .click();
  await expect(page.getByText("We couldn't save your delivery option. Your previous choice is kept.")).toBeVisible();
  await expect(current(page)).toHaveText(lockerText ?? '');
  await expect(offices.first()).not.toContainText('Your choice');
  expect(refused).toBe(1);

  await offices
    .first()
    .getByRole('button', { name: /^Collect here/ })
    .click();
  await expect(offices.first()).toContainText('Your choice');
  await expect(current(page)).toContainText('Your parcels wait for you at:');

  await tab(page, 'Delivery to my address').click();
  await page.getByRole('button', { name: 'Deliver to this address' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Your choice');
  await page.reload();
  await expect(tab(page, 'Delivery to my address')).toHaveAttribute('aria-selected', 'true');
  await expect(current(page)).toHaveText('Your parcels are delivered to your address.');
  // The locker is no longer in force, but the page remembers it.
  await tab(page, 'Locker').click();
  await expect(page.getByRole('list', { name: 'Lockers' })).not.toContainText('Your choice');
  await expect(lockers.first()).toContainText('Your last choice here');
});

test('shows only the tabs the country has offices for', async ({ page }) => {
  await newCustomer(page, { countryCode: 'QA' });
  await openPage(page);
  await expect(page.getByRole('tab')).toHaveText(['Pick up from an office', 'Delivery to my address']);
});

test('loads the map only when it is shown', async ({ page }) => {
  await newCustomer(page);
  const mapFiles: string[] = [];
  page.on('request', (r) => {
    if (/PlacesMap|maplibre|countries-50m/.test(r.url())) mapFiles.push(r.url());
  });
  await openPage(page);
  await tab(page, 'Locker').click();
  await expect(page.getByRole('list', { name: 'Lockers' })).toBeVisible();
  expect(mapFiles).toEqual([]);
  const toggle = page.getByRole('button', { name: 'Show map' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide map' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Map of the lockers' })).toBeVisible();
  await expect.poll(() => mapFiles.length).toBeGreaterThan(0);
  // The map fills its region (it follows its container's size, not only the window's).
  const region = page.getByRole('region', { name: 'Map of the lockers' });
  const canvas = region.locator('canvas');
  await expect(canvas).toBeVisible();
  await expect
    .poll(async () => {
      const [outer, inner] = await Promise.all([region.boundingBox(), canvas.boundingBox()]);
      return Math.abs((outer?.width ?? 0) - (inner?.width ?? 0)) <= 2;
    })
    .toBe(true);
  // Every request stays on this origin.
  expect(mapFiles.every((url) => url.startsWith(new URL(page.url()).origin))).toBe(true);
  await expectAccessible(page);
});

test('a load failure shows a danger notice: 500 and 401', async ({ page }) => {
  await newCustomer(page);
  await page.route('**/ServiceOption', (route) => route.fulfill({ status: 500, json: { code: 'SERVER_ERROR' } }));
  await page.goto(PAGE);
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong on our side.' }).first()).toBeVisible();
  await page.unroute('**/ServiceOption');
  await page.route('**/ServiceOption', (route) => route.fulfill({ status: 401, json: { code: 'UNAUTHORIZED' } }));
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Your session has ended.' }).first()).toBeVisible();
});

test('the page in Arabic, right to left', async ({ page }) => {
  await newCustomer(page);
  await openPage(page, '/ar/account-settings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'خيارات التوصيل' })).toBeVisible();
  await tab(page, 'الاستلام من مكتب').click();
  await expect(page.getByRole('list', { name: 'المكاتب' })).toContainText('عمّان');
  await expectAccessible(page);
});
