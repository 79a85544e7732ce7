import { expect, test, type Frame, type Page } from '@playwright/test';
import { expectAccessible, newCustomer } from './support.ts';

async function openCheckout(page: Page, planId = 2, lang = 'en') {
  await page.goto(`/${lang}/account/membership-payment?id=${planId}`);
  await expect(page.getByRole('radiogroup')).toBeVisible();
}

async function fillCard(page: Page, number: string, cvv = '123') {
  await page.getByRole('radio', { name: 'New card' }).check();
  await page.getByLabel('Name on card').fill('Test Customer');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').selectOption('09');
  await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 3));
  await page.getByLabel('Security code (CVV)').fill(cvv);
}

const payButton = (page: Page) => page.getByRole('button', { name: /^(Pay|Confirm)/ });

async function expectUpgraded(page: Page, plan = 'Flex annual') {
  await expect(page).toHaveURL(/\/en\/account\/membership-upgraded\?paymentResponse=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your membership is upgraded');
  await expect(page.getByText(`Thank you. Your ${plan} plan is active.`)).toBeVisible();
}

/** The frame the checkout shows in place of the page (3-D Secure, Peach), as Playwright reaches it. */
async function innerFrame(page: Page, path: string): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes(path))).toBe(true);
  return page.frames().find((f) => f.url().includes(path))!;
}

test('a basic customer upgrades to Flex annual from the plans page with a card', async ({ page }) => {
  await newCustomer(page);
  await page.goto('/en/account/membership-plan');
  const annual = page.getByRole('listitem', { name: 'Flex annual' });
  await expect(annual).toContainText('Best value');
  await expect(page.getByRole('listitem', { name: 'Basic' })).toContainText('Your current plan');
  await expectAccessible(page);
  await annual.getByRole('button', { name: 'Upgrade to Flex annual' }).click();
  await expect(page).toHaveURL('/en/account/membership-payment?id=2');

  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Card type: Visa')).toBeVisible();
  // Outside South Africa the card is typed in the page, not in the Peach frame.
  await expect(page.getByText('You will enter your card details in a secure form after you continue.')).toHaveCount(0);
  await expectAccessible(page);
  const pay = payButton(page);
  await expect(pay).toHaveText(/35/);
  await pay.click();
  await expectUpgraded(page);
  await expect(page.getByText('New card')).toBeVisible();
  await expectAccessible(page);

  // The plans page now shows the new plan; basic → annual is done, so no upgrade is offered outside the window.
  await page.goto('/en/account/membership-plan');
  await expect(page.getByRole('listitem', { name: 'Flex annual' })).toContainText('Your current plan');
  await expect(page.getByRole('button', { name: /^Upgrade to/ })).toHaveCount(0);
});

test('3-D Secure: a passed challenge pays, a failed one shows the bank’s answer', async ({ page }) => {
  await newCustomer(page);
  await openCheckout(page);
  await fillCard(page, '4000 0027 6000 3184');
  await payButton(page).click();
  await expect(page.getByRole('heading', { name: 'Confirm your card' })).toBeVisible();
  let challenge = await innerFrame(page, '/sandbox/3ds/');
  await challenge.getByRole('button', { name: 'Fail verification' }).click();
  await expect(page.getByRole('alert')).toContainText('3-D Secure verification failed.');
  await expect(page).toHaveURL(/membership-payment/);

  await fillCard(page, '4000 0027 6000 3184');
  await payButton(page).click();
  challenge = await innerFrame(page, '/sandbox/3ds/');
  await expect(challenge.getByRole('button', { name: 'Pass verification' })).toBeVisible();
  await challenge.getByRole('button', { name: 'Pass verification' }).click();
  await expectUpgraded(page);
  await expect(page.getByText('Card with 3-D Secure')).toBeVisible();
});

test('declined and insufficient-funds cards show the gateway message and keep the form', async ({ page }) => {
  await newCustomer(page);
  await openCheckout(page);
  for (const [number, message] of [
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ] as const) {
    await fillCard(page, number);
    await payButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page).toHaveURL(/membership-payment/);
    await expect(page.getByLabel('Name on card')).toHaveValue('Test Customer');
  }
  await expectAccessible(page);
});

test('a saved card pays without the card form', async ({ page }) => {
  await newCustomer(page, { savedCard: true });
  await openCheckout(page);
  await page.getByRole('radio', { name: 'Saved card' }).check();
  await expect(page.getByRole('radio', { name: /1111/ })).toBeChecked();
  // Nothing of a card is asked: the provider charges the card it keeps.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByLabel('Security code (CVV)')).toHaveCount(0);
  await expect(payButton(page)).not.toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page);
  await payButton(page).click();
  await expectUpgraded(page);
  await expect(page.getByText('Saved card')).toBeVisible();
});

test('PayPal: a cancel comes back with nothing charged, an approval pays', async ({ page }) => {
  await newCustomer(page);
  await openCheckout(page);
  await expect(page.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await payButton(page).click();
  await expect(page).toHaveURL(/\/sandbox\/paypal\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/en/account/membership-payment?id=2');
  await expect(page.getByText('The payment was cancelled. Nothing was charged.')).toBeVisible();

  await payButton(page).click();
  await expect(page).toHaveURL(/\/sandbox\/paypal\//);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectUpgraded(page);
  await expect(page.getByText('PayPal')).toBeVisible();
});

test('Sadad, Knet and Visa Checkout: a cancel comes back saying so, with nothing charged', async ({
  page,
  browser,
}) => {
  const cancelled = 'The payment was cancelled. Nothing was charged.';
  await newCustomer(page, { countryCode: 'SA' });
  await openCheckout(page);
  await page.getByRole('radio', { name: 'Visa Checkout' }).check();
  await page.getByRole('button', { name: 'Pay with Visa Checkout' }).click();
  const lightbox = await innerFrame(page, '/sandbox/visa-checkout/lightbox');
  await lightbox.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(cancelled)).toBeVisible();

  await page.getByRole('radio', { name: 'Sadad' }).check();
  await page.getByLabel('Sadad account ID').fill('sadad-customer');
  await payButton(page).click();
  await expect(page).toHaveURL(/\/sandbox\/sadad\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/en/account/membership-payment?id=2');
  await expect(page.getByText(cancelled)).toBeVisible();
  await expect(page.getByRole('radiogroup')).toBeVisible();

  const context = await browser.newContext();
  const kuwait = await context.newPage();
  await newCustomer(kuwait, { countryCode: 'KW' });
  await openCheckout(kuwait);
  await kuwait.getByRole('radio', { name: 'Knet' }).check();
  await payButton(kuwait).click();
  await expect(kuwait).toHaveURL(/\/sandbox\/knet\//);
  // As in a tab that kept nothing of the attempt: the provider's cancel alone says what happened.
  await kuwait.evaluate(() => sessionStorage.clear());
  await kuwait.getByRole('button', { name: 'Cancel' }).click();
  await expect(kuwait).toHaveURL('/en/account/membership-payment?id=2');
  await expect(kuwait.getByText(cancelled)).toBeVisible();
  // A reload says nothing more.
  await kuwait.reload();
  await expect(kuwait.getByRole('radiogroup')).toBeVisible();
  await expect(kuwait.getByText(cancelled)).toHaveCount(0);
  await context.close();
});

test('a 100% promo code completes as free with Sadad and with Knet, without the provider’s page', async ({
  page,
  browser,
}) => {
  await newCustomer(page, { countryCode: 'SA' });
  await openCheckout(page);
  await page.getByRole('radio', { name: 'Sadad' }).check();
  await page.getByLabel('Sadad account ID').fill('sadad-customer');
  await page.getByLabel('Promo code').fill('FLEXFREE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Your promo code has been applied.')).toBeVisible();
  await expect(payButton(page)).toHaveText('Confirm');
  await payButton(page).click();
  await expectUpgraded(page);
  await expect(page.getByText('Free with your promo code')).toBeVisible();

  const context = await browser.newContext();
  const kuwait = await context.newPage();
  await newCustomer(kuwait, { countryCode: 'KW' });
  await openCheckout(kuwait);
  await kuwait.getByRole('radio', { name: 'Knet' }).check();
  await kuwait.getByLabel('Promo code').fill('FLEXFREE');
  await kuwait.getByRole('button', { name: 'Apply' }).click();
  await expect(kuwait.getByText('Your promo code has been applied.')).toBeVisible();
  await payButton(kuwait).click();
  await expectUpgraded(kuwait);
  await expect(kuwait).not.toHaveURL(/sandbox/);
  await context.close();
});

test('Sadad pays for a Saudi customer, Knet for a Kuwaiti one', async ({ page, browser }) => {
  await newCustomer(page, { countryCode: 'SA' });
  await openCheckout(page);
  await expect(page.getByRole('radio', { name: 'Knet' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Sadad' }).check();
  await page.getByLabel('Sadad account ID').fill('sadad-customer');
  await payButton(page).click();
  await expect(page).toHaveURL(/\/sandbox\/sadad\//);
  await page.getByRole('button', { name: /Pay/ }).click();
  await expectUpgraded(page);
  await expect(page.getByText('SAR')).toBeVisible();

  const context = await browser.newContext();
  const kuwait = await context.newPage();
  await newCustomer(kuwait, { countryCode: 'KW' });
  await openCheckout(kuwait);
  await expect(kuwait.getByRole('radio', { name: 'Sadad' })).toHaveCount(0);
  await kuwait.getByRole('radio', { name: 'Knet' }).check();
  await payButton(kuwait).click();
  await expect(kuwait).toHaveURL(/\/sandbox\/knet\//);
  await kuwait.getByRole('button', { name: /^Pay/ }).click();
  await expectUpgraded(kuwait);
  await context.close();
});

test('Visa Checkout: the lightbox card is decrypted and paid with its security code', async ({ page }) => {
  await newCustomer(page);
  await openCheckout(page);
  await page.getByRole('radio', { name: 'Visa Checkout' }).check();
  await page.getByRole('button', { name: 'Pay with Visa Checkout' }).click();
  const lightbox = await innerFrame(page, '/sandbox/visa-checkout/lightbox');
  await lightbox.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/4242/)).toBeVisible();
  await page.getByLabel('Security code (CVV)').fill('123');
  await payButton(page).click();
  await expectUpgraded(page);
  await expect(page.getByText('Visa Checkout')).toBeVisible();
});

test('Peach card frame for a South African customer', async ({ page }) => {
  await newCustomer(page, { countryCode: 'ZA' });
  await openCheckout(page);
  await page.getByRole('radio', { name: 'New card' }).check();
  // The card is typed in the provider's frame, not in the page.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await payButton(page).click();
  const frame = await innerFrame(page, '/sandbox/peach/frame/');
  await frame.getByLabel('Name on card').fill('Test Customer');
  await frame.getByLabel('Card number').fill('4242424242424242');
  await frame.getByLabel('Month').selectOption('09');
  await frame.getByLabel('Year').selectOption(String(new Date().getFullYear() + 3));
  await frame.getByLabel('Security code').fill('123');
  await frame.getByRole('button', { name: /Pay|Submit|Continue/ }).click();
  await expectUpgraded(page);
  await expect(page.getByText('ZAR')).toBeVisible();
});

test('promo codes: an unknown one is refused, a good one lowers the total and the payment', async ({ page }) => {
  await newCustomer(page);
  await openCheckout(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByLabel('Promo code').fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByLabel('Promo code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('We don’t recognise this promo code.').first()).toBeVisible();
  await page.getByLabel('Promo code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Your promo code has been applied.')).toBeVisible();
  await expect(payButton(page)).toHaveText(/31\.5/);
  await payButton(page).click();
  await expectUpgraded(page);
  await expect(page.getByText(/31\.5/)).toBeVisible();
});

test('the plans page asks before turning renewal off, and before cancelling Flex', async ({ page }) => {
  await newCustomer(page);
  // Flex annual with renewal on, paid with a card saved for later.
  await openCheckout(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByLabel('Renew automatically').check();
  await page.getByLabel('Save for later payments').check();
  await payButton(page).click();
  await expectUpgraded(page);

  await page.goto('/en/account/membership-plan');
  const renew = page.getByRole('checkbox', { name: 'Renew automatically' });
  await expect(renew).toBeChecked();
  await renew.click();
  const dialog = page.getByRole('dialog', { name: 'Turn off automatic renewal?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Keep it on' }).click();
  await expect(renew).toBeChecked();
  await renew.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Your settings have been saved.')).toBeVisible();
  await expect(renew).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Renew automatically' })).not.toBeChecked();

  await page.getByRole('button', { name: 'Cancel Flex' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Flex?' });
  await cancel.getByRole('button', { name: 'Keep Flex' }).click();
  await expect(cancel).toBeHidden();
  await page.getByRole('button', { name: 'Cancel Flex' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue to the request' }).click();
  await expect(page).toHaveURL('/en/account/request/submit?categoryId=6407');
});

test('one way to write money: the plan’s own currency digits on the plans page and in the checkout', async ({
  page,
}) => {
  await newCustomer(page);
  await page.goto('/en/account/membership-plan');
  const annual = page.getByRole('listitem', { name: 'Flex annual' });
  await expect(annual.locator('.price-amount')).toHaveText('JOD\u00a035.000');
  await expect(annual.locator('.price-decimals')).toHaveText('.000');
  await openCheckout(page);
  await expect(page.locator('.checkout-price .price-amount')).toHaveText('JOD\u00a035.000');
  await expect(page.locator('.checkout-total dd')).toHaveText('JOD\u00a035.000');
  await page.getByRole('radio', { name: 'New card' }).check();
  await expect(payButton(page)).toHaveText('Pay \u2068JOD\u00a035.000\u2069');
});

test('in Arabic, a refused card reads in Arabic, with no missing catalogue key', async ({ page }) => {
  const missing: string[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('Missing catalogue key')) missing.push(m.text());
  });
  await newCustomer(page);
  await page.goto('/ar/account/membership-payment?id=2');
  await expect(page.getByRole('radiogroup')).toBeVisible();
  await page.getByRole('radio', { name: 'بطاقة جديدة' }).check();
  await page.locator('input[autocomplete="cc-name"]').fill('Test Customer');
  await page.locator('input[autocomplete="cc-number"]').fill('4000 0000 0000 0002');
  await page.locator('select[autocomplete="cc-exp-month"]').selectOption('09');
  await page.locator('select[autocomplete="cc-exp-year"]').selectOption(String(new Date().getFullYear() + 3));
  await page.locator('input[autocomplete="cc-csc"]').fill('123');
  await page.locator('.checkout-pay').click();
  await expect(page.getByRole('alert').filter({ hasText: 'رُفضت بطاقتك.' })).toBeVisible();
  await expect(page.getByText('Your card was declined.')).toHaveCount(0);
  expect(missing).toEqual([]);
});

test('the Arabic checkout reads right to left and passes axe', async ({ page }) => {
  await newCustomer(page);
  await openCheckout(page, 3, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});
