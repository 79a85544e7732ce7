/**
 * The wallet (spec 1 §2.7, §4.8, §5; spec 2 §4, §7, §8): balance and lazily loaded transactions, adding cards of
 * each type directly or through the provider's frame, a PayPal account through the provider's page, the default,
 * the delete confirmations, AutoPay and its rules, and the Wallet notification switch. Journeys that change a
 * wallet use a fresh customer; the demo customer's wallet is only read.
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { expectAccessible, logIn, newCustomer } from './support.ts';

const WALLET = '/en/account/payment-options';
const nextYear = String(new Date().getFullYear() + 2);

async function openWallet(page: Page, path = WALLET) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 2, name: 'Saved cards' })).toBeVisible();
}

async function fillCard(page: Page, number: string, options: { month?: string; year?: string; cvv?: string } = {}) {
  await page.getByLabel('Name on card').fill('Test Customer');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').selectOption(options.month ?? '09');
  await page.getByLabel('Expiry year').selectOption(options.year ?? nextYear);
  await page
    .getByLabel('Security code (CVV)')
    .fill(options.cvv ?? (number.replace(/\D/g, '').length === 15 ? '1234' : '123'));
}

const cards = (page: Page) => page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem');
const dialog = (page: Page) => page.getByRole('dialog');

async function innerFrame(page: Page, path: string): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes(path))).toBe(true);
  return page.frames().find((f) => f.url().includes(path))!;
}

test('the demo wallet shows its balance, its card, and loads the transactions once, when opened', async ({ page }) => {
  await logIn(page, 'demo@example.com');
  const statements: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/wallet/transactions')) statements.push(r.url());
  });
  await openWallet(page);
  await expect(page.getByText('Your wallet balance: $19.50')).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Visa ending in 1111');
  await expect(cards(page).first()).toContainText('Default');
  expect(statements).toEqual([]);
  const summary = page.getByText('Transactions', { exact: true });
  await summary.click();
  const table = page.getByRole('table', { name: 'Wallet transactions, newest first' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByRole('row').nth(1)).toContainText('Refund');
  await expect(table.getByRole('row').nth(1)).toContainText('+$14.50');
  await summary.click();
  await summary.click();
  await expect(table).toBeVisible();
  expect(statements).toHaveLength(1);
  await expectAccessible(page);
});

test('adds a card of each type, with its type detected as it is typed', async ({ page }) => {
  await newCustomer(page);
  await openWallet(page);
  await expect(page.getByText('You have no saved cards.')).toBeVisible();
  const types: [string, string][] = [
    ['4242 4242 4242 4242', 'Visa'],
    ['5555 5555 5555 4444', 'Mastercard'],
    ['3782 822463 10005', 'American Express'],
    ['3622 720627 1667', 'Diners Club'],
    ['6011 1111 1111 1117', 'Discover'],
  ];
  for (const [index, [number, type]] of types.entries()) {
    await fillCard(page, number);
    await expect(page.getByText(`Card type: ${type}`)).toBeVisible();
    // Each field left once, as a customer tabbing through does.
    await page.getByLabel('Security code (CVV)').blur();
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(cards(page)).toHaveCount(index + 1);
    // The form is empty again for the next card, and says nothing is wrong with it.
    await expect(page.getByLabel('Card number')).toHaveValue('');
    const form = page.locator('form.wallet-add-card');
    await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(form.locator('.field-error')).toHaveCount(0);
  }
  await expect(page.getByText('Your card has been saved.').first()).toBeVisible();
  await expect(cards(page).first()).toContainText('Default');
  await expect(cards(page).nth(2)).toContainText('American Express ending in 0005');
  await page.reload();
  await expect(cards(page)).toHaveCount(5);
  await expectAccessible(page);
});

test('refuses an expired card and a bad number in the form, and a declined card with the bank’s words', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date('2026-11-24T10:00:00'));
  await newCustomer(page);
  await openWallet(page);
  await fillCard(page, '4242 4242 4242 4242', { month: '10', year: '2026' });
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('This card has expired.')).toBeVisible();
  await expect(page.getByLabel('Expiry month')).toBeFocused();

  await fillCard(page, '4242 4242 4242 4241', { year: '2027' });
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText(/^Enter a valid Visa, Mastercard/)).toBeVisible();

  await fillCard(page, '4000 0000 0000 0002', { year: '2028' });
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  // Nothing typed is lost, nothing is saved.
  await expect(page.getByLabel('Name on card')).toHaveValue('Test Customer');
  await expect(page.getByText('You have no saved cards.')).toBeVisible();
  await expectAccessible(page);
});

test('adds a card through the provider’s verification frame; a failed verification saves nothing', async ({ page }) => {
  await newCustomer(page);
  await openWallet(page);
  await fillCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your card' })).toBeVisible();
  let frame = await innerFrame(page, '/sandbox/3ds/');
  await frame.getByRole('button', { name: 'Fail verification' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '3-D Secure verification failed.' })).toBeVisible();
  await expect(page.getByText('You have no saved cards.')).toBeVisible();
  await expect(page.getByLabel('Name on card')).toHaveValue('Test Customer');

  await fillCard(page, '4000 0027 6000 3184');
  await page.getByLabel('Make this my default payment option').check();
  await page.getByRole('button', { name: 'Save card' }).click();
  frame = await innerFrame(page, '/sandbox/3ds/');
  await expect(frame.getByText('No money is taken', { exact: false })).toBeVisible();
  await frame.getByRole('button', { name: 'Pass verification' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Visa ending in 3184');
  await expect(page.getByText('Your card has been saved.')).toBeVisible();
  await expect(page).toHaveURL(WALLET);
});

test('adds a PayPal account through the provider page, and a cancel adds nothing', async ({ page }) => {
  await newCustomer(page);
  await openWallet(page);
  await page.getByRole('button', { name: 'Add a PayPal account' }).click();
  await expect(page).toHaveURL(/\/sandbox\/paypal\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('You cancelled on PayPal’s page. No account was added.')).toBeVisible();
  await expect(page).toHaveURL(WALLET);
  await expect(page.getByText('You have no saved PayPal accounts.')).toBeVisible();

  await page.getByRole('button', { name: 'Add a PayPal account' }).click();
  await expect(page.getByRole('heading', { name: 'Save your PayPal account for future payments' })).toBeVisible();
  await page.getByRole('button', { name: 'Agree' }).click();
  await expect(page.getByText('Your PayPal account has been saved to your wallet.')).toBeVisible();
  const accounts = page.getByRole('list', { name: 'PayPal accounts' }).getByRole('listitem');
  await expect(accounts).toHaveCount(1);
  await expect(accounts.first()).toContainText('PayPal buyer@sandbox.example');
  // The token is taken off the address: a reload adds nothing more.
  await expect(page).toHaveURL(WALLET);
  await page.reload();
  await expect(accounts).toHaveCount(1);
});

test('makes another card the default, kept after a reload', async ({ page }) => {
  await newCustomer(page, { savedCard: true });
  await openWallet(page);
  await fillCard(page, '5555 5555 5555 4444');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Make default: Mastercard ending in 4444' }).click();
  await expect(cards(page).nth(1)).toContainText('Default');
  await expect(cards(page).first()).not.toContainText('Default');
  await page.reload();
  await expect(cards(page).nth(1)).toContainText('Default');
});

test.describe('delete confirmations', () => {
  test('another option left: the plain confirmation, and the card goes', async ({ page }) => {
    await newCustomer(page, { savedCard: true });
    await openWallet(page);
    await fillCard(page, '5555 5555 5555 4444');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(cards(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Delete Visa ending in 1111' }).click();
    await expect(dialog(page)).toContainText('It will no longer be available for your payments.');
    await expectAccessible(page);
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('Mastercard ending in 4444');
    await expect(cards(page).first()).toContainText('Default');
  });

  test('the last option: says so, and Keep it keeps the card', async ({ page }) => {
    await newCustomer(page, { savedCard: true });
    await openWallet(page);
    await page.getByRole('button', { name: 'Delete Visa ending in 1111' }).click();
    await expect(dialog(page)).toContainText('This is your last payment option. You will need to add one again');
    await dialog(page).getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(cards(page)).toHaveCount(1);
  });

  test('the last option with AutoPay and auto-renewal on: both named, with the membership’s end date', async ({
    page,
  }) => {
    await logIn(page, 'demo@example.com');
    await openWallet(page);
    await page.getByRole('button', { name: 'Delete Visa ending in 1111' }).click();
    await expect(dialog(page)).toContainText('AutoPay will be turned off and your deliveries will be paid in cash.');
    await expect(dialog(page)).toContainText(/no longer renew automatically and ends on \w{3} \d{1,2}, \d{4}\./);
    await dialog(page).getByRole('button', { name: 'Keep it' }).click();
    await expect(cards(page)).toHaveCount(1);
  });

  test('the last option where AutoPay is mandatory', async ({ page }) => {
    await newCustomer(page, { countryCode: 'KW', savedCard: true, autoPay: true });
    await openWallet(page);
    await page.getByRole('button', { name: 'Delete Visa ending in 1111' }).click();
    await expect(dialog(page)).toContainText(
      'AutoPay is required in your country and this is your last payment option',
    );
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(cards(page)).toHaveCount(1);
  });
});

test('deleting the last card with AutoPay on makes deliveries Cash, saved', async ({ page }) => {
  await newCustomer(page, { savedCard: true, autoPay: true });
  await openWallet(page);
  await expect(page.getByRole('radio', { name: /^AutoPay/ })).toBeChecked();
  await page.getByRole('button', { name: 'Delete Visa ending in 1111' }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('AutoPay is off: your deliveries are now paid in cash.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Cash/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^AutoPay/ })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('radio', { name: /^Cash/ })).toBeChecked();
  await expect(page.getByText('AutoPay needs a saved card or PayPal account. Add one first.')).toBeVisible();
});

test('mandatory AutoPay refuses Cash with a message', async ({ page }) => {
  await newCustomer(page, { countryCode: 'KW', savedCard: true, autoPay: true });
  await openWallet(page);
  await expect(page.getByText('AutoPay is required for customers in your country.')).toBeVisible();
  // The click is refused: the choice stays AutoPay.
  await page.getByRole('radio', { name: /^Cash/ }).click();
  await expect(page.getByRole('alert')).toContainText(
    "AutoPay is required in your country, so you can't switch to Cash.",
  );
  await expect(page.getByRole('radio', { name: /^AutoPay/ })).toBeChecked();
  await expectAccessible(page);
});

test('AutoPay needs the shipping agreement, and choosing Cash clears it', async ({ page }) => {
  await newCustomer(page, { savedCard: true });
  await openWallet(page);
  await expect(page.getByRole('radio', { name: /^Cash/ })).toBeChecked();
  await page.getByRole('radio', { name: /^AutoPay/ }).check();
  await expect(page.getByText('(save 5% on shipping)')).toBeVisible();
  await page.getByRole('button', { name: 'Save payment choice' }).click();
  await expect(page.getByRole('alert')).toContainText('To use AutoPay, accept the shipping agreement.');
  await page.getByLabel(/I accept the shipping agreement/).check();
  await page.getByRole('button', { name: 'Save payment choice' }).click();
  await expect(page.getByText('Your settings have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: /^AutoPay/ })).toBeChecked();
  await expect(page.getByLabel(/I accept the shipping agreement/)).toBeChecked();
  await page.getByRole('radio', { name: /^Cash/ }).check();
  await expect(page.getByLabel(/I accept the shipping agreement/)).toHaveCount(0);
  await page.getByRole('radio', { name: /^AutoPay/ }).check();
  await expect(page.getByLabel(/I accept the shipping agreement/)).not.toBeChecked();
});

test('the Wallet notification switch is saved as it is flipped', async ({ page }) => {
  await newCustomer(page);
  await openWallet(page);
  const toggle = page.getByRole('switch', { name: 'Email me about my wallet' });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(page.getByText('Your settings have been saved.')).toBeVisible();
  await page.reload();
  await expect(toggle).not.toBeChecked();
});

test('a wallet load failure shows the unauthorized or server message', async ({ page }) => {
  await newCustomer(page);
  await page.route('**/wallet/content', (route) => route.fulfill({ status: 500, json: { code: 'SERVER_ERROR' } }));
  await page.goto(WALLET);
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong on our side.' }).first()).toBeVisible();
  await page.unroute('**/wallet/content');
  await page.route('**/wallet/content', (route) => route.fulfill({ status: 401, json: { code: 'UNAUTHORIZED' } }));
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Your session has ended.' }).first()).toBeVisible();
});

test('the wallet in Arabic reads right to left', async ({ page }) => {
  await newCustomer(page, { savedCard: true });
  await page.goto('/ar/account/payment-options');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'المحفظة وخيارات الدفع' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'البطاقات المحفوظة' })).toBeVisible();
  await expect(page.getByText('فيزا تنتهي بالأرقام 1111')).toBeVisible();
  await expectAccessible(page);
});

test('in Arabic, a card the bank refuses is refused in Arabic, with no missing catalogue key', async ({ page }) => {
  const missing: string[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('Missing catalogue key')) missing.push(m.text());
  });
  await newCustomer(page);
  await page.goto('/ar/account/payment-options');
  await expect(page.getByRole('heading', { level: 2, name: 'البطاقات المحفوظة' })).toBeVisible();
  const form = page.locator('form.wallet-add-card');
  await form.locator('input[autocomplete="cc-name"]').fill('Test Customer');
  await form.locator('input[autocomplete="cc-number"]').fill('4000 0000 0000 0002');
  await form.locator('select[autocomplete="cc-exp-month"]').selectOption('09');
  await form.locator('select[autocomplete="cc-exp-year"]').selectOption(nextYear);
  await form.locator('input[autocomplete="cc-csc"]').fill('123');
  await form.locator('button[type="submit"]').click();
  await expect(page.getByRole('alert').filter({ hasText: 'رُفضت بطاقتك.' }).first()).toBeVisible();
  await expect(page.getByText('Your card was declined.')).toHaveCount(0);
  expect(missing).toEqual([]);
});
