import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, logIn } from './support.ts';

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
});

interface Made {
  email: string;
  password: string;
  guid: string;
}

/** A customer made by the dev tools, not logged in yet. */
async function makeCustomer(page: Page, options: Record<string, unknown>): Promise<Made> {
  const res = await page.request.post('/dev/customers', { data: options });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Made;
}

/** The waybill number of the customer's only shipment (read as the logged-in customer). */
async function onlyShipment(page: Page, guid: string): Promise<string> {
  const res = await page.request.get(`/api/customers/${guid}/packages/getAllPackages?pageIndex=0&pageSize=10`);
  const list = (await res.json()) as { awb: string }[];
  expect(list).toHaveLength(1);
  return list[0]!.awb;
}

/** How far the truck's centre is from the bar's left edge, 0 to 1. */
async function truckFromLeft(page: Page): Promise<number> {
  const bar = (await page.getByRole('progressbar', { name: /progress|تقدم/ }).boundingBox())!;
  const truck = (await page.locator('.truck').boundingBox())!;
  return (truck.x + truck.width / 2 - bar.x) / bar.width;
}

test('a visitor sees the public fields only, with the truck from the left in English and the right in Arabic', async ({
  page,
}) => {
  // SB7000101 belongs to the demo customer, with customs and charges due.
  await page.goto('/en/tracking/SB7000101');
  await expect(page.getByRole('heading', { name: 'Held at customs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Status history' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Customs', exact: true })).toHaveCount(0);
  await expect(page.getByText('Charges to pay')).toHaveCount(0);
  await expect(page.getByText('1Z880007919')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Claim this shipment' })).toBeVisible();
  await expectAccessible(page);

  // Progress 5: near the start of the way.
  await page.goto('/en/tracking/SB9000100');
  await expect(page.getByRole('progressbar', { name: 'Shipment progress' })).toHaveAttribute('aria-valuenow', '5');
  expect(await truckFromLeft(page)).toBeLessThan(0.15);

  await page.goto('/ar/tracking/SB9000100');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'تم استلام معلومات الشحنة' })).toBeVisible();
  expect(await truckFromLeft(page)).toBeGreaterThan(0.85);
  await expectAccessible(page);
});

test('the page shows every seeded status, and a number that does not exist says so', async ({ page }) => {
  const names = [
    'Shipment information received',
    'Received at origin warehouse',
    'Unidentified package at origin',
    'In Account',
    'Needs an e-invoice',
    'Departed origin',
    'In transit',
    'Arrived at destination',
    'Held at customs',
    'Out for delivery',
    'Delivered',
    'Claimed by customer',
    'Returned to sender',
  ];
  for (const [i, name] of names.entries()) {
    await page.goto(`/en/tracking/SB${9_000_100 + i}`);
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    await expect(page.getByRole('list').filter({ has: page.locator('time') })).toBeVisible();
  }
  await page.goto('/en/tracking/SB0000001');
  await expect(page.getByRole('alert')).toContainText("We can't find a shipment with that number.");
});

test("the tool box beside a shipment opens another shipment's tracking page", async ({ page }) => {
  await page.goto('/en/tracking/SB9000100');
  const widgets = page.locator('aside.widgets');
  await widgets.scrollIntoViewIfNeeded();
  // The islands hydrate once visible; Astro drops `ssr` from each island when it has.
  await expect(widgets.locator('astro-island[ssr]')).toHaveCount(0);
  await widgets.getByLabel('Air waybill number').fill('SB9000106');
  await widgets.getByRole('button', { name: 'Track', exact: true }).click();
  await expect(page).toHaveURL('/en/tracking/SB9000106');
  await expect(page.getByRole('heading', { name: 'In transit', exact: true })).toBeVisible();
});

test('the owner pays the charges due from the tracking page and comes back to it', async ({ page }) => {
  const who = await makeCustomer(page, { pendingShipments: 1 });
  await logIn(page, who.email, who.password);
  const awb = await onlyShipment(page, who.guid);
  await page.goto(`/en/tracking/${awb}`);
  await expect(page.getByRole('heading', { name: 'Customs', exact: true })).toBeVisible();
  await expect(page.getByText('Customs duty', { exact: true })).toBeVisible();
  await expect(page.getByText('Import VAT', { exact: true })).toBeVisible();
  await expect(page.getByText('Declared value', { exact: true })).toBeVisible();
  await expectAccessible(page);

  const payNow = page.getByRole('button', { name: /^Pay now/ });
  await payNow.dblclick();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Name on card').fill('Test Customer');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Month').selectOption('09');
  await page.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(`/en/tracking/${awb}`);
  await expect(page.getByRole('status').filter({ hasText: /Payment of .* received for/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Charges to pay' })).toHaveCount(0);
  // Paid means paid: pending payments no longer lists it.
  await page.goto('/en/pending-payments');
  await expect(page.getByText('You have nothing to pay.')).toBeVisible();
});

test('an inquiry from tracking passes through login and comes back to the shipment', async ({ page }) => {
  const who = await makeCustomer(page, {});
  await page.goto('/en/tracking/SB9000105');
  await expect(page.getByRole('heading', { name: 'Departed origin', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Ask about this shipment' }).click();
  await expect(page).toHaveURL(/\/en\/login\?/);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(/\/en\/account\/request\/submit\?categoryId=562&shipmentAwb=SB9000105/);
  await expect(page.getByLabel('Category')).toHaveValue('562');
  await expect(page.getByLabel('Tracking number of the shipment (optional)')).toHaveValue('SB9000105');
  await page.getByLabel('Subject').fill('When will it move?');
  await page.getByLabel('Description').fill('It has been in transit for a week.');
  await page.getByLabel('Attachment', { exact: true }).setInputFiles(pdf('label.pdf'));
  await page.getByRole('button', { name: 'Submit request' }).click();

  await expect(page).toHaveURL('/en/tracking/SB9000105');
  await expect(page.getByText('Your request has been submitted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Departed origin', exact: true })).toBeVisible();
});

test('the owner sends an invoice with five files; more, or unsendable ones, are left out as they are chosen', async ({
  page,
}) => {
  const who = await makeCustomer(page, { invoiceShipments: 1 });
  await logIn(page, who.email, who.password);
  const awb = await onlyShipment(page, who.guid);
  await page.goto(`/en/tracking/${awb}`);
  await expect(page.getByRole('note')).toContainText('needs its e-invoice');
  await expect(page.getByText('Not declared yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'Invoice' });
  const files = form.getByLabel(/^Invoice files/);
  const agreement = form.getByLabel('I confirm the cost and the invoice are true and complete.');
  await form.getByLabel('Cost of the contents (USD)').fill('149.90');
  await form.getByLabel("Yes, I'll upload it").check();
  // Seven chosen, one of them not a document: warned at once, the first five documents kept (spec 2 §9: 5).
  const [first, ...rest] = [1, 2, 3, 4, 5, 6].map((n) => pdf(`invoice-${n}.pdf`));
  const notes = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('cost: 149.90') };
  await files.setInputFiles([first!, notes, ...rest]);
  const leftOut = form.getByRole('alert');
  await expect(leftOut).toContainText("These 2 files were left out and won't be sent:");
  await expect(leftOut.getByRole('listitem')).toHaveText([
    '\u2068notes.txt\u2069: not a PNG, JPG, GIF, PDF, DOC or DOCX file',
    '\u2068invoice-6.pdf\u2069: more than the 5 files you can send',
  ]);
  await expect(form.getByText('5 files chosen')).toBeVisible();
  // The field holds what will be sent.
  expect(await files.evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((f) => f.name))).toEqual([
    'invoice-1.pdf',
    'invoice-2.pdf',
    'invoice-3.pdf',
    'invoice-4.pdf',
    'invoice-5.pdf',
  ]);
  await expect(files).toHaveAttribute('aria-describedby', /files-left-out/);
  await expectAccessible(page);
  await agreement.check();

  // Changing the files takes the agreement back; a choice that fits clears the warning.
  await files.setInputFiles([1, 2, 3, 4, 5].map((n) => pdf(`invoice-${n}.pdf`)));
  await expect(leftOut).toHaveCount(0);
  await expect(agreement).not.toBeChecked();
  await agreement.check();
  await form.getByLabel("No, I don't have one").check();
  await expect(agreement).not.toBeChecked();
  await form.getByLabel("Yes, I'll upload it").check();
  await agreement.check();
  await expectAccessible(page);

  await form.getByRole('button', { name: 'Send invoice' }).click();
  await expect(page.getByText('Your invoice has been uploaded.')).toBeVisible();
  await expect(form.getByRole('listitem')).toHaveCount(5);
  // Each file the shipment holds downloads, as an attachment, from its link.
  const links = form.getByRole('listitem').getByRole('link');
  await expect(links).toHaveCount(5);
  const href = await links.first().getAttribute('href');
  expect(href).toMatch(new RegExp(`^/api/tracking/${awb}/upload/[0-9a-f-]{36}$`));
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="invoice-1\.pdf"/);
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(page.getByText('$149.90')).toBeVisible();

  // Kept: a reload shows the same.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Invoice' }).getByRole('listitem')).toHaveCount(5);
  await page.goto(`/ar/tracking/${awb}`);
  await expect(page.getByRole('heading', { name: 'الجمارك' })).toBeVisible();
  // In Arabic, the files left out are named the same way.
  const arForm = page.getByRole('form', { name: 'الفاتورة' });
  await arForm.getByLabel(/^ملفات الفاتورة/).setInputFiles([1, 2, 3, 4, 5, 6].map((n) => pdf(`invoice-${n}.pdf`)));
  await expect(arForm.getByRole('alert')).toContainText('استُبعد هذا الملف ولن يُرسَل:');
  await expect(arForm.getByRole('alert').getByRole('listitem')).toHaveText(
    'الملف \u2068invoice-6.pdf\u2069: يزيد على الحد الأقصى وهو 5 ملفات',
  );
  await expectAccessible(page);
});
