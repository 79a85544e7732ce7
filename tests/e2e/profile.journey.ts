/**
 * Journeys that change demo accounts: the incomplete persona finishes signing up by updating its profile,
 * and a customer edits the profile and e-mail preferences.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support.ts';

const PASSWORD = 'Demo!2345';

async function logIn(page: Page, email: string) {
  await page.goto(`/en/login?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test.describe.configure({ mode: 'serial' });

test('a logged-in user without mailboxes completes the account instead of creating another', async ({ page }) => {
  await logIn(page, 'incomplete@example.com');
  await expect(page).toHaveURL('/en/signup/profile');
  // Account home lets an incomplete account in, with only the profile tab.
  await page.goto('/en/home/account?tab=addresses');
  await expect(page.getByRole('tab')).toHaveText(['Profile']);
  await page.goto('/en/signup/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your account');
  // Saved details are there; no e-mail or password fields.
  await expect(page.getByLabel('First name')).toHaveValue('Omar');
  await expect(page.getByText('incomplete@example.com')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // The agreement, first and last name are required.
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('Please correct the highlighted fields.');
  await expect(page.getByText('Please accept the service agreement.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('First name').fill('Omar');
  await page.getByRole('checkbox', { name: 'I accept the service agreement.' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL('/en/signup/shipping');
  await page.getByLabel('Street address').fill('3 Garden Street');
  await page.getByLabel('City').fill('Zarqa');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/signup/confirmation');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Omar!');

  // Same account: logging in again goes past signup.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/signup/upload');
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL('/en/home/account');
});

test('a customer edits the profile: phone numbers are saved without spaces, plus or brackets', async ({ page }) => {
  // The login journey has confirmed this persona's agreement already when the whole suite runs.
  await logIn(page, 'agreement@example.com');
  await expect(page).toHaveURL(/\/en\/(agreement|home\/account)$/);
  if (page.url().endsWith('/agreement')) {
    await page.getByRole('checkbox', { name: 'I have read and accept the service agreement' }).check();
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(page).toHaveURL('/en/home/account');
  }
  await page.goto('/en/account/edit-profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your profile');
  await expect(page.getByLabel('First name')).toHaveValue('Rana');
  await expectAccessible(page);

  await page.getByLabel('Mobile number').fill('+971 (50) 123 9876');
  await page.getByLabel('Other phone (optional)').fill('+971 4 555 0000');
  // The years end at the last one that can make an adult (spec 1 §3, §5); born tomorrow in it, one is 17 today.
  const thisYear = new Date().getFullYear();
  const years = page.getByLabel('Year', { exact: true }).locator('option:not([value=""])');
  await expect(years).toHaveCount(100);
  await expect(years.first()).toHaveAttribute('value', String(thisYear - 18));
  const [day, month] = await Promise.all(
    ['Day', 'Month'].map((label) => page.getByLabel(label, { exact: true }).inputValue()),
  );
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  if (tomorrow.getFullYear() === thisYear) {
    await page.getByLabel('Day', { exact: true }).selectOption(String(tomorrow.getDate()));
    await page.getByLabel('Month', { exact: true }).selectOption(String(tomorrow.getMonth() + 1));
    await page.getByLabel('Year', { exact: true }).selectOption(String(thisYear - 18));
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('You must be at least 18 years old.')).toBeVisible();
    await page.getByLabel('Day', { exact: true }).selectOption(day ?? '');
    await page.getByLabel('Month', { exact: true }).selectOption(month ?? '');
  }
  await page.getByLabel('Year', { exact: true }).selectOption('1988');
  await page.getByLabel('City').fill('Atlantis');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('City').fill('Abu Dhabi');
  const [idType = ''] = await page.getByLabel('ID document (optional)').selectOption({ index: 1 });
  await page.getByLabel('ID number (optional)').fill('784-1988-1234567-1');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Mobile number')).toHaveValue('971501239876');
  await expect(page.getByLabel('Other phone (optional)')).toHaveValue('97145550000');
  await expect(page.getByLabel('City')).toHaveValue('Abu Dhabi');
  await expect(page.getByLabel('Year', { exact: true })).toHaveValue('1988');
  await expect(page.getByLabel('ID document (optional)')).toHaveValue(idType);
  await expect(page.getByLabel('ID number (optional)')).toHaveValue('784-1988-1234567-1');

  // E-mail preferences, far below the form: they load as the customer scrolls to them.
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  const promo = page.getByRole('checkbox', { name: 'Offers and promotions' });
  const wasOn = await promo.isChecked();
  await promo.setChecked(!wasOn);
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Your e-mail preferences have been saved.')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Save profile' }).waitFor();
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('checkbox', { name: 'Offers and promotions' })).toBeChecked({ checked: !wasOn });
});
