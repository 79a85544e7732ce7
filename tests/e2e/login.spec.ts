import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support.ts';

const PASSWORD = 'Demo!2345';

async function logIn(page: Page, email: string, password = PASSWORD, lang = 'en') {
  await page.goto(`/${lang}/login`);
  await page.getByLabel(lang === 'en' ? 'Email' : 'البريد الإلكتروني').fill(email);
  await page.getByLabel(lang === 'en' ? 'Password' : 'كلمة المرور').fill(password);
  await page.getByRole('button', { name: lang === 'en' ? 'Log in' : 'تسجيل الدخول', exact: true }).click();
}

test.describe('login (spec 1 §2.2, §4.2)', () => {
  test('a complete account lands on account-home; reload keeps the session; logout ends it', async ({ page }) => {
    await logIn(page, 'demo@example.com');
    await expect(page).toHaveURL('/en/home/account');
    await expect(page.locator('html')).toHaveAttribute('data-session', 'in');
    // The header's account menu names the customer.
    const userName = page.locator('header [data-user-name]');
    await expect(userName).toHaveText('Dana');
    await page.reload();
    await expect(userName).toHaveText('Dana');
    const session = await page.request.get('/api/account/GetCustomerDetails');
    expect(session.status()).toBe(200);

    await userName.click();
    await page.getByRole('button', { name: 'Log out' }).click();
    // Logging out of an account page goes home.
    await expect(page).toHaveURL('/en/home');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect((await page.request.get('/api/account/GetCustomerDetails')).status()).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('session.user'))).toBeNull();
  });

  test('an account without mailboxes goes on with signup', async ({ page }) => {
    await logIn(page, 'incomplete@example.com');
    await expect(page).toHaveURL('/en/signup/profile');
  });

  test('an account whose ID is required and missing goes to the ID upload', async ({ page }) => {
    await logIn(page, 'idrequired@example.com');
    await expect(page).toHaveURL('/en/signup/upload');
  });

  test('an account that has not confirmed the agreement is held on it until it confirms', async ({ page }) => {
    await logIn(page, 'agreement@example.com');
    await expect(page).toHaveURL('/en/agreement');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service agreement');
    const form = page.getByRole('form', { name: 'Confirm the agreement to use your account' });
    await form.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(form.getByText('Tick the box to accept the agreement.')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/en/faqs');
    await expect(page).toHaveURL('/en/agreement');
    await page.getByLabel('I have read and accept the service agreement').check();
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(page).toHaveURL('/en/home/account');
    await page.goto('/en/faqs');
    await expect(page).toHaveURL('/en/faqs');
  });

  test('a visitor reads the agreement in Arabic without the form', async ({ page }) => {
    await page.goto('/ar/agreement');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('اتفاقية الخدمة');
    await expect(page.getByRole('heading', { name: '3. الجمارك والرسوم والضرائب' })).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a deactivated account can ask for the activation e-mail again', async ({ page }) => {
    await logIn(page, 'deactivated@example.com');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your account is not active yet.');
    await alert.getByRole('button', { name: 'Send the activation email again' }).click();
    await expect(alert).toContainText("We've sent the activation email again.");
    await expect(alert.getByRole('button')).toHaveCount(0);
    await expect(page).toHaveURL('/en/login');
  });

  test('a drop-and-ship account is told to contact support', async ({ page }) => {
    await logIn(page, 'dropship@example.com');
    await expect(page.getByRole('alert')).toContainText('drop-and-ship');
  });

  test('a wrong password is refused in Arabic, keeping what was typed', async ({ page }) => {
    await logIn(page, 'demo@example.com', 'Wrong!2345', 'ar');
    await expect(page.getByRole('alert')).toContainText('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
    await expect(page.getByLabel('البريد الإلكتروني')).toHaveValue('demo@example.com');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('an empty form shows translated field errors and sends nothing', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/account/login')) calls++;
    });
    await page.goto('/en/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('This field is required.')).toHaveCount(2);
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    expect(calls).toBe(0);
  });

  test('the e-mail is prefilled from the link, and the page returns to where the visitor was going', async ({
    page,
  }) => {
    await page.goto(
      '/en/login?email=demo%40example.com&toStateName=account.message&toStateParams=%7B%22id%22%3A%22b0c1%22%7D',
    );
    await expect(page.getByLabel('Email')).toHaveValue('demo@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL('/en/account/message/b0c1');
  });

  test('works with the keyboard alone, and a double submit logs in once', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/account/login')) calls++;
    });
    await page.goto('/en/login');
    await page.getByLabel('Email').focus();
    await page.keyboard.type('demo@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/en/home/account');
    expect(calls).toBe(1);
  });

  test('a logged-in user opening the login page is sent to account-home', async ({ page }) => {
    await logIn(page, 'demo@example.com');
    await expect(page).toHaveURL('/en/home/account');
    const fresh = await page.context().newPage();
    await fresh.goto('/en/login');
    await expect(fresh).toHaveURL('/en/home/account');
  });

  for (const lang of ['en', 'ar']) {
    test(`no accessibility violations on the ${lang} login page, with errors shown`, async ({ page }) => {
      await page.goto(`/${lang}/login`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: lang === 'en' ? 'Log in' : 'تسجيل الدخول', exact: true }).click();
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(2);
      await expectAccessible(page);
    });
  }
});
