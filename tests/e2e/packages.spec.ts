/**
 * The account's packages (issue 24): the store of each, its free storage left at the mailbox (those near the
 * deadline first and marked), what it will cost to land with the breakdown, the search by store or contents, the
 * account home's count of packages near their deadline, and the customer's weight unit on every weight shown.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, logIn, newCustomer, sessionGuid } from './support.ts';
import type { Package, PackagesSummary } from '../../src/lib/api/account-home/contract.ts';
import { formatMoney } from '../../src/lib/payments/money-format.ts';
import { formatWeight } from '../../src/lib/weight/format-weight.ts';
import { isolate } from '../../src/lib/widgets/format.ts';

/** The customer's packages, as the server orders them, and its summary; read with the page's session. */
async function packagesOf(page: Page, search = ''): Promise<{ list: Package[]; summary: PackagesSummary }> {
  const guid = await sessionGuid(page);
  const query = new URLSearchParams({ pageIndex: '0', pageSize: '100', ...(search ? { search } : {}) });
  const list = await page.request.get(`/api/customers/${guid}/packages/getAllPackages?${query}`);
  const summary = await page.request.get(`/api/customers/${guid}/packages/summary`);
  expect(list.ok() && summary.ok()).toBe(true);
  return { list: (await list.json()) as Package[], summary: (await summary.json()) as PackagesSummary };
}

/** The cards of the packages tab, in order. */
const cardsIn = (page: Page, name: string): Locator =>
  page.getByRole('tabpanel').getByRole('list', { name }).locator(':scope > li');

/** The value of one of a card's facts. */
const fact = (card: Locator, name: string): Locator =>
  card
    .locator('.package-facts > div')
    .filter({ has: card.page().getByText(name, { exact: true }) })
    .locator('dd');

test('the packages tab: the store, storage deadlines first and marked, the landed cost and the search', async ({
  page,
}) => {
  await logIn(page, 'demo@example.com');
  const { list, summary } = await packagesOf(page);
  const near = list.filter((p) => p.storage?.nearDeadline);
  // The demo customer has packages at their deadline (seeded); the summary counts the same ones the list marks.
  expect(near.length).toBeGreaterThan(1);
  expect(summary.nearDeadline).toBe(near.length);
  // Near their deadline first.
  expect(list.slice(0, near.length)).toEqual(near);

  // The account home says how many, and leads to the packages.
  await page.goto('/en/home/account?tab=addresses');
  const notice = page.getByText(`${near.length} packages are near the end of their free storage, or past it.`);
  await expect(notice).toBeVisible();
  await page.getByRole('link', { name: 'See your packages' }).click();
  await expect(page.getByRole('tab', { name: 'Packages' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL('/en/home/account?tab=packages');

  const cards = cardsIn(page, 'Your packages');
  await expect(cards).toHaveCount(10);
  await expect(cards.first().getByRole('heading')).toContainText(list[0]!.awb);
  // Each package near its deadline is marked in words, and the first one after them is not.
  for (const [i, p] of near.entries()) {
    const storage = p.storage!;
    const left = fact(cards.nth(i), 'Free storage');
    if (storage.freeDaysLeft > 0) {
      await expect(left).toContainText('Free storage ends soon:');
      await expect(left).toContainText(
        storage.freeDaysLeft === 1 ? '1 free day left' : `${storage.freeDaysLeft} free days left`,
      );
    } else {
      await expect(left).toContainText('Storage fee due:');
      await expect(left).toContainText(
        // Amounts are isolated in the sentence (for Arabic), in English too.
        `${isolate(formatMoney(storage.feeSoFar, storage.currency, 'en'))} so far at ${isolate(formatMoney(storage.feePerDay, storage.currency, 'en'))} a day.`,
      );
    }
  }
  await expect(cards.nth(near.length)).not.toContainText(/ends soon|fee due/);
  const kept = list.slice(near.length, 10).findIndex((p) => p.storage);
  if (kept >= 0) {
    const storage = list[near.length + kept]!.storage!;
    await expect(fact(cards.nth(near.length + kept), 'Free storage')).toContainText(
      `${storage.freeDaysLeft} free days left`,
    );
  }

  // The store and the contents as written, isolated.
  const withMerchant = list.slice(0, 10).findIndex((p) => p.merchant);
  const merchant = list[withMerchant]!.merchant!;
  await expect(fact(cards.nth(withMerchant), 'Store').locator('bdi')).toHaveText(merchant);
  await expect(fact(cards.nth(withMerchant), 'Contents').locator('bdi')).toHaveText(list[withMerchant]!.description);

  // The landed cost of a package not shipped: the total, and the breakdown on demand.
  const costed = list.slice(0, 10).findIndex((p) => p.landedCost);
  expect(costed).toBeGreaterThanOrEqual(0);
  const estimate = list[costed]!.landedCost!;
  const money = (amount: number) => formatMoney(amount, estimate.currency, 'en');
  const breakdown = cards.nth(costed).locator('details.landed-cost');
  await expect(breakdown.locator('summary')).toContainText(`Landed cost${money(estimate.total)}`);
  await expect(breakdown.getByText('Total', { exact: true })).toBeHidden();
  await breakdown.locator('summary').click();
  await expect(breakdown.getByText('Total', { exact: true })).toBeVisible();
  for (const line of estimate.lines) {
    await expect(breakdown.locator(`[data-line="${line.code}"] .landed-cost-amount`)).toHaveText(money(line.amount));
  }
  // A package that has left its mailbox has no estimate.
  const shipped = list.slice(0, 10).findIndex((p) => !p.landedCost);
  if (shipped >= 0) await expect(cards.nth(shipped).locator('details.landed-cost')).toHaveCount(0);
  await expectAccessible(page);

  // The search asks the server from the first page: page 2, then a store's name.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  const found = (await packagesOf(page, merchant)).list;
  expect(found.length).toBeGreaterThan(0);
  await page.getByLabel('Search by store or contents').fill(merchant);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const matches = found.length === 1 ? '1 package matches' : `${found.length} packages match`;
  await expect(page.getByRole('status').filter({ hasText: matches })).toHaveText(`${matches} ${merchant}.`);
  await expect(cards).toHaveCount(Math.min(found.length, 10));
  await expect(cards.first().getByRole('heading')).toContainText(found[0]!.awb);
  for (const card of await cards.all()) await expect(card).toContainText(merchant);
  // Contents match too, in any case, and what matches nothing says so, on the packages tab still.
  const description = list.find((p) => p.description.length > 4)!.description;
  const part = description.slice(1, 5).toUpperCase();
  await page.getByLabel('Search by store or contents').fill(part);
  await expect(page.getByRole('status').filter({ hasText: part })).toBeVisible();
  await expect(cards.first()).toContainText(new RegExp(part, 'i'));
  await page.getByLabel('Search by store or contents').fill('no such store anywhere');
  await expect(page.getByText('No packages match no such store anywhere.')).toBeVisible();
  await expect(cards).toHaveCount(0);
  await page.getByRole('button', { name: 'Show all packages' }).click();
  await expect(page.getByText(`${list.length} packages`, { exact: true })).toBeVisible();
  await expect(page.getByText('Page 1 of 4')).toBeVisible();
  await expect(page.getByLabel('Search by store or contents')).toHaveValue('');
});

test('the packages tab in Arabic: the notice, the marks, the breakdown and the search read right to left', async ({
  page,
}) => {
  await logIn(page, 'demo@example.com');
  const { list, summary } = await packagesOf(page);
  await page.goto('/ar/home/account');
  const notice = page.locator('.package-deadline-notice');
  await expect(notice).toContainText(String(summary.nearDeadline));
  await expect(notice).toContainText('من نهاية تخزين');
  await notice.getByRole('link', { name: 'اعرض طرودك' }).click();
  await expect(page.getByRole('tab', { name: 'الطرود' })).toHaveAttribute('aria-selected', 'true');

  const cards = cardsIn(page, 'طرودك');
  await expect(cards).toHaveCount(10);
  const first = list[0]!;
  await expect(fact(cards.first(), 'التخزين المجاني')).toContainText(
    first.storage!.freeDaysLeft > 0 ? 'التخزين المجاني ينتهي قريباً:' : 'رسوم تخزين مستحقة:',
  );
  await expect(fact(cards.first(), 'الوزن')).toHaveText(/^\d+\.\d{2} كغ/);
  const costed = list.slice(0, 10).findIndex((p) => p.landedCost);
  const breakdown = cards.nth(costed).locator('details.landed-cost');
  await expect(breakdown.locator('summary')).toContainText('التكلفة حتى الباب');
  await breakdown.locator('summary').click();
  await expect(breakdown.getByText('المجموع', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const merchant = list.find((p) => p.merchant)!.merchant!;
  await page.getByLabel('ابحث باسم المتجر أو بالمحتويات').fill(merchant);
  await page.getByRole('button', { name: 'بحث', exact: true }).click();
  // The store's name is isolated inside the Arabic sentence.
  await expect(page.getByRole('status').locator('bdi')).toHaveText(merchant);
  await expect(page.getByRole('status')).toContainText(/تطابق|يطابق/);
  await expectAccessible(page);
});

test('choosing pounds in the profile changes the weights of the packages tab and the tracking page', async ({
  page,
}) => {
  await newCustomer(page, { deliveredShipments: 1, pendingShipments: 1 });
  const { list } = await packagesOf(page);
  const [parcel] = list;
  const weights = (unit: 'kg' | 'lb', lang: 'en' | 'ar') => list.map((p) => formatWeight(p.weightKg, unit, lang));

  // Kilograms until the customer chooses.
  await page.goto('/en/home/account?tab=packages');
  const cards = cardsIn(page, 'Your packages');
  await expect(
    cards
      .locator('.package-facts > div')
      .filter({ hasText: /^Weight/ })
      .locator('dd'),
  ).toHaveText(weights('kg', 'en'));

  await page.goto('/en/account/edit-profile');
  const units = page.getByRole('group', { name: 'Show weights in' });
  await expect(units.getByRole('radio', { name: 'Kilograms (kg)' })).toBeChecked();
  await expectAccessible(page);
  // The new customer has no mobile number yet; the form needs one.
  await page.getByLabel('Mobile number').fill(`9627${String(Date.now()).slice(-8)}`);
  await units.getByRole('radio', { name: 'Pounds (lb)' }).check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Show weights in' }).getByRole('radio', { name: 'Pounds (lb)' }),
  ).toBeChecked();

  await page.goto('/en/home/account?tab=packages');
  await expect(
    cards
      .locator('.package-facts > div')
      .filter({ hasText: /^Weight/ })
      .locator('dd'),
  ).toHaveText(weights('lb', 'en'));
  expect(weights('lb', 'en')[0]).toMatch(/^\d+\.\d{2} lb$/);

  await page.goto(`/en/tracking/${parcel!.awb}`);
  const weight = page
    .locator('.tracking-facts > div')
    .filter({ hasText: /^Weight/ })
    .locator('dd');
  await expect(weight).toHaveText(formatWeight(parcel!.weightKg, 'lb', 'en'));
  await page.goto(`/ar/tracking/${parcel!.awb}`);
  await expect(
    page
      .locator('.tracking-facts > div')
      .filter({ hasText: /^الوزن/ })
      .locator('dd'),
  ).toHaveText(new RegExp(`^${formatWeight(parcel!.weightKg, 'lb', 'en').replace(' lb', '')} رطل$`));
});

test('the package alerts are on until the customer turns one off in the profile, in both languages', async ({
  page,
}) => {
  await newCustomer(page);
  const guid = await sessionGuid(page);
  const saved = async () => {
    const answer = await page.request.get(`/api/account/${guid}/options/notifications`);
    expect(answer.ok()).toBe(true);
    const { notificationOptions } = (await answer.json()) as {
      notificationOptions: { name: string; value: boolean }[];
    };
    return Object.fromEntries(notificationOptions.map((o) => [o.name, o.value]));
  };

  await page.goto('/en/account/edit-profile');
  // Far below the form, the switches load as the customer scrolls towards them.
  await page.getByRole('button', { name: 'Save profile' }).waitFor();
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  const alerts = page.getByRole('region', { name: 'Package alerts' });
  const storage = alerts.getByRole('switch', { name: 'Free storage is running out' });
  for (const name of [
    'A package arrives at my mailbox',
    'Free storage is running out',
    'A shipment is held for charges',
  ]) {
    await expect(alerts.getByRole('switch', { name })).toBeChecked();
  }
  await expectAccessible(page);

  await storage.uncheck();
  await expect(page.getByText('Your settings have been saved.')).toBeVisible();
  expect(await saved()).toMatchObject({
    PackageArrived: true,
    StorageDeadline: false,
    HeldForCharges: true,
    Wallet: true,
  });

  // Kept, and shown as saved in Arabic too.
  await page.goto('/ar/account/edit-profile');
  await page.getByRole('button', { name: 'حفظ الملف الشخصي' }).waitFor();
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  const inArabic = page.getByRole('region', { name: 'تنبيهات الطرود' });
  await expect(inArabic.getByRole('switch', { name: 'اقتراب نهاية التخزين المجاني' })).not.toBeChecked();
  await expect(inArabic.getByRole('switch', { name: 'وصول طرد إلى صندوقي البريدي' })).toBeChecked();
  await inArabic.getByRole('switch', { name: 'اقتراب نهاية التخزين المجاني' }).check();
  await expect.poll(async () => (await saved()).StorageDeadline).toBe(true);
});
