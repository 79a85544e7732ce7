/**
 * The return shipment wizard (spec 1 §2.1 shipment-return, §5 "Return addresses" and "Pickup"; spec 2 §4, §8, §9):
 * pickup address, delivery address checked by the country (errors.invalidAddress), pickup date at most 7 days
 * ahead, times on a 24-hour grid, declared value under the limit, the price, and the submitted return. Each
 * journey uses a fresh customer in Jordan with a delivered shipment.
 */
import { expect, test, type Page } from '@playwright/test';
import { format } from 'date-fns';
import { addDays, pickupWindow } from '../../src/lib/returns/return-rules.ts';
import { expectAccessible, newCustomer } from './support.ts';
import { weighPage } from './page-weight.ts';
import { BUDGET_KB } from './route-samples.ts';

interface Package {
  hawbId: number;
  awb: string;
}

/** The customer's packages (their hawb ids and waybill numbers), read with the page's session. */
async function packagesOf(page: Page): Promise<Package[]> {
  const guid = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('session.user') ?? '{}') as { guid: string }).guid,
  );
  const res = await page.request.get(`/api/customers/${guid}/packages/getAllPackages`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Package[];
}

/** A yyyy-MM-dd day written as the date field writes it in English (dd MMMM yyyy). */
const written = (day: string) => format(new Date(`${day}T12:00:00`), 'dd MMMM yyyy');
/** Days of the pickup window in Amman, where the customers live. */
const amman = () => pickupWindow(new Date(), 'Asia/Amman');

const group = (page: Page, name: string) => page.getByRole('group', { name });
const alert = (page: Page) => page.locator('.form-alert');

async function fillDeliveryAddress(page: Page, zip: string) {
  await page.getByLabel('Recipient phone number').fill('+1 212 555 0100');
  await page.getByLabel('Street address').fill('350 Fifth Avenue');
  await page.getByLabel('City').fill('New York');
  await page.getByLabel('Zip code').fill(zip);
}

/**
 * A day's cell in the month shown, not a trailing or leading day of the next or previous month that the grid
 * also holds (hidden, `data-outside`).
 */
const dayCell = (page: Page, day: string) => page.locator(`td[data-day="${day}"]:not([data-outside])`);

/** Turns the calendar to the month of `day` (yyyy-MM-dd) if it can: forward first, then back. */
async function showMonthOf(page: Page, day: string) {
  const cell = dayCell(page, day);
  for (const direction of ['next', 'previous'] as const) {
    for (let i = 0; i < 2 && (await cell.count()) === 0; i += 1) {
      const button = page.locator(`.rdp-button_${direction}`);
      if ((await button.getAttribute('aria-disabled')) === 'true') break;
      await button.click();
    }
  }
}

test('returns a delivered shipment through the three steps', async ({ page }) => {
  // Three steps, each checked for accessibility, then the tracking page: past 30 s when the machine is busy.
  test.slow();
  await newCustomer(page, { deliveredShipments: 1 });
  const [shipment] = await packagesOf(page);
  const id = shipment!.hawbId;

  // Step 1: the pickup address, prefilled from the profile.
  await page.goto(`/en/shipment-return/address-from?id=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Return a shipment' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Pickup address' })).toBeVisible();
  await expect(page).toHaveTitle(/^Return a shipment: pickup address \| Shipbox$/);
  await expect(page.getByLabel('Street address')).toHaveValue('1 Test Street');
  await expect(page.getByLabel('City')).toHaveValue('Amman');
  await expect(page.getByLabel('Country')).toHaveValue('JO');
  // The profile has no zip code; Amman, a city of the list, fills it.
  await expect(page.getByLabel('Zip code (optional)')).toHaveValue('11118');
  await expectAccessible(page);
  await page.getByLabel('Street address').fill('12 Rainbow Street');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the delivery address, prefilled with the supplier; a US address is checked before going on.
  await expect(page).toHaveURL(`/en/shipment-return/address-to?id=${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Delivery address' })).toBeFocused();
  await expect(page.getByLabel('Recipient name')).toHaveValue('Northwind Outfitters');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(alert(page)).toContainText('Please correct the highlighted fields.');
  await expect(page.getByText('Enter the zip code.')).toBeVisible();
  await fillDeliveryAddress(page, '90012');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(alert(page)).toContainText(
    "We couldn't verify this address. Please check the street, city and zip code.",
  );
  await expect(page).toHaveURL(`/en/shipment-return/address-to?id=${id}`);
  await expectAccessible(page);
  await page.getByLabel('Zip code').fill('10001');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`/en/shipment-return/pickup?id=${id}`);

  // What was entered survives a reload and going back. Reloaded, the step stays within the account pages'
  // budget: its calendar loads only when opened.
  const weight = await weighPage(page, page.url());
  expect(weight.js, weight.scripts.join(', ')).toBeLessThanOrEqual(BUDGET_KB.account * 1024);
  expect(weight.scripts.join(' ')).not.toMatch(/PickupCalendar/);
  await expect(page.getByRole('heading', { level: 2, name: 'Pickup time and parcel' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(`/en/shipment-return/address-to?id=${id}`);
  await expect(page.getByLabel('Recipient phone number')).toHaveValue('+1 212 555 0100');
  await expect(page.getByLabel('Zip code')).toHaveValue('10001');
  await page.goBack();
  await expect(page).toHaveURL(`/en/shipment-return/pickup?id=${id}`);
  await page.getByRole('link', { name: 'Pickup address' }).click();
  await expect(page).toHaveURL(`/en/shipment-return/address-from?id=${id}`);
  await expect(page.getByLabel('Street address')).toHaveValue('12 Rainbow Street');
  await page.goBack();
  await expect(page).toHaveURL(`/en/shipment-return/pickup?id=${id}`);

  // Step 3: the pickup date is at most 7 days ahead: later days are disabled, and refused when typed.
  const { first, last } = amman();
  const date = page.getByRole('textbox', { name: 'Pickup date' });
  await expect(date).toHaveValue(/^\d{2} [A-Z][a-z]+ \d{4}$/);
  await expect(group(page, 'Ready from').getByLabel('Hour')).toHaveValue(/^\d{2}$/);
  await expect(group(page, 'Ready from').getByLabel('Minute')).toHaveValue(/^[0-5]0$/);
  await expect(page.getByLabel('Declared value (USD)')).toHaveValue('60.0');
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('1.20');
  await expectAccessible(page);
  const tooLate = addDays(first, 8);
  const opener = page.getByRole('button', { name: 'Choose on the calendar' });
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await opener.click();
  await expect(page.getByRole('button', { name: 'Hide the calendar' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.return-calendar')).toBeVisible();
  await showMonthOf(page, last);
  if (tooLate.slice(0, 7) === last.slice(0, 7)) {
    await expect(dayCell(page, tooLate)).toHaveAttribute('data-disabled', 'true');
  } else {
    await expect(page.locator('.rdp-button_next')).toHaveAttribute('aria-disabled', 'true');
  }
  await date.fill(written(tooLate));
  await date.blur();
  // Calculate checks the pickup first: the field says what is wrong, and no price is asked for.
  const calculations: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/shipments/return/calculate')) calculations.push(r.url());
  });
  const calculate = page.getByRole('button', { name: 'Calculate price' });
  const windowError = page.getByText('Choose a pickup date from today to 7 days ahead.');
  await calculate.click();
  await expect(windowError).toBeVisible();
  await expect(page.locator('.return-price')).toHaveText('Please correct the highlighted fields.');
  expect(calculations).toEqual([]);
  await page.getByRole('button', { name: 'Submit return' }).click();
  await expect(windowError).toBeVisible();
  await expect(page).toHaveURL(`/en/shipment-return/pickup?id=${id}`);

  // A valid day from the calendar.
  const chosen = addDays(first, 2);
  await showMonthOf(page, chosen);
  await dayCell(page, chosen).locator('button').click();
  await expect(date).toHaveValue(written(chosen));
  // Chosen, the calendar closes and the field has the focus.
  await expect(page.locator('.return-calendar')).toBeHidden();
  await expect(date).toBeFocused();
  await expect(page.getByText('Choose a pickup date from today to 7 days ahead.')).toBeHidden();

  // The latest time may not be before the ready time.
  await group(page, 'Ready from').getByLabel('Hour').selectOption('15');
  await group(page, 'Ready from').getByLabel('Minute').selectOption('30');
  await group(page, 'Collect by').getByLabel('Hour').selectOption('14');
  await expect(page.getByText("The collect-by time can't be before the ready time.")).toBeVisible();
  await calculate.click();
  await expect(page.getByText("The collect-by time can't be before the ready time.")).toBeVisible();
  await expect(page.locator('.return-price')).toHaveText('Please correct the highlighted fields.');
  expect(calculations).toEqual([]);
  await group(page, 'Collect by').getByLabel('Hour').selectOption('17');
  await expect(page.getByText("The collect-by time can't be before the ready time.")).toBeHidden();

  // The declared value may not exceed the limit (US: $800).
  await expect(page.getByText('The declared value of a return can be at most \u2068$800.00\u2069.')).toBeVisible();
  await page.getByLabel('Declared value (USD)').fill('900');
  await calculate.click();
  await expect(page.getByText('The declared value is above the limit for returns.')).toBeVisible();
  expect(calculations).toEqual([]);
  await page.getByRole('button', { name: 'Submit return' }).click();
  await expect(page.getByText('The declared value is above the limit for returns.')).toBeVisible();
  await page.getByLabel('Declared value (USD)').fill('75.25');
  await page.getByLabel('Declared value (USD)').blur();
  await expect(page.getByLabel('Declared value (USD)')).toHaveValue('75.3');

  // The price: basic rate US→JO for 1.20 kg (three half kilograms), asked for once the pickup is valid.
  await calculate.click();
  await expect(page.locator('.return-price')).toContainText('Return price: \u2068$39.00\u2069');
  expect(calculations).toHaveLength(1);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Submit return' }).click();
  await expect(page).toHaveURL(`/en/tracking/${shipment!.awb}`);
  await expect(page.getByText('Your return shipment has been accepted.')).toBeVisible();

  // The shipment now has its return: the wizard says so, with a way back.
  await page.goto(`/en/shipment-return/address-from?id=${id}`);
  await expect(page.getByRole('alert')).toContainText('A return has already been arranged for this shipment.');
  await expect(page.getByRole('link', { name: 'Back to your packages' })).toHaveAttribute(
    'href',
    '/en/home/account?tab=packages',
  );
});

test('a shipment that is not delivered, or not the customer’s, can’t be returned', async ({ page }) => {
  await newCustomer(page, { pendingShipments: 1 });
  const [held] = await packagesOf(page);
  await page.goto(`/en/shipment-return?id=${held!.hawbId}`);
  await expect(page.getByRole('alert')).toContainText("This shipment can't be returned");
  await expect(page.getByRole('link', { name: 'Back to your packages' })).toBeVisible();
  await expectAccessible(page);
  // The demo customer's delivered shipment is someone else's.
  await page.goto('/en/shipment-return/address-from?id=500010');
  await expect(page.getByRole('alert')).toContainText("We couldn't find this shipment among yours.");
  await page.goto('/en/shipment-return/pickup');
  await expect(page.getByRole('alert')).toContainText("We couldn't find this shipment among yours.");
});

test('in Arabic the wizard runs right to left with Arabic month names', async ({ page }) => {
  await newCustomer(page, { deliveredShipments: 1 });
  const [shipment] = await packagesOf(page);
  const id = shipment!.hawbId;

  // The bare route opens the first step; a later step opened too early does too.
  await page.goto(`/ar/shipment-return?id=${id}`);
  await expect(page).toHaveURL(`/ar/shipment-return/address-from?id=${id}`);
  await page.goto(`/ar/shipment-return/pickup?id=${id}`);
  await expect(page).toHaveURL(`/ar/shipment-return/address-from?id=${id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'إرجاع شحنة' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'عنوان الاستلام' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'متابعة' }).click();

  await expect(page).toHaveURL(`/ar/shipment-return/address-to?id=${id}`);
  await page.getByLabel('رقم هاتف المستلم').fill('+1 212 555 0100');
  await page.getByLabel('عنوان الشارع').fill('350 Fifth Avenue');
  await page.getByLabel('المدينة').fill('New York');
  await page.getByLabel('الرمز البريدي').fill('90012');
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(alert(page)).toContainText('تعذّر التحقق من هذا العنوان.');
  await expectAccessible(page);
  await page.getByLabel('الرمز البريدي').fill('10001');
  await page.getByRole('button', { name: 'متابعة' }).click();

  await expect(page).toHaveURL(`/ar/shipment-return/pickup?id=${id}`);
  const months = /(يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر)/;
  await expect(page.getByRole('textbox', { name: 'تاريخ الاستلام' })).toHaveValue(
    new RegExp(`^\\d{2} ${months.source} \\d{4}$`),
  );
  await page.getByRole('button', { name: 'اختر من التقويم' }).click();
  const calendar = page.locator('.return-calendar');
  await expect(calendar).toHaveAttribute('dir', 'rtl');
  await expect(calendar.locator('.rdp-caption_label')).toHaveText(new RegExp(`^${months.source} \\d{4}$`));
  await expect(page.getByRole('group', { name: 'جاهز اعتباراً من' }).getByLabel('الساعة')).toHaveValue(/^\d{2}$/);
  await expectAccessible(page);
});
