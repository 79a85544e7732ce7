import { expect, test } from '@playwright/test';
import { customer, withStoredSession } from './support.ts';

// The session check's answers are set per test, to drive each branch.
test.describe('route guard in the browser', () => {
  test('home sends a logged-in user to account-home after the session check', async ({ page }) => {
    let checks = 0;
    await page.route('**/api/account/GetCustomerDetails', (route) => {
      checks++;
      return route.fulfill({ status: 200, json: {} });
    });
    await withStoredSession(page, customer());
    await page.goto('/en/home');
    await expect(page).toHaveURL('/en/home/account');
    expect(checks).toBe(1);
  });

  test('a session the server no longer knows is logged out and sent to login', async ({ page }) => {
    await page.route('**/api/account/GetCustomerDetails', (route) => route.fulfill({ status: 401, json: {} }));
    await page.route('**/api/account/logout', (route) => route.fulfill({ status: 204 }));
    await withStoredSession(page, customer());
    await page.goto('/en/404');
    await expect(page).toHaveURL('/en/login');
    expect(await page.evaluate(() => localStorage.getItem('session.user'))).toBeNull();
  });

  test('a server outage does not log the customer out', async ({ page }) => {
    await page.route('**/api/account/GetCustomerDetails', (route) => route.fulfill({ status: 503, json: {} }));
    await withStoredSession(page, customer());
    await page.goto('/en/404');
    await expect(page.locator('html')).toHaveAttribute('data-session', 'in');
    await expect(page).toHaveURL('/en/404');
  });

  test('a user with mailboxes who has not confirmed the agreement is sent to it', async ({ page }) => {
    await page.route('**/api/account/GetCustomerDetails', (route) => route.fulfill({ status: 200, json: {} }));
    await withStoredSession(page, customer({ confirmedAgreement: false }));
    await page.goto('/ar/404');
    await expect(page).toHaveURL('/ar/agreement');
  });

  test('logout from the menu clears the session and storage', async ({ page }) => {
    let loggedOut = false;
    await page.route('**/api/account/GetCustomerDetails', (route) => route.fulfill({ status: 200, json: {} }));
    await page.route('**/api/account/logout', (route) => {
      loggedOut = true;
      return route.fulfill({ status: 204 });
    });
    await withStoredSession(page, customer({ firstName: 'Dana' }));
    await page.goto('/en/404');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeHidden();
    await page.getByText('Dana', { exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(loggedOut).toBe(true);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  });

  test('the menu follows the session across tabs', async ({ page, context }) => {
    await page.goto('/en/login');
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password').fill('Demo!2345');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL('/en/home/account');
    const other = await context.newPage();
    await other.goto('/en/404');
    await expect(other.getByText('Dana', { exact: true })).toBeVisible();
    await other.getByText('Dana', { exact: true }).click();
    await other.getByRole('button', { name: 'Log out' }).click();
    await expect(other.getByRole('link', { name: 'Log in' })).toBeVisible();
    // The first tab hears it and shows the logged-out menu too.
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });
});
