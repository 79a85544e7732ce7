/**
 * Journeys of the demo customer's own pages: one message (read, then deleted after a confirmation), a request
 * submitted with an attachment and then closed, and how to use the mailbox addresses.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, newCustomer } from './support.ts';
import { ELF, PNG, PDF } from '../fixtures/files.ts';

const EMAIL = 'demo@example.com';
const PASSWORD = 'Demo!2345';
const PNG_FILE = Buffer.from(PNG);
/** An executable's first bytes, whatever its name says. */
const EXECUTABLE = Buffer.from(ELF);
const FILE_FORMAT = 'Upload a PNG, JPG, GIF, PDF, DOC or DOCX file.';

async function logIn(page: Page) {
  await page.goto(`/en/login?email=${encodeURIComponent(EMAIL)}`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/en/home/account');
}

/** The logged-in customer's guid, as the site keeps it. */
async function customerGuid(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('session.user') ?? '{}') as { guid: string }).guid);
}

interface MessageSummary {
  guid: string;
  subject: string;
  isRead: boolean;
}

async function messagesOf(page: Page, guid: string): Promise<MessageSummary[]> {
  const res = await page.request.get(`/api/customers/${guid}/messages?pageIndex=0&pageSize=100`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { messages: MessageSummary[] }).messages;
}

test.describe.configure({ mode: 'serial' });

test('a message opens from its address, is marked read, and is deleted only once confirmed', async ({ page }) => {
  await logIn(page);
  const guid = await customerGuid(page);
  const list = await messagesOf(page, guid);
  // An unread one when other journeys have left one (the demo starts with five).
  const unread = list.find((m) => !m.isRead) ?? list[0];
  if (!unread) throw new Error('the demo customer has no message');

  await page.goto(`/en/account/message/${unread.guid}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(unread.subject);
  await expect(page.getByText(/^Received:/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to messages' })).toHaveAttribute(
    'href',
    '/en/home/account?tab=messages',
  );
  expect((await messagesOf(page, guid)).find((m) => m.guid === unread.guid)?.isRead).toBe(true);
  await expectAccessible(page);

  // Cancelled: nothing happens.
  const remove = page.getByRole('button', { name: 'Delete message' });
  const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
  await remove.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("This can't be undone.");
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(heading).toHaveText(unread.subject);
  await expect(remove).toBeFocused();
  expect((await page.request.get(`/api/customers/${guid}/messages/${unread.guid}`)).status()).toBe(200);

  // Escape cancels too.
  await remove.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Confirmed: back on the messages tab with the notice; the message is gone.
  await remove.click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL('/en/home/account?tab=messages');
  await expect(page.getByText('The message has been deleted.')).toBeVisible();
  expect((await page.request.get(`/api/customers/${guid}/messages/${unread.guid}`)).status()).toBe(404);
  expect((await messagesOf(page, guid)).some((m) => m.guid === unread.guid)).toBe(false);

  // Its address now shows the not-found state.
  await page.goto(`/en/account/message/${unread.guid}`);
  await expect(heading).toHaveText("We couldn't find this message");
  await expect(page.getByRole('link', { name: 'Back to messages' })).toBeVisible();
});

test('a message id that is not a GUID is logged and not loaded', async ({ page }) => {
  await logIn(page);
  const errors: string[] = [];
  const calls: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('request', (r) => r.url().includes('/messages/') && calls.push(r.url()));
  await page.goto('/en/account/message/not-a-guid');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find this message");
  await expect(page.getByText('It may have been deleted, or the link may be wrong.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to messages' })).toHaveAttribute(
    'href',
    '/en/home/account?tab=messages',
  );
  expect(errors.some((e) => e.includes('not-a-guid'))).toBe(true);
  expect(calls).toEqual([]);
  await expectAccessible(page);
});

let requestId = 0;
let caseReference = '';

test('a request about a shipment is submitted with its attachment; a disguised executable is refused', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/en/account/request/submit?categoryId=562&shipmentAwb=SB7000105');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submit a request');
  const category = page.getByLabel('Category');
  await expect(category).toHaveValue('562');
  await expect(page.getByLabel('Tracking number of the shipment (optional)')).toHaveValue('SB7000105');
  // The six categories of spec 1 §3, in its order.
  await expect(category.getByRole('option')).toHaveText([
    'Choose a category',
    'Activate a mailbox',
    'Deactivate my account',
    'Inquiry about a shipment',
    'Edit my profile',
    'Claim a shipment',
    'Cancel Flex',
  ]);
  await expectAccessible(page);

  // Untouched, the form does nothing.
  const submit = page.getByRole('button', { name: 'Submit request' });
  await submit.click();
  await expect(page.locator('.field-error')).toHaveCount(0);
  await expect(page).toHaveURL(/\/en\/account\/request\/submit\?/);

  // Invalid: every problem shows, the file included, and nothing is sent.
  await page.getByLabel('Subject').fill('Parcel from New York');
  await submit.click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await expect(page.getByText('Please attach a file.')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Description').fill('The tracking shows no update for a week.');

  // Refused in the browser by its name, and on the server by its content.
  const file = page.getByLabel('Attachment', { exact: true });
  await file.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: EXECUTABLE });
  await expect(page.getByText(FILE_FORMAT)).toBeVisible();
  await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: EXECUTABLE });
  await expect(page.getByText(FILE_FORMAT)).toHaveCount(0);
  await submit.click();
  await expect(page.getByText(FILE_FORMAT)).toBeVisible();
  await expect(page).toHaveURL(/\/en\/account\/request\/submit\?/);
  const created = page.getByText(/^Your request CAS-\d{6} has been created, but the file was not attached\./);
  await expect(created).toBeVisible();
  caseReference = /CAS-\d{6}/.exec((await created.textContent()) ?? '')?.[0] ?? '';
  // Nothing typed is lost.
  await expect(page.getByLabel('Subject')).toHaveValue('Parcel from New York');
  await expect(page.getByLabel('Description')).toHaveValue('The tracking shows no update for a week.');
  await expect(page.getByLabel('Tracking number of the shipment (optional)')).toHaveValue('SB7000105');
  await expectAccessible(page);

  // A real PNG goes to the request already created: no second request.
  await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG_FILE });
  await submit.click();
  // Sent about a shipment, the customer is back on its tracking page.
  await expect(page).toHaveURL('/en/tracking/SB7000105');
  await expect(page.getByText('Your request has been submitted.')).toBeVisible();

  const guid = await customerGuid(page);
  const search = await page.request.post(`/api/account/${guid}/requests/search`, {
    data: { SearchLines: [{ Field: 'ExternalString', Operator: 'eq', Value: 'SB7000105' }] },
  });
  const found = (await search.json()) as { id: number; caseReference: string; attachments: { name: string }[] }[];
  // One request, created once, with the PNG only.
  const mine = found.filter((r) => r.caseReference === caseReference);
  expect(mine).toHaveLength(1);
  expect(mine[0]?.attachments.map((a) => a.name)).toEqual(['photo.png']);
  requestId = mine[0]!.id;
});

test('the request is closed from its page, which then cannot change; an unknown request is not found', async ({
  page,
}) => {
  expect(requestId, 'needs the request the previous journey submitted').toBeGreaterThan(0);
  await logIn(page);
  const guid = await customerGuid(page);
  await page.goto(`/en/account/request/edit/${requestId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Request ${caseReference}`);
  await expect(page.getByText('Inquiry about a shipment')).toBeVisible();
  const status = page.getByTestId('request-status');
  await expect(status).toHaveText('Open');
  const link = page.getByRole('link', { name: 'photo.png' });
  await expect(link).toHaveAttribute('href', new RegExp(`^/api/customers/${guid}/uploads/2/[0-9a-f-]{36}$`));
  const download = await page.request.get((await link.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toContain('image/png');
  await expectAccessible(page);

  // Untouched, saving does nothing.
  const save = page.getByRole('button', { name: 'Save changes' });
  await save.click();
  await expect(page.getByText('Your request has been saved.')).toHaveCount(0);

  // One more file, one at a time.
  await page
    .getByLabel('File to attach')
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
  await page.getByRole('button', { name: 'Attach the file' }).click();
  await expect(page.getByText('The file has been attached to your request.')).toBeVisible();
  await expect(page.locator('.attachment-list').getByRole('link')).toHaveText(['photo.png', 'invoice.pdf']);

  // An empty description is refused.
  const description = page.getByLabel('Description');
  await description.fill('  ');
  await save.click();
  await expect(page.getByText('This field is required.')).toBeVisible();

  await description.fill('Found it at the office. Thank you.');
  const closeCase = page.getByRole('checkbox', { name: "Close this request: I don't need anything more" });
  await closeCase.check();
  await save.click();
  await expect(page.getByText('Your request has been saved.')).toBeVisible();
  await expect(status).toHaveText('Closed');
  await expect(page.getByText("This request is closed and can't be changed.")).toBeVisible();
  await expect(description).toHaveValue('Found it at the office. Thank you.');
  await expect(description).not.toBeEditable();
  await expect(closeCase).toBeChecked();
  await expect(closeCase).toBeDisabled();
  await expect(save).toHaveCount(0);
  await expect(page.getByLabel('File to attach')).toHaveCount(0);
  await expectAccessible(page);

  // The same after a reload.
  await page.reload();
  await expect(status).toHaveText('Closed');
  await expect(closeCase).toBeChecked();
  await expect(description).not.toBeEditable();

  for (const id of ['999999', 'abc']) {
    await page.goto(`/en/account/request/edit/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find this request");
    await expect(page.getByRole('link', { name: 'Back to requests' })).toHaveAttribute(
      'href',
      '/en/home/account?tab=requests',
    );
  }
  await expectAccessible(page);
});

test('a claim of a shipment is filed from the submit page by its waybill number', async ({ page }) => {
  await newCustomer(page, { deliveredShipments: 1 });
  const guid = await customerGuid(page);
  const own = (await (await page.request.get(`/api/customers/${guid}/packages/getAllPackages`)).json()) as {
    awb: string;
  }[];
  const ownAwb = own[0]!.awb;

  await page.goto('/en/account/request/submit');
  const category = page.getByLabel('Category');
  await category.selectOption({ label: 'Claim a shipment' });
  await expect(category).toHaveValue('830');
  // A claim needs the waybill number and a file (spec 1 §3: Claim Shipment 830, attachment).
  const waybill = page.getByLabel('Tracking number of the shipment', { exact: true });
  await expect(waybill).toBeVisible();
  await expect(page.getByLabel('Attachment', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Claim a package' })).toHaveAttribute(
    'href',
    '/en/home/account?tab=claim',
  );
  const subject = `Not my parcel ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Description').fill('It carries my name on the label.');
  const submit = page.getByRole('button', { name: 'Submit request' });
  await submit.click();
  await expect(page.getByText('Enter a tracking number.')).toBeVisible();
  await expect(page.getByText('Please attach a file.')).toBeVisible();
  await expect(waybill).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.getByLabel('Attachment', { exact: true }).setInputFiles({
    name: 'label.png',
    mimeType: 'image/png',
    buffer: PNG_FILE,
  });

  // The customer's own shipment is not claimed (an inquiry is the way): the field says so, nothing is created.
  const refused =
    "We can't take a claim for this tracking number. Check it; if the shipment is yours, send an inquiry about it instead.";
  await waybill.fill(ownAwb);
  await submit.click();
  await expect(page.getByText(refused)).toBeVisible();
  await expect(waybill).toBeFocused();
  await expect(page).toHaveURL('/en/account/request/submit');

  // Someone else's shipment: filed, then back to the requests.
  await waybill.fill('SB9000105');
  await submit.click();
  await expect(page).toHaveURL('/en/home/account?tab=requests');
  await expect(page.getByText('Your request has been submitted.')).toBeVisible();
  const search = await page.request.post(`/api/account/${guid}/requests/search`, {
    data: { SearchLines: [{ Field: 'CategoryID', Operator: 'eq', Value: '830' }] },
  });
  const claims = (await search.json()) as {
    subject: string;
    subCategory: number;
    externalString: string;
    attachments: { name: string }[];
  }[];
  expect(claims.filter((c) => c.subject === subject)).toEqual([
    expect.objectContaining({
      subCategory: 830,
      externalString: 'SB9000105',
      attachments: [expect.objectContaining({ name: 'label.png' })],
    }),
  ]);

  // A second claim of it is refused while the first is open.
  await page.goto('/en/account/request/submit?categoryId=830');
  await expect(category).toHaveValue('830');
  await page.getByLabel('Subject').fill('Again');
  await page.getByLabel('Description').fill('Still mine.');
  await waybill.fill('SB9000105');
  await page.getByLabel('Attachment', { exact: true }).setInputFiles({
    name: 'label.png',
    mimeType: 'image/png',
    buffer: PNG_FILE,
  });
  await submit.click();
  await expect(
    page.getByText("You have already claimed this shipment, and your claim is open. You'll find it in your requests."),
  ).toBeVisible();
});

test('how to use: the address goes to one of the customer mailboxes, each line can be copied', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page);
  const place = page.getByRole('main').getByRole('heading', { level: 2 });

  // The bare route: the first mailbox.
  await page.goto('/en/howtouse');
  await expect(page).toHaveURL('/en/howtouse/US/NYC');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How to use your addresses');
  await expect(place).toHaveText('Your address in New York, United States');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('US');
  await expect(page.getByLabel('Warehouse')).toHaveValue('NYC');
  // Only the customer's mailboxes are offered.
  await expect(page.getByLabel('Country', { exact: true }).getByRole('option')).toHaveText([
    'United States',
    'United Kingdom',
    'China',
    'Türkiye',
    'United Arab Emirates',
    'Germany',
  ]);
  const row = (label: string) => page.locator('.copy-row').filter({ has: page.getByText(label, { exact: true }) });
  await expect(row('Mailbox number').locator('dd')).toContainText('AMM 104582');
  await expect(row('Full name').locator('dd')).toContainText('Dana Haddad');
  await expect(row('Family name (last name)').locator('dd')).toContainText('Haddad');
  await expect(row('Address line 1').locator('dd')).toContainText('350 W 31st St');
  await expect(row('Address line 2').locator('dd')).toContainText('AMM 104582');
  await expect(row('Phone').locator('dd')).toContainText('+1 212 555 0143');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Copy Mailbox number' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied: Mailbox number' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('AMM 104582');

  // Choosing another country goes to its first mailbox; back returns.
  await page.getByLabel('Country', { exact: true }).selectOption('GB');
  await expect(page).toHaveURL('/en/howtouse/GB/LON');
  await expect(place).toHaveText('Your address in London, United Kingdom');
  await page.goBack();
  await expect(page).toHaveURL('/en/howtouse/US/NYC');
  await expect(place).toHaveText('Your address in New York, United States');

  // An unknown entity goes to the country's first one; an unknown country to the fallback, here the first
  // mailbox, since the customer has none in Spain.
  await page.goto('/en/howtouse/GB/ZZZ');
  await expect(page).toHaveURL('/en/howtouse/GB/LON');
  await expect(place).toHaveText('Your address in London, United Kingdom');
  await expect(row('Address line 1').locator('dd')).toContainText('Unit 4, Heathrow Logistics Park');
  await page.goto('/en/howtouse/XX');
  await expect(page).toHaveURL('/en/howtouse/US/NYC');
  await expect(row('Mailbox number').locator('dd')).toContainText('AMM 104582');
  // Spain itself is a country the customer has no mailbox in.
  await page.goto('/en/howtouse/ES/BCN');
  await expect(page).toHaveURL('/en/howtouse/US/NYC');
  await expect(place).toHaveText('Your address in New York, United States');

  // Arabic, right to left.
  await page.goto('/ar/howtouse/GB/LON');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('كيف تستخدم عناوينك');
  // The mailbox named in Arabic; the lines to copy as the merchant's form wants them, in Latin script.
  await expect(place).toHaveText('عنوانك في لندن، المملكة المتحدة');
  await expect(page.getByLabel('الدولة', { exact: true })).toHaveValue('GB');
  await expect(row('رقم صندوق البريد').locator('dd')).toContainText('AMM 104582');
  await expect(row('المدينة').locator('[lang="en"][dir="ltr"]')).toHaveText('London');
  await expectAccessible(page);
});

const howToUse = (page: Page) => ({
  place: page.getByRole('main').getByRole('heading', { level: 2 }),
  line1: page.locator('.copy-row-line1 dd'),
  countries: page.getByLabel('Country', { exact: true }),
});

test('how to use: an unknown country goes to the Barcelona mailbox (spec 1 §2.5)', async ({ page }) => {
  const { place, line1, countries } = howToUse(page);
  // A customer in Jordan has a mailbox in Spain: the bare route and an unknown country go there.
  await newCustomer(page, { countryCode: 'JO' });
  await page.goto('/en/howtouse');
  await expect(page).toHaveURL('/en/howtouse/ES/BCN');
  await expect(place).toHaveText('Your address in Barcelona, Spain');
  await expect(line1).toContainText('Carrer 60, 19, Zona Franca');
  await expect(countries).toHaveValue('ES');
  await expect(page.getByLabel('Warehouse')).toHaveValue('BCN');
  await page.goto('/en/howtouse/XX/YYY');
  await expect(page).toHaveURL('/en/howtouse/ES/BCN');
  await expect(place).toHaveText('Your address in Barcelona, Spain');
  // An unknown entity of a known country: that country's first one.
  await page.goto('/en/howtouse/ES/ZZZ');
  await expect(page).toHaveURL('/en/howtouse/ES/BCN');
  await page.goto('/en/howtouse/gb');
  await expect(page).toHaveURL('/en/howtouse/GB/LON');
  await expect(place).toHaveText('Your address in London, United Kingdom');
  await expectAccessible(page);
});

test('how to use: a customer without a mailbox in Spain goes to their first mailbox instead', async ({ page }) => {
  const { place, line1, countries } = howToUse(page);
  // A customer in Spain has no mailbox there: none is opened in one's own country.
  await newCustomer(page, { countryCode: 'ES' });
  await page.goto('/en/howtouse/XX');
  await expect(page).toHaveURL('/en/howtouse/US/NYC');
  await expect(place).toHaveText('Your address in New York, United States');
  await expect(line1).toContainText('350 W 31st St');
  await expect(countries.getByRole('option', { name: 'Spain' })).toHaveCount(0);
  await expect(countries.getByRole('option', { name: 'United States' })).toHaveCount(1);
  await page.goto('/en/howtouse');
  await expect(page).toHaveURL('/en/howtouse/US/NYC');
  await page.goto('/en/howtouse/ES/BCN');
  await expect(page).toHaveURL('/en/howtouse/US/NYC');
});
