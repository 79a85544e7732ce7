import { expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import type { CurrentUser } from '../../src/lib/session/current-user.ts';
import { customer } from '../support/customer.ts';

/** WCAG 2.1 A and AA, plus target size. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours are judged once transitions (a toast fading in) have ended, not halfway through.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + ' ' + (process.env.AXE_DEBUG ? n.failureSummary : '')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/** Headings go down one level at a time (h1, then h2, then h3), so moving by headings skips no level. */
export async function expectHeadingOrder(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
}

export { customer };

/** Starts the page as a browser that kept a logged-in session from before (localStorage). */
export async function withStoredSession(page: Page, user: CurrentUser): Promise<void> {
  // Seeded once per browser: a cookie marks it, since logout clears both storages.
  await page.addInitScript((value) => {
    if (!document.cookie.includes('e2e-seeded=1')) {
      document.cookie = 'e2e-seeded=1; path=/';
      localStorage.setItem('session.user', value);
    }
  }, JSON.stringify(user));
}

export const DEMO_PASSWORD = 'Demo!2345';

/** Logs in through the login page and waits for where login leads (account home by default). */
export async function logIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  lands: string | RegExp = '/en/home/account',
): Promise<void> {
  await page.goto(`/en/login?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(lands);
}

/** The guid of the customer logged in on the page, from the stored session. */
export async function sessionGuid(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('session.user') ?? '{}') as { guid: string }).guid);
}

export interface NewCustomerOptions {
  countryCode?: string;
  /** A sandbox Visa ending in 1111 on file. */
  savedCard?: boolean;
  /** Deliveries paid with AutoPay (with savedCard). */
  autoPay?: boolean;
  /** Shipments with charges due. */
  pendingShipments?: number;
  /** Delivered shipments, which can be returned. */
  deliveredShipments?: number;
  /** Shipments that need an e-invoice, with no declared value. */
  invoiceShipments?: number;
  /** false: no mailboxes yet, half-way through signup (login then leads to signup). */
  mailboxes?: boolean;
}

/**
 * A fresh customer on the basic plan with mailboxes (dev tools), logged in; answers the e-mail. Without
 * mailboxes, login leads on with signup.
 */
export async function newCustomer(page: Page, options: NewCustomerOptions = {}): Promise<string> {
  const res = await page.request.post('/dev/customers', { data: options });
  expect(res.ok()).toBe(true);
  const { email, password } = (await res.json()) as { email: string; password: string };
  await logIn(page, email, password, options.mailboxes === false ? /\/en\/signup\/(profile|shipping)$/ : undefined);
  return email;
}
