/**
 * Pending payments (spec 1 §4.10; spec 2 §4, §8): selecting shipments adjusts the totals exactly, Pay asks for one
 * payment page however often it is clicked, the provider's page takes the card, and the shipments come back paid.
 * Each journey uses a fresh customer with three shipments held for their charges.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, newCustomer } from './support.ts';

const PAGE = '/en/pending-payments';

/** The charges of the dev customers' shipments i = 0, 1, 2 (server/dev/demo-customers.ts), in cents. */
const charges = (i: number) =>
  Math.round((12.35 + i * 3.1) * 100) + 200 + Math.round((1.15 + i * 0.1) * 100) + Math.round((16.4 + i * 3.5) * 100);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** An amount set apart inside a sentence (Unicode isolates), as the page writes it. */
const isolated = (text: string) => `\u2068${text}\u2069`;

const shipments = (page: Page) => page.getByRole('list', { name: 'Shipments with charges due' }).getByRole('listitem');
const payButton = (page: Page) => page.getByRole('button', { name: /^(Pay |Select shipments to pay)/ });

async function openPage(page: Page) {
  await page.goto(PAGE);
  await expect(shipments(page)).toHaveCount(3);
}

test('pays two of three shipments on the provider page and shows them paid', async ({ page }) => {
  await newCustomer(page, { pendingShipments: 3 });
  await openPage(page);
  await expectAccessible(page);
  // Newest first: the dev shipments were received one day apart, the first one earliest.
  const [newest, middle, oldest] = [shipments(page).nth(0), shipments(page).nth(1), shipments(page).nth(2)];
  await expect(newest).toContainText(`Total${dollars(charges(2))}`);
  await expect(oldest).toContainText(`Total${dollars(charges(0))}`);
  await expect(payButton(page)).toBeDisabled();

  await newest.getByRole('checkbox').check();
  await middle.getByRole('checkbox').check();
  await oldest.getByRole('checkbox').check();
  await expect(page.getByRole('heading', { name: '3 shipments selected' })).toBeVisible();
  await oldest.getByRole('checkbox').uncheck();
  const twoCents = charges(2) + charges(1);
  await expect(page.getByRole('heading', { name: '2 shipments selected' })).toBeVisible();
  await expect(payButton(page)).toHaveText(`Pay ${isolated(dollars(twoCents))}`);

  const resolves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/tracking/resolvePaymentUrl')) resolves.push(r.url());
  });
  await payButton(page).dblclick();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  expect(resolves).toHaveLength(1);
  await expect(page.getByText(dollars(twoCents)).first()).toBeVisible();

  await page.getByLabel('Name on card').fill('Test Customer');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Month').selectOption('09');
  await page.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(PAGE);
  await expect(
    page.getByRole('status').filter({ hasText: `Payment of ${isolated(dollars(twoCents))} received for` }),
  ).toBeVisible();
  await expect(shipments(page)).toHaveCount(1);
  await expect(shipments(page).first()).toContainText(`Total${dollars(charges(0))}`);

  // The wallet's statement lists the payment.
  await page.goto('/en/account/payment-options');
  await page.getByText('Transactions', { exact: true }).click();
  await expect(page.getByRole('table')).toContainText('Shipment charges paid');
  await expect(page.getByRole('table')).toContainText(dollars(twoCents));
});

test('a cancelled payment charges nothing and leaves every shipment due', async ({ page }) => {
  await newCustomer(page, { pendingShipments: 3 });
  await openPage(page);
  await shipments(page).first().getByRole('checkbox').check();
  await payButton(page).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(PAGE);
  await expect(page.getByText('You cancelled the payment. Nothing was charged.')).toBeVisible();
  await expect(shipments(page)).toHaveCount(3);
});

test('a failure to start the payment says so and keeps the selection', async ({ page }) => {
  await newCustomer(page, { pendingShipments: 3 });
  await openPage(page);
  await shipments(page).nth(1).getByRole('checkbox').check();
  await page.route('**/api/tracking/resolvePaymentUrl**', (route) =>
    route.fulfill({ status: 500, json: { code: 'SERVER_ERROR' } }),
  );
  await payButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: "We couldn't start the payment." }).first()).toBeVisible();
  await expect(shipments(page).nth(1).getByRole('checkbox')).toBeChecked();
  await expect(payButton(page)).toBeEnabled();
});

test('nothing to pay', async ({ page }) => {
  await newCustomer(page);
  await page.goto(PAGE);
  await expect(page.getByText('You have nothing to pay.')).toBeVisible();
  await expect(payButton(page)).toHaveCount(0);
});

test('the page in Arabic, right to left', async ({ page }) => {
  await newCustomer(page, { pendingShipments: 1 });
  await page.goto('/ar/pending-payments');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'المدفوعات المستحقة' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'رسوم الشحن' }).first()).toBeVisible();
  await expectAccessible(page);
});

test('in Arabic, a payment cancelled on the provider’s page comes back saying so in Arabic', async ({ page }) => {
  const missing: string[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('Missing catalogue key')) missing.push(m.text());
  });
  await newCustomer(page, { pendingShipments: 1 });
  await page.goto('/ar/pending-payments');
  const list = page.getByRole('list', { name: 'الشحنات ذات الرسوم المستحقة' }).getByRole('listitem');
  await list.first().getByRole('checkbox').check();
  await page.locator('.pending-page button.button').last().click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/ar/pending-payments');
  await expect(page.getByText('ألغيت عملية الدفع. لم يُخصم أي مبلغ.')).toBeVisible();
  await expect(list).toHaveCount(1);
  expect(missing).toEqual([]);
});
