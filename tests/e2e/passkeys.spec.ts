/**
 * Passkeys (issue 25, scope 1) in Chromium with its virtual authenticator (the DevTools WebAuthn domain): the
 * customer adds a passkey from the profile, after giving the password again, logs out and logs in with it; on /en
 * and /ar. WebAuthn wants a domain as the relying party, so these pages are opened on localhost, not 127.0.0.1.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, DEMO_PASSWORD } from './support.ts';

test.use({ baseURL: async ({ baseURL }, use) => use(baseURL?.replace('127.0.0.1', 'localhost')) });

/** A platform authenticator with user verification, which answers at once, as a phone's fingerprint would. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

const TEXT = {
  en: {
    profile: 'Save profile',
    section: 'Passkeys',
    name: 'Name of the new passkey',
    add: 'Add a passkey',
    confirm: "Confirm it's you",
    password: 'Password',
    confirmButton: 'Confirm',
    added: 'Passkey added. You can log in with it now.',
    logIn: 'Log in with a passkey',
    remove: 'Remove the passkey',
    removed: 'Passkey removed.',
    neverUsed: 'Not used yet',
    unknown: "That passkey isn't on any account here.",
  },
  ar: {
    profile: 'حفظ الملف الشخصي',
    section: 'مفاتيح المرور',
    name: 'اسم مفتاح المرور الجديد',
    add: 'إضافة مفتاح مرور',
    confirm: 'أكِّد أنك صاحب الحساب',
    password: 'كلمة المرور',
    confirmButton: 'تأكيد',
    added: 'أُضيف مفتاح المرور. يمكنك تسجيل الدخول به الآن.',
    logIn: 'تسجيل الدخول بمفتاح مرور',
    remove: 'إزالة مفتاح المرور',
    removed: 'أُزيل مفتاح المرور.',
    neverUsed: 'لم يُستخدم بعد',
    unknown: 'مفتاح المرور هذا غير مرتبط بأي حساب هنا.',
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`adds a passkey in the profile, logs out and logs in with it (${lang}) @${lang}`, async ({ page }) => {
    // Three pages, two ceremonies and two password checks: longer than a test's default 30 s on this machine.
    test.slow();
    const text = TEXT[lang];
    const authenticator = await virtualAuthenticator(page);
    const res = await page.request.post('/dev/customers', { data: {} });
    const { email } = (await res.json()) as { email: string };
    await page.goto(`/${lang}/login?email=${encodeURIComponent(email)}`);
    await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/home/account`));

    await page.goto(`/${lang}/account/edit-profile`);
    await page.getByRole('button', { name: text.profile }).waitFor();
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    const section = page.getByRole('region', { name: text.section, exact: true });
    await section.getByLabel(text.name).fill(lang === 'en' ? 'Test laptop' : 'حاسوب الاختبار');
    await section.getByRole('button', { name: text.add }).click();

    // The change wants the password again, in a dialog.
    const dialog = page.getByRole('dialog', { name: text.confirm });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel(text.password).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: text.confirmButton }).click();
    await expect(page.getByText(text.added)).toBeVisible();
    const items = section.getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(lang === 'en' ? 'Test laptop' : 'حاسوب الاختبار');
    await expect(items.first()).toContainText(text.neverUsed);
    expect(await authenticator.credentials()).toHaveLength(1);
    if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectAccessible(page);

    // Logged out, then in with the passkey alone: no e-mail, no password. In English through the e-mail field's
    // autofill, offered once the customer comes to the field, which the virtual authenticator answers as soon as
    // the page asks (as if the customer picked the passkey there); in Arabic with the button, in a browser without
    // that autofill.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    if (lang === 'ar') {
      await page.addInitScript(() => {
        Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
      });
    }
    await page.goto(`/${lang}/login`);
    if (lang === 'ar') await page.getByRole('button', { name: text.logIn }).click();
    else await page.locator('input[type="email"]').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/home/account`));

    // The profile shows it used. Removing it wants the password again: this session began with the passkey.
    await page.goto(`/${lang}/account/edit-profile`);
    await page.getByRole('button', { name: text.profile }).waitFor();
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await expect(items.first()).not.toContainText(text.neverUsed);
    await section.getByRole('button', { name: new RegExp(text.remove) }).click();
    await dialog.getByLabel(text.password).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: text.confirmButton }).click();
    await expect(page.getByText(text.removed)).toBeVisible();
    await expect(items).toHaveCount(0);

    // The authenticator still holds it, but the site no longer knows it: a clear message, and no login.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/${lang}/login`);
    if (lang === 'ar') await page.getByRole('button', { name: text.logIn }).click();
    else await page.locator('input[type="email"]').click();
    await expect(page.getByRole('alert')).toContainText(text.unknown);
    await expect(page).toHaveURL(new RegExp(`/${lang}/login`));
    await expectAccessible(page);
  });
}
