/**
 * Where you're logged in (issue 25, scope 2): the profile lists the account's sessions, this device marked, and
 * logs another device out, which then has to log in again; in English and in Arabic. The second device's login
 * sends the new-device e-mail (scope 3) once, the first's none, and its link opens the list.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, logIn, newCustomer } from './support.ts';
import { deviceName } from '../../src/lib/sessions/device-name.ts';

test('the profile lists the devices logged in and logs another one out, in both languages', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two devices, the new-device e-mail and its link, the list in two languages: past 30 s when the machine is busy.
  test.slow();
  const email = await newCustomer(page);
  const alerts = async () => {
    const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}&kind=new-device`);
    return ((await res.json()) as { emails: { link: string; subject: string }[] }).emails;
  };
  // The account's first device: no new-device e-mail.
  expect(await alerts()).toHaveLength(0);
  // The same customer on a second device.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await logIn(otherPage, email);
  // The second device: one e-mail, whose link opens the profile at the list.
  const [alert, ...more] = await alerts();
  expect(more).toHaveLength(0);
  expect(alert?.subject).toBe('New login to your Shipbox account');
  const link = new URL(alert!.link);
  expect(link.pathname + link.hash).toBe('/en/account/edit-profile#sessions');
  await page.goto(link.pathname + link.hash);
  await expect(page.getByRole('region', { name: "Where you're logged in" })).toBeInViewport();
  const named = async (p: typeof page, on: string) => {
    const { browser: b, system } = deviceName(await p.evaluate(() => navigator.userAgent));
    return `${b} ${on} ${system}`;
  };
  const here = await named(page, 'on');
  const there = await named(otherPage, 'on');

  await page.goto('/en/account/edit-profile');
  await page.getByRole('button', { name: 'Save profile' }).waitFor();
  // Far below the form, the list loads as the customer scrolls towards it.
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  const section = page.getByRole('region', { name: "Where you're logged in" });
  const devices = section.getByRole('list').getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'This device' })).toContainText(here);
  // The other device was seen last: it comes first.
  await expect(devices.first()).toContainText(there);
  await expect(section.getByRole('button', { name: 'Log out everywhere else' })).toBeVisible();
  await expectAccessible(page);

  // The other device: logged out here, it has to log in again there.
  await section.getByRole('button', { name: `Log out ${there}` }).click();
  await expect(page.getByText('That device has been logged out.')).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(section.getByRole('button', { name: 'Log out everywhere else' })).toHaveCount(0);
  // Opened there again, the site checks the session with the server (spec 1 §4.1) and asks for a login.
  const reopened = await other.newPage();
  await reopened.goto('/en/account/edit-profile');
  await expect(reopened).toHaveURL(/\/en\/login/);

  // In Arabic, right to left.
  await page.goto('/ar/account/edit-profile');
  await page.getByRole('button', { name: 'حفظ الملف الشخصي' }).waitFor();
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  const inArabic = page.getByRole('region', { name: 'الأجهزة المسجَّل دخولك منها' });
  await expect(inArabic.getByRole('listitem')).toHaveCount(1);
  await expect(inArabic.getByRole('listitem')).toContainText(here.replace(' on ', ' على '));
  await expect(inArabic.getByRole('listitem')).toContainText('هذا الجهاز');
  await expectAccessible(page);

  // The second device logging in again, as it now has to: no more new-device e-mails.
  await logIn(reopened, email);
  expect(await alerts()).toHaveLength(1);
  await other.close();
});
