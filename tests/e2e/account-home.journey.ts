/**
 * Account home (spec 1 §2.3, §4.4, §4.7) as demo@example.com, and the tabs a new account without addresses
 * sees.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, newCustomer } from './support.ts';

const PASSWORD = 'Demo!2345';

async function logIn(page: Page, email: string, password = PASSWORD, landing = '/en/home/account') {
  await page.goto(`/en/login?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(landing);
}

async function guidOf(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('session.user'));
  return (JSON.parse(stored ?? '{}') as { guid: string }).guid;
}

test.describe.configure({ mode: 'serial' });

test('opens on packages, keeps the tab in the URL and reports tab clicks', async ({ page }) => {
  await logIn(page, 'demo@example.com');
  const tabs = page.getByRole('tablist', { name: 'Your account' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Addresses',
    'Packages',
    'Profile',
    /^Messages \d+$/,
    'Requests',
    'Claim a package',
  ]);
  await expect(tabs.getByRole('tab', { name: 'Packages' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  // Paging through packages: 10 a page.
  const panel = page.getByRole('tabpanel');
  const packages = panel.getByRole('list', { name: 'Your packages' }).locator(':scope > li');
  await expect(packages).toHaveCount(10);
  const firstAwb = await packages.first().getByRole('heading').getByRole('link').textContent();
  await expect(panel.getByText('Page 1 of 4')).toBeVisible();
  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByText('Page 2 of 4')).toBeVisible();
  await expect(packages.first().getByRole('heading').getByRole('link')).not.toHaveText(firstAwb ?? '');
  // Weights in the customer's unit (kilograms until they choose), to 2 decimals.
  await expect(packages.first()).toContainText(/Weight\s*\d+\.\d{2} kg/);

  // Keyboard: arrows move between tabs; the tab is in the URL and survives a reload.
  await tabs.getByRole('tab', { name: 'Packages' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'Profile' })).toBeFocused();
  await expect(page).toHaveURL('/en/home/account?tab=profile');
  await tabs.getByRole('tab', { name: /^Messages/ }).click();
  await expect(page).toHaveURL('/en/home/account?tab=messages');
  const events = await page.evaluate(() => window.dataLayer ?? []);
  expect(events).toContainEqual({ event: 'interaction', category: 'account-home', action: 'tab', label: 'messages' });
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Messages/ })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page).toHaveURL('/en/home/account?tab=profile');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
});

test('messages page, and reading one lowers the unread badge', async ({ page }) => {
  await logIn(page, 'demo@example.com');
  await page.getByRole('tab', { name: /^Messages/ }).click();
  const badge = page.getByRole('tab', { name: /^Messages/ }).locator('.badge');
  const before = Number(await badge.textContent());
  expect(before).toBeGreaterThan(0);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('listitem')).toHaveCount(10);
  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByText('Page 2 of 2')).toBeVisible();
  await panel.getByRole('button', { name: 'Previous' }).click();
  const unread = panel.getByRole('link', { name: /^Unread:/ }).first();
  const subject = ((await unread.textContent()) ?? '').replace(/^Unread:\s*/, '');
  await unread.click();
  await expect(page).toHaveURL(/\/en\/account\/message\/[0-9a-f-]{36}$/);
  // Shown means read.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);
  await page.goto('/en/home/account?tab=messages');
  await expect(page.getByRole('tab', { name: /^Messages/ }).locator('.badge')).toHaveText(String(before - 1));
});

test('addresses: search, and service toggles confirmed, cancelled and failing', async ({ page }) => {
  await logIn(page, 'demo@example.com');
  await page.getByRole('tab', { name: 'Addresses' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('listitem')).toHaveCount(6);
  const search = panel.getByLabel('Search by name, office or country');
  await search.fill('lon');
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByRole('listitem')).toContainText('London');
  // United States, United Kingdom, United Arab Emirates.
  await search.fill('UNITED');
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  await search.fill('nyc');
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);

  const autoPay = panel.getByRole('switch', { name: 'AutoPay' });
  const was = await autoPay.isChecked();

  // Cancelled: back as it was.
  await autoPay.click();
  const dialog = page.getByRole('dialog', { name: 'Change this service?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(autoPay).toBeChecked({ checked: was });

  // Failing: back as it was, with the error.
  await page.route('**/Services/SS002/Activate/**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await autoPay.click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Something went wrong on our side. Please try again.')).toBeVisible();
  await expect(autoPay).toBeChecked({ checked: was });
  await page.unroute('**/Services/SS002/Activate/**');

  // Confirmed: saved, and still so after a reload.
  await autoPay.click();
  await expect(autoPay).toBeChecked({ checked: !was });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your service choice has been saved.')).toBeVisible();
  await page.reload();
  await page.getByLabel('Search by name, office or country').fill('nyc');
  await expect(page.getByRole('switch', { name: 'AutoPay' })).toBeChecked({ checked: !was });
});

test('claims: without a tracking number (566) and one the search does not find (830)', async ({ page }) => {
  await logIn(page, 'demo@example.com');
  await page.getByRole('tab', { name: 'Claim a package' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Address the package was sent to').selectOption({ label: 'London (LON)' });
  await panel.getByRole('radio', { name: 'No' }).check();
  await expect(panel.locator('[data-claim-process="0"]')).toBeVisible();
  // A file and a description are required here.
  await panel.getByRole('button', { name: 'Submit the claim' }).click();
  await expect(panel.getByText('This field is required.')).toBeVisible();
  await expect(panel.getByText('Please attach a file.')).toBeVisible();
  await expectAccessible(page);
  await panel.getByLabel('What happened?').fill('A parcel from a London store never showed up.');
  await panel.getByLabel('Proof (receipt, photo or tracking page)').setInputFiles({
    name: 'receipt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await panel.getByRole('button', { name: 'Submit the claim' }).click();
  await expect(panel.getByText(/Your claim CAS-\d{6} has been filed\./)).toBeVisible();

  await panel.getByRole('button', { name: 'File another claim' }).click();
  await panel.getByLabel('Address the package was sent to').selectOption({ label: 'New York (NYC)' });
  await panel.getByRole('radio', { name: 'Yes' }).check();
  await panel.getByRole('button', { name: 'Find the package' }).click();
  await expect(panel.getByText('Enter a tracking number.')).toBeVisible();
  await panel.getByLabel('Store tracking number').fill('TBA000000000');
  await panel.getByRole('button', { name: 'Find the package' }).click();
  await expect(panel.locator('[data-claim-process="4"]')).toBeVisible();
  await panel.getByLabel('What happened?').fill('The store says it was delivered to the warehouse.');
  await panel.getByLabel('Proof (receipt, photo or tracking page)').setInputFiles({
    name: 'proof.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await panel.getByRole('button', { name: 'Submit the claim' }).click();
  await expect(panel.getByText(/Your claim CAS-\d{6} has been filed\./)).toBeVisible();

  const guid = await guidOf(page);
  const cases = (await (await page.request.get('/api/account/GetClaimMyPackagesGcsCases')).json()) as {
    subCategory: number;
    externalString: string | null;
  }[];
  expect(cases.map((c) => c.subCategory)).toEqual(expect.arrayContaining([566, 830]));
  expect(guid).toMatch(/^[0-9a-f-]{36}$/);
});

test('claims: a package claimed already, by the customer or by someone, or in no claimable state, says so', async ({
  page,
}) => {
  await newCustomer(page);
  await page.getByRole('tab', { name: 'Claim a package' }).click();
  const panel = page.getByRole('tabpanel');
  /** Picks the customer's mailbox at an origin entity, whatever language its name shows in. */
  const pickOrigin = async (select: Locator, entity: string) => {
    const value = await select.locator('option', { hasText: `(${entity})` }).getAttribute('value');
    await select.selectOption(value!);
  };
  const search = async (entity: string, number: string) => {
    await pickOrigin(panel.getByLabel('Address the package was sent to'), entity);
    await panel.getByRole('radio', { name: 'Yes' }).check();
    await panel.getByLabel('Store tracking number').fill(number);
    await panel.getByRole('button', { name: 'Find the package' }).click();
  };
  const submit = panel.getByRole('button', { name: 'Submit the claim' });

  // Another customer's package received at origin (process 3): the customer claims it.
  await search('LON', 'TBA512000202');
  await expect(panel.locator('[data-claim-process="3"]')).toBeVisible();
  await panel.getByLabel('What happened?').fill('I ordered it; the label has a typo in my mailbox number.');
  await panel.getByLabel('Proof (receipt, photo or tracking page)').setInputFiles({
    name: 'receipt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await submit.click();
  const filed = panel.getByText(/Your claim CAS-\d{6} has been filed\./);
  await expect(filed).toBeVisible();
  const reference = /CAS-\d{6}/.exec((await filed.textContent()) ?? '')?.[0];
  expect(reference).toBeTruthy();

  // Found again: the open claim is named, and no second claim is offered.
  await panel.getByRole('button', { name: 'File another claim' }).click();
  await search('LON', 'tba512000202');
  const blocked = panel.locator('[data-claim-blocked]');
  await expect(blocked).toHaveAttribute('data-claim-blocked', 'claimedByYou');
  await expect(blocked).toHaveText(
    `You have already claimed this package: your claim ${reference} is open, and we will reply to it in your messages.`,
  );
  await expect(panel.locator('[data-claim-process]')).toHaveCount(0);
  await expect(submit).toHaveCount(0);
  await expectAccessible(page);

  // Claimed by someone (status 28): said so, with a way to contact us.
  await search('FRA', 'TBA44003443');
  await expect(blocked).toHaveAttribute('data-claim-blocked', 'claimed');
  await expect(blocked).toContainText('This package has already been claimed, and our team is checking the claim.');
  await expect(blocked.getByRole('link', { name: 'Contact customer support' })).toHaveAttribute(
    'href',
    '/en/help/contact-us',
  );
  await expect(submit).toHaveCount(0);

  // Another customer's package out for delivery: no rule of the claim flow takes it.
  await search('IST', 'TBA44002817');
  await expect(blocked).toHaveAttribute('data-claim-blocked', 'notClaimable');
  await expect(blocked).toContainText("This package can't be claimed here.");
  await expect(submit).toHaveCount(0);

  // Changing the number clears the answer; one nothing matches goes on as a claim (process 4).
  await panel.getByLabel('Store tracking number').fill('TBA000000999');
  await expect(blocked).toHaveCount(0);
  await panel.getByRole('button', { name: 'Find the package' }).click();
  await expect(panel.locator('[data-claim-process="4"]')).toBeVisible();
  await expect(submit).toBeVisible();

  // In Arabic too.
  await page.goto('/ar/home/account?tab=claim');
  const arPanel = page.getByRole('tabpanel');
  await pickOrigin(arPanel.getByLabel('العنوان الذي أُرسل إليه الطرد'), 'LON');
  await arPanel.getByRole('radio', { name: 'نعم' }).check();
  await arPanel.getByLabel('رقم التتبع من المتجر').fill('TBA512000202');
  await arPanel.getByRole('button', { name: 'ابحث عن الطرد' }).click();
  await expect(arPanel.locator('[data-claim-blocked="claimedByYou"]')).toContainText(
    `سبق أن قدّمت مطالبة بهذا الطرد: مطالبتك ${reference} مفتوحة`,
  );
});

test('a new account without addresses sees only the profile tab', async ({ page }) => {
  const email = `tabs.${Date.now()}@example.com`;
  const res = await page.request.post('/api/signup', {
    data: {
      firstName: 'Hala',
      lastName: 'Nassar',
      email,
      password: 'Strong!2345',
      passwordConfirmation: 'Strong!2345',
      countryCode: 'JO',
      mobileNumber: `07${String(Date.now()).slice(-8)}`,
      birthDate: { day: 2, month: 2, year: 1992 },
      planId: 1,
      langCode: 'en',
      agreeOnUseOptIn: false,
    },
  });
  expect(res.status()).toBe(201);
  // Without mailboxes the login goes on with signup; account home still shows the profile tab alone.
  await logIn(page, email, 'Strong!2345', '/en/signup/profile');
  await page.goto('/en/home/account?tab=messages');
  await expect(page.getByRole('tab')).toHaveText(['Profile']);
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);
});
