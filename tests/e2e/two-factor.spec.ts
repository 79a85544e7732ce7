/**
 * Two-step login (issue 25, scope 4): set up in the profile after giving the password again (the key typed from
 * the page into an "app", here otplib), the recovery codes shown once; then a password login asks for the app's
 * code, and, in Arabic (right to left), takes a recovery code instead.
 */
import { expect, test, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { DEMO_PASSWORD, expectAccessible, newCustomer } from './support.ts';

/** The code an authenticator app shows `ahead` seconds from now. */
const codeOf = (secret: string, ahead = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + ahead });

async function logOut(page: Page) {
  await page.locator('header [data-user-name]').click();
  await page.getByRole('button', { name: /^(Log out|تسجيل الخروج)$/ }).click();
  await expect(page).toHaveURL(/\/(en|ar)\/home$/);
}

test('two-step login: set up in the profile, then a login asks for the code or a recovery code', async ({ page }) => {
  // Four password logins (scrypt) and four accessibility audits.
  test.setTimeout(120_000);
  const email = await newCustomer(page);

  // Set up, after the password is given again.
  await page.goto('/en/account/edit-profile');
  await page.getByRole('button', { name: 'Save profile' }).waitFor();
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  const section = page.getByRole('region', { name: 'Two-step login' });
  await expect(section.getByText('Off: your password alone logs you in.')).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-step login' }).click();
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  const qr = section.getByRole('img', { name: 'QR code that adds your account to an authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  const secret = (await section.locator('.two-factor-key').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  // A wrong code first: said so at the field.
  const field = section.getByLabel('The 6-digit code the app shows');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await field.fill('12345');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText('Enter the 6 digits the app shows.')).toBeVisible();
  await field.fill(codeOf(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();

  // The recovery codes, once.
  await expect(section.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  await expect(section.getByText(/shown only this once/)).toBeVisible();
  const codes = await section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  await expect(section.getByRole('button', { name: 'Download the codes' })).toBeVisible();
  await expectAccessible(page);
  await section.getByRole('button', { name: "I've saved them" }).click();
  await expect(section.getByText('On: logging in with your password also asks for a code.')).toBeVisible();
  await expect(section.getByText('Recovery codes left: 10')).toBeVisible();

  // A password login now asks for the app's code; the password stays in the form and goes again with it.
  await logOut(page);
  await page.goto(`/en/login?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const code = page.getByLabel('Code from your authenticator app');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(page).toHaveURL(/\/en\/login/);
  await expectAccessible(page);
  // The step the setup used is spent: the app's next code.
  await code.fill(codeOf(secret, 30));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/en/home/account');

  // In Arabic, right to left, with a recovery code instead.
  await logOut(page);
  await page.goto(`/ar/login?email=${encodeURIComponent(email)}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('كلمة المرور').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await page.getByRole('button', { name: 'استخدام رمز استرداد بدلًا من ذلك' }).click();
  const recovery = page.getByLabel('رمز الاسترداد');
  await expect(recovery).toBeFocused();
  await expectAccessible(page);
  await recovery.fill(codes[0]!);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(page).toHaveURL('/ar/home/account');

  // Nine left, as the profile says in Arabic.
  await page.goto('/ar/account/edit-profile');
  await page.getByRole('button', { name: 'حفظ الملف الشخصي' }).waitFor();
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  const inArabic = page.getByRole('region', { name: 'تسجيل الدخول بخطوتين' });
  await expect(inArabic.getByText('رموز الاسترداد المتبقية: 9')).toBeVisible();
  await expectAccessible(page);
});
