/**
 * Signup (spec 1 §2.4, §5): a new visitor becomes a customer, in English and in Arabic. Every test signs
 * up a new e-mail, so the demo accounts are untouched.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, newCustomer } from './support.ts';
import { PNG } from '../fixtures/files.ts';
import { DEMO_MOBILE } from '../../server/dev/seed.ts';
import type { Lang } from '../../src/i18n/languages.ts';

const catalogues = {
  en: JSON.parse(readFileSync('src/i18n/en.json', 'utf8')) as Record<string, string>,
  ar: JSON.parse(readFileSync('src/i18n/ar.json', 'utf8')) as Record<string, string>,
};
/** The text of a key in a language, with {{values}} filled in. */
function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const value = catalogues[lang][key];
  if (value === undefined) throw new Error(`No ${lang} text for ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

let counter = 0;
function newEmail(): string {
  counter += 1;
  return `new.${Date.now()}.${process.pid}.${counter}@example.com`;
}
/** A mobile number nobody else has. */
function newMobile(): string {
  return `0${String(Date.now()).slice(-8)}${counter}`;
}

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  country: string;
  mobile: string;
  birth: { day: string; month: string; year: string };
}

function person(overrides: Partial<Person> = {}): Person {
  return {
    firstName: 'Lina',
    lastName: 'Haddad',
    email: newEmail(),
    password: 'Strong!2345',
    country: 'JO',
    mobile: `+962 ${newMobile()}`,
    birth: { day: '4', month: '5', year: '1990' },
    ...overrides,
  };
}

async function fillStepOne(page: Page, lang: Lang, p: Person) {
  const t = (key: string) => text(lang, key);
  await page.getByLabel(t('profile.firstName')).fill(p.firstName);
  await page.getByLabel(t('profile.lastName')).fill(p.lastName);
  await page.getByRole('textbox', { name: t('profile.email'), exact: true }).fill(p.email);
  await page.getByLabel(t('profile.password'), { exact: true }).fill(p.password);
  await page.getByLabel(t('profile.passwordConfirmation')).fill(p.password);
  await page.getByLabel(t('profile.country')).selectOption(p.country);
  await page.getByLabel(t('profile.mobile')).fill(p.mobile);
  await page.getByLabel(t('profile.day'), { exact: true }).selectOption(p.birth.day);
  await page.getByLabel(t('profile.month'), { exact: true }).selectOption(p.birth.month);
  await page.getByLabel(t('profile.year'), { exact: true }).selectOption(p.birth.year);
  await page.getByRole('checkbox', { name: t('signup.agreement') }).check();
}

async function fillShipping(page: Page, lang: Lang, city: string) {
  const t = (key: string) => text(lang, key);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('shipping.heading'));
  await page.getByLabel(t('shipping.addressLine1')).fill('12 Rainbow Street');
  await page.getByLabel(t('shipping.city')).fill(city);
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a visitor signs up on the basic plan, uploads an ID and reaches account-home`, async ({ page }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
    await page.goto(`/${lang}/signup/profile`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('signup.heading'));
    const p = person({ country: lang === 'en' ? 'JO' : 'AE' });
    await fillStepOne(page, lang, p);
    // The plans are the country's; basic is chosen unless another is asked for.
    await expect(page.getByRole('radio', { name: new RegExp(t('plan.name.1')) })).toBeChecked();
    // Money as the language writes it: the dirham's own sign in Arabic.
    await expect(page.locator('.plan-option').filter({ hasText: t('plan.name.2') })).toContainText(
      lang === 'en' ? 'JOD' : 'د.إ.',
    );
    // Living in a country with addresses gives one mailbox fewer.
    await expect(page.getByText(t('signup.mailboxes', { count: lang === 'en' ? 13 : 12 }))).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: t('signup.continue') }).click();

    await expect(page).toHaveURL(`/${lang}/signup/shipping`);
    await fillShipping(page, lang, lang === 'en' ? 'Amman' : 'Dubai');
    await expectAccessible(page);
    await page.getByRole('button', { name: t('signup.continue') }).click();

    await expect(page).toHaveURL(`/${lang}/signup/confirmation`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('signup.confirmation.heading', { name: 'Lina' }),
    );
    await expect(page.getByText(t('notifications.mailboxesReady'))).toBeVisible();
    await expectAccessible(page);
    // No going back after the confirmation: the steps are no longer links, and the pages send the customer on.
    await expect(page.getByRole('navigation', { name: t('signup.steps') }).getByRole('link')).toHaveCount(0);
    await page.getByRole('link', { name: t('signup.continue') }).click();

    await expect(page).toHaveURL(`/${lang}/signup/upload`);
    await page.getByLabel(t('upload.file')).setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG),
    });
    await page.getByRole('button', { name: t('upload.submit') }).click();
    await expect(page).toHaveURL(`/${lang}/home/account`);
    await expect(page.getByText(t('notifications.idUploaded'))).toBeVisible();

    await page.goto(`/${lang}/signup/shipping`);
    await expect(page).toHaveURL(`/${lang}/home/account`);
  });
}

test('a paid plan goes from shipping to the payment step, carrying the plan', async ({ page }) => {
  await page.goto('/en/signup/profile?id=2');
  await fillStepOne(page, 'en', person());
  await expect(page.getByRole('radio', { name: /Flex annual/ })).toBeChecked();
  await page.getByRole('radio', { name: /Flex monthly/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/signup/shipping');

  // A city the service doesn't deliver to is marked on the city field; nothing else is lost.
  await fillShipping(page, 'en', 'Atlantis');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(text('en', 'errors.cityInvalid'))).toBeVisible();
  await expect(page.getByLabel('Street address')).toHaveValue('12 Rainbow Street');
  await page.getByLabel('City').fill('Irbid');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL('/en/signup/payment?id=3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for your membership');
  await expect(page.locator('[data-plan-id="3"]')).toContainText('Flex monthly');
  await expect(page.locator('[data-plan-id="3"]')).toContainText('JOD');
  await expectAccessible(page);
  // Going back is allowed before the confirmation.
  await page.getByRole('navigation', { name: 'Signup steps' }).getByRole('link', { name: 'Delivery address' }).click();
  await expect(page).toHaveURL('/en/signup/shipping');
  await expect(page.getByLabel('City')).toHaveValue('Irbid');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/signup/payment?id=3');

  // The checkout: Flex monthly renews automatically, so the payment waits for that box.
  await page.getByRole('radio', { name: 'New card' }).check();
  await page.getByLabel('Name on card').fill('Test Customer');
  await page.getByLabel('Card number').fill('5555 5555 5555 4444');
  await page.getByLabel('Expiry month').selectOption('09');
  await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security code (CVV)').fill('123');
  const pay = page.getByRole('button', { name: /^Pay/ });
  await expect(pay).toHaveAttribute('aria-disabled', 'true');
  await page.getByLabel('Renew automatically').check();
  await pay.click();
  await expect(page).toHaveURL(/\/en\/signup\/confirmation\?m=.+&status=1$/);
  // Jordanian dinars are written with their three decimals, as everywhere else.
  await expect(page.getByText('JOD 4.250')).toBeVisible();
  await expectAccessible(page);
  // The account now has its mailboxes: account home opens.
  await page.goto('/en/home/account');
  await expect(page).toHaveURL('/en/home/account');
});

/** The payment step of a customer half-way through signup (no mailboxes yet). */
async function openSignupPayment(page: Page, planId = 2) {
  await page.goto(`/en/signup/payment?id=${planId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for your membership');
  await expect(page.getByRole('radiogroup')).toBeVisible();
}
const pay = (page: Page) => page.getByRole('button', { name: /^(Pay|Confirm)/ });

test('the payment step pays with a saved card, without the card form', async ({ page }) => {
  await newCustomer(page, { mailboxes: false, savedCard: true });
  await openSignupPayment(page);
  await page.getByRole('radio', { name: 'Saved card' }).check();
  await expect(page.getByRole('radio', { name: /1111/ })).toBeChecked();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByLabel('Security code (CVV)')).toHaveCount(0);
  await pay(page).click();
  await expect(page).toHaveURL(/\/en\/signup\/confirmation\?m=.+&status=1$/);
  await expect(page.getByText('JOD 35.000')).toBeVisible();
});

test('the payment step says a payment cancelled at PayPal was cancelled', async ({ page }) => {
  await newCustomer(page, { mailboxes: false });
  await openSignupPayment(page);
  await expect(page.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await pay(page).click();
  await expect(page).toHaveURL(/\/sandbox\/paypal\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/en/signup/payment?id=2');
  await expect(page.getByText('The payment was cancelled. Nothing was charged.')).toBeVisible();
  await expect(page.getByRole('radiogroup')).toBeVisible();
});

test('where AutoPay is mandatory, the signup accepts it at payment and deliveries are paid with AutoPay', async ({
  page,
}) => {
  await newCustomer(page, { countryCode: 'KW', mailboxes: false });
  await openSignupPayment(page);
  await page.getByRole('radio', { name: 'New card' }).check();
  await page.getByLabel('Name on card').fill('Test Customer');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').selectOption('09');
  await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security code (CVV)').fill('123');
  // The card is kept: AutoPay is mandatory in Kuwait, and asked for with the shipping agreement.
  await expect(page.getByText('Your card or account will be saved for later payments')).toBeVisible();
  const autoPay = page.getByRole('checkbox', { name: /^Pay for my deliveries with AutoPay/ });
  await expect(autoPay).not.toBeChecked();
  await expect(pay(page)).toHaveAttribute('aria-disabled', 'true');
  // Submitting anyway (Enter in the form) points at what is missing.
  await page.getByLabel('Security code (CVV)').press('Enter');
  await expect(autoPay).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('AutoPay is required in your country: tick the box to accept it.')).toBeVisible();
  await autoPay.check();
  await expectAccessible(page);
  await pay(page).click();
  await expect(page).toHaveURL(/\/en\/signup\/confirmation\?m=.+&status=1$/);
  await expect(page.getByText('KWD 15.250')).toBeVisible();

  await page.goto('/en/account/payment-options');
  await expect(page.getByRole('radio', { name: /^AutoPay/ })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem')).toHaveCount(1);
});

test('each signup error shows on its field, and what was typed stays', async ({ page }) => {
  await page.goto('/en/signup/profile');
  const p = person();
  await fillStepOne(page, 'en', p);

  // The e-mail is lowercased and checked when the field is left.
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('  DEMO@Example.com');
  await page.getByRole('textbox', { name: 'Email', exact: true }).blur();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('demo@example.com');
  await expect(page.getByText(text('en', 'errors.400.VEX001'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(p.email);
  await page.getByRole('textbox', { name: 'Email', exact: true }).blur();
  await expect(page.getByText(text('en', 'errors.400.VEX001'))).toBeHidden();

  // Weak passwords fail with the rule they break.
  for (const [password, rule] of [
    ['strong!2345', 'validation.password.uppercase'],
    ['Strong2345', 'validation.password.special'],
    ['Strong!pass', 'validation.password.digit'],
    ['St!2', 'validation.password.length'],
  ] as const) {
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(text('en', rule))).toBeVisible();
  }
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Confirm password').fill(`${p.password}x`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(text('en', 'validation.passwordMatch'))).toBeVisible();
  await page.getByLabel('Confirm password').fill(` ${p.password} `);

  // The years end at the last one that can make an adult (spec 1 §3, §5). Born tomorrow in that year, one is
  // 17 today and is refused (on 31 December no date the list offers is under 18).
  const thisYear = new Date().getFullYear();
  const years = page.getByLabel('Year', { exact: true }).locator('option:not([value=""])');
  await expect(years).toHaveCount(100);
  await expect(years.first()).toHaveAttribute('value', String(thisYear - 18));
  await expect(years.last()).toHaveAttribute('value', String(thisYear - 117));
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  if (tomorrow.getFullYear() === thisYear) {
    await page.getByLabel('Day', { exact: true }).selectOption(String(tomorrow.getDate()));
    await page.getByLabel('Month', { exact: true }).selectOption(String(tomorrow.getMonth() + 1));
    await page.getByLabel('Year', { exact: true }).selectOption(String(thisYear - 18));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(text('en', 'validation.adult'))).toBeVisible();
  }
  await page.getByLabel('Day', { exact: true }).selectOption(p.birth.day);
  await page.getByLabel('Month', { exact: true }).selectOption(p.birth.month);
  await page.getByLabel('Year', { exact: true }).selectOption('1990');

  // Names with digits, a mobile number that isn't one.
  await page.getByLabel('First name').fill('L1na');
  await page.getByLabel('Mobile number').fill('12-ab');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(text('en', 'errors.400.VEX022'))).toBeVisible();
  await expect(page.getByText(text('en', 'errors.400.VEX008'))).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Lina');

  // A mobile number another customer has: the server says so, on the field.
  await page.getByLabel('Mobile number').fill(`+${DEMO_MOBILE.slice(0, 3)} ${DEMO_MOBILE.slice(3)}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(text('en', 'errors.400.VEX003'))).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/en/signup/profile');
  await expect(page.getByLabel('Last name')).toHaveValue('Haddad');

  await page.getByLabel('Mobile number').fill(p.mobile);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/signup/shipping');
});

test('where an ID document is required, signup has no skip and edit profile asks for the upload first', async ({
  page,
}) => {
  await page.goto('/en/signup/profile');
  await fillStepOne(page, 'en', person({ country: 'KW', mobile: `+965 ${newMobile()}` }));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/signup/shipping');
  // Kuwait has no zip codes: the field is optional there.
  await expect(page.getByLabel('Zip code (optional)')).toBeVisible();
  await fillShipping(page, 'en', 'Kuwait City');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/en/signup/confirmation');
  await expect(page.getByText(text('en', 'signup.confirmation.nextUpload'))).toBeVisible();

  await page.goto('/en/account/edit-profile');
  await expect(page).toHaveURL('/en/signup/upload');
  await expect(page.getByRole('link', { name: 'Skip for now' })).toHaveCount(0);
});
