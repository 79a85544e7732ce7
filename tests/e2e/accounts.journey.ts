import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support.ts';
import { ELF, PNG } from '../fixtures/files.ts';

const PASSWORD = 'Demo!2345';

/** The newest link the outbox holds for an address. */
async function latestLink(request: APIRequestContext, to: string, kind: string): Promise<string> {
  const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}&kind=${kind}`);
  const { emails } = (await res.json()) as { emails: { link: string }[] };
  const link = emails[0]?.link;
  if (!link) throw new Error(`no ${kind} mail for ${to}`);
  return new URL(link).pathname + new URL(link).search;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`/en/login?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test.describe.configure({ mode: 'serial' });

test('a forgotten password is reset through the e-mailed link, which then stops working', async ({ page }) => {
  await page.goto('/en/account/forget-password?email=idrequired%40example.com');
  await expect(page.getByLabel('Email')).toHaveValue('idrequired@example.com');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page).toHaveURL('/en/login?email=idrequired%40example.com');
  await expect(page.getByText("We've sent you an email with a link to reset your password.")).toBeVisible();

  const link = await latestLink(page.request, 'idrequired@example.com', 'reset-password');
  await page.goto(link);
  await expect(page.getByText('For idrequired@example.com')).toBeVisible();
  // A weak password fails with the rule it breaks, and nothing is sent.
  await page.getByLabel('New password', { exact: true }).fill('newpass!123');
  await page.getByLabel('Confirm the new password').fill('newpass!123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  await expect(page.getByText('Add an uppercase letter.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'An uppercase letter' })).toContainText('(missing)');
  await expect(page.getByRole('listitem').filter({ hasText: 'A digit' })).toContainText('(done)');
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill('Newpass!123');
  await page.getByLabel('Confirm the new password').fill('Newpass!124');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText("The passwords don't match.")).toBeVisible();
  await page.getByLabel('Confirm the new password').fill(' Newpass!123 ');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL('/en/login?email=idrequired%40example.com');
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  await page.getByLabel('Password').fill('Newpass!123');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/en/signup/upload');

  // The link works once.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/en\/login$/);
  await expect(visitor.getByText('This link is not valid or has expired.')).toBeVisible();
  await visitor.close();
});

test('a logged-in customer changes the password, and the same password is refused', async ({ page }) => {
  await logIn(page, 'idrequired@example.com', 'Newpass!123');
  await expect(page).toHaveURL('/en/signup/upload');
  await page.goto('/ar/account/change-password');
  await page.getByLabel('كلمة المرور الحالية').fill('Newpass!123');
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('Newpass!123');
  await page.getByLabel('أكّد كلمة المرور الجديدة').fill('Newpass!123');
  await page.getByRole('button', { name: 'غيّر كلمة المرور' }).click();
  await expect(page.getByRole('alert')).toHaveText('يجب أن تختلف كلمة المرور الجديدة عن الحالية.');
  await page.getByLabel('كلمة المرور الحالية').fill('Wrong!1234');
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill(PASSWORD);
  await page.getByLabel('أكّد كلمة المرور الجديدة').fill(PASSWORD);
  await page.getByRole('button', { name: 'غيّر كلمة المرور' }).click();
  await expect(page.getByRole('alert')).toHaveText('كلمة المرور الحالية غير صحيحة.');
  await page.getByLabel('كلمة المرور الحالية').fill('Newpass!123');
  await page.getByRole('button', { name: 'غيّر كلمة المرور' }).click();
  await expect(page.getByText('تم تغيير كلمة المرور.')).toBeVisible();
  await expect(page.getByLabel('كلمة المرور الحالية')).toHaveValue('');
  await expectAccessible(page);
});

test('without a link, change password asks a visitor to log in first', async ({ page }) => {
  await page.goto('/en/account/change-password');
  await expect(page).toHaveURL('/en/login?toStateName=account.change-password');
});

test('a reactivation link activates a deactivated account once; used, unknown and spare links say why', async ({
  page,
}) => {
  const email = 'deactivated@example.com';
  await logIn(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Send the activation email again' }).click();
  await expect(page.getByText("We've sent the activation email again.")).toBeVisible();
  const link = await latestLink(page.request, email, 'reactivation');
  expect(link).toMatch(/^\/en\/account\/reactivate\?q=/);
  // A second e-mail: its link stays unused while the first one activates the account.
  await page.request.post('/api/users/SendActivationEmail', { data: { email, langCode: 'en' } });
  const spare = await latestLink(page.request, email, 'reactivation');
  expect(spare).not.toBe(link);

  await page.goto(link);
  await expect(page).toHaveURL('/en/login?email=deactivated%40example.com');
  await expect(page.getByText('Your account is active. You can log in now.')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/en/home/account');

  // Spec 1 §4.6 on both pages (each reads the link with its own calls), as a visitor would open them.
  const visitor = await page.context().browser()!.newPage();
  const query = link.slice(link.indexOf('?'));
  for (const path of ['/en/account/reactivate', '/en/account/activate']) {
    // Used once: the link no longer resolves an account.
    await visitor.goto(path + query);
    await expect(visitor).toHaveURL('/en/login');
    await expect(visitor.getByText('This link is not valid or has expired.')).toBeVisible();
    await expect(visitor.getByText('Please correct the highlighted fields.')).toHaveCount(0);

    // A link no e-mail ever carried, and one cut short.
    for (const q of ['not-a-real-link-0000000000', link.slice(link.indexOf('=') + 1, -30)]) {
      await visitor.goto(`${path}?q=${q}`);
      await expect(visitor).toHaveURL('/en/login');
      await expect(visitor.getByText('This link is not valid or has expired.')).toBeVisible();
      await expect(visitor.getByText('Please correct the highlighted fields.')).toHaveCount(0);
    }

    // An unused link of an account active by now: already active, and login with its e-mail.
    await visitor.goto(path + spare.slice(spare.indexOf('?')));
    await expect(visitor).toHaveURL('/en/login?email=deactivated%40example.com');
    await expect(visitor.getByText('Your account is already active. Please log in.')).toBeVisible();
    await expect(visitor.getByLabel('Email')).toHaveValue(email);
  }
  await visitor.goto('/ar/account/activate?q=not-a-real-link-0000000000');
  await expect(visitor).toHaveURL('/ar/login');
  await expect(visitor.getByText('هذا الرابط غير صالح أو منتهي الصلاحية.')).toBeVisible();
  await visitor.close();
});

const PNG_FILE = Buffer.from(PNG);
/** An executable's first bytes, whatever its name says. */
const EXECUTABLE = Buffer.from(ELF);

test('a customer whose ID is required uploads it and goes on to account-home', async ({ page }) => {
  await logIn(page, 'idrequired@example.com', PASSWORD);
  await expect(page).toHaveURL('/en/signup/upload');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upload your ID');
  await expectAccessible(page);
  const input = page.getByLabel('ID document');

  // Refused in the browser by its name, and on the server by its content.
  await input.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: EXECUTABLE });
  await expect(page.getByRole('alert')).toHaveText('Upload a PNG, JPG, GIF, PDF, DOC or DOCX file.');
  await input.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: EXECUTABLE });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('alert')).toHaveText('Upload a PNG, JPG, GIF, PDF, DOC or DOCX file.');
  await expect(page).toHaveURL('/en/signup/upload');
  await input.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(4_194_305, 0x25) });
  await expect(page.getByRole('alert')).toHaveText('The file is larger than 4 MB.');

  await input.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG_FILE });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL('/en/home/account');
  await expect(page.getByText('Your ID has been uploaded. Thank you.')).toBeVisible();

  // The next login no longer asks for it.
  await page.locator('header [data-user-name]').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  // Logging out of an account page goes home.
  await expect(page).toHaveURL('/en/home');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await logIn(page, 'idrequired@example.com', PASSWORD);
  await expect(page).toHaveURL('/en/home/account');
});
