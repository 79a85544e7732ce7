/**
 * Keyboard-only journeys: login, signup and checkout with Tab, typing, arrows, Space and Enter, never the
 * mouse. Each field is reached by tabbing forward from the one before, so the focus order is checked on the way.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible } from './support.ts';

/** Presses Tab until `target` has the focus; fails if it isn't reached within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((el) => document.activeElement === el, handle)) return;
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${max} presses`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Tabs to a closed <select> and chooses by typing the start of an option's label, as a keyboard user does. */
async function chooseIn(page: Page, select: Locator, label: string, value: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.type(label);
  await expect(select).toHaveValue(value);
}

test('login: from the home page to account-home with the keyboard alone', async ({ page }) => {
  await page.goto('/en/home');
  await tabTo(page, page.getByRole('link', { name: 'Log in' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/en/login');
  await typeInto(page, page.getByLabel('Email'), 'demo@example.com');
  await typeInto(page, page.getByLabel('Password'), 'not the password');
  await page.keyboard.press('Enter');
  // A refusal keeps the e-mail and puts the message where a screen reader hears it.
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('demo@example.com');
  await page.getByLabel('Password').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/en/home/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('signup: a visitor signs up on the basic plan with the keyboard alone', async ({ page }) => {
  const stamp = `${Date.now()}${process.pid}`;
  await page.goto('/en/home');
  await tabTo(page, page.getByRole('link', { name: 'Sign up', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/en/signup/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await typeInto(page, page.getByLabel('First name'), 'Lina');
  await typeInto(page, page.getByLabel('Last name'), 'Haddad');
  await typeInto(page, page.getByRole('textbox', { name: 'Email', exact: true }), `keys.${stamp}@example.com`);
  await typeInto(page, page.getByLabel('Password', { exact: true }), 'Strong!2345');
  await typeInto(page, page.getByLabel('Confirm password'), 'Strong!2345');
  await chooseIn(page, page.getByLabel('Country of residence'), 'Jordan', 'JO');
  await typeInto(page, page.getByLabel('Mobile number'), `+962 0${String(Date.now()).slice(-8)}7`);
  await chooseIn(page, page.getByLabel('Day', { exact: true }), '4', '4');
  await chooseIn(page, page.getByLabel('Month', { exact: true }), 'May', '5');
  await chooseIn(page, page.getByLabel('Year', { exact: true }), '1990', '1990');
  const agreement = page.getByRole('checkbox', { name: /agreement/i });
  await tabTo(page, agreement);
  await page.keyboard.press('Space');
  await expect(agreement).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL('/en/signup/shipping');
  await typeInto(page, page.getByLabel('Street address'), '12 Rainbow Street');
  await typeInto(page, page.getByLabel('City'), 'Amman');
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/en/signup/confirmation');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lina');
  await expectAccessible(page);
});

test('checkout: a customer pays for Flex annual by card with the keyboard alone', async ({ page }) => {
  const created = await page.request.post('/dev/customers', { data: {} });
  const { email, password } = (await created.json()) as { email: string; password: string };
  await page.goto(`/en/login?email=${encodeURIComponent(email)}`);
  await typeInto(page, page.getByLabel('Password'), password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/en/home/account');

  await page.goto('/en/account/membership-payment?id=2');
  await expect(page.getByRole('radiogroup')).toBeVisible();
  // The methods are one radio group: Tab enters it on the checked method, the arrows move within it.
  const newCard = page.getByRole('radio', { name: 'New card' });
  await tabTo(page, page.getByRole('radiogroup').getByRole('radio', { checked: true }));
  for (let i = 0; i < 6 && !(await newCard.isChecked()); i += 1) await page.keyboard.press('ArrowUp');
  await expect(newCard).toBeChecked();
  await expect(newCard).toBeFocused();
  await typeInto(page, page.getByLabel('Name on card'), 'Test Customer');
  await typeInto(page, page.getByLabel('Card number'), '4242424242424242');
  await expect(page.getByText('Card type: Visa')).toBeVisible();
  await chooseIn(page, page.getByLabel('Expiry month'), '09', '09');
  const year = String(new Date().getFullYear() + 3);
  await chooseIn(page, page.getByLabel('Expiry year'), year, year);
  await typeInto(page, page.getByLabel('Security code (CVV)'), '123');
  await tabTo(page, page.getByRole('button', { name: /^(Pay|Confirm)/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/account\/membership-upgraded\?paymentResponse=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your membership is upgraded');
});
