/**
 * The sessions that open the route samples (route-samples.ts), shared by the every-route audit and the Arabic
 * suite: a visitor, the demo customer (read only), a fresh customer with shipments due and delivered, and a
 * customer without mailboxes; and a sample's URL with its placeholders filled in from the session's data.
 */
import { expect, test as base, type Browser, type BrowserContext } from '@playwright/test';
import { brands, type Brand } from '../../src/brands/brands.ts';
import type { Lang } from '../../src/i18n/languages.ts';
import type { RouteSample, Who } from './route-samples.ts';
import { logIn, newCustomer, sessionGuid } from './support.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface Session {
  state: StorageState | undefined;
  /** Values for the placeholders of the samples' paths. */
  values: Record<string, string>;
}

type Page = Awaited<ReturnType<BrowserContext['newPage']>>;

/** The hawbId of one of the logged-in customer's delivered shipments (the return wizard's `{delivered}`). */
async function deliveredShipment(page: Page): Promise<string> {
  const packages = (await (
    await page.request.get(`/api/customers/${await sessionGuid(page)}/packages/getAllPackages?pageSize=100`)
  ).json()) as { hawbId: number; currentStatus: string }[];
  const delivered = packages.find((p) => p.currentStatus === 'Delivered');
  expect(delivered, 'the customer has a delivered shipment').toBeDefined();
  return String(delivered!.hawbId);
}

/** Logs in as `who` in a context of its own and keeps its cookie, its stored session and the values it needs. */
export async function newSession(browser: Browser, baseURL: string, who: Who): Promise<Session> {
  if (who === 'visitor') return { state: undefined, values: {} };
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const values: Record<string, string> = {};
  if (who === 'demo') {
    await logIn(page, 'demo@example.com');
    const guid = await sessionGuid(page);
    const messages = (await (await page.request.get(`/api/customers/${guid}/messages?pageSize=50`)).json()) as {
      messages: { guid: string; isRead: boolean }[];
    };
    // A message already read: opening it changes nothing other suites count.
    const read = messages.messages.find((m) => m.isRead);
    const requests = (await (
      await page.request.post(`/api/account/${guid}/requests/search`, { data: { SearchLines: [] } })
    ).json()) as { id: number }[];
    expect(read, 'the demo customer has a read message').toBeDefined();
    expect(requests.length, 'the demo customer has requests').toBeGreaterThan(0);
    values.message = read!.guid;
    values.request = String(requests[0]!.id);
    // For the customers' routes when the demo customer opens them (the Arabic suite).
    values.delivered = await deliveredShipment(page);
  } else if (who === 'customer') {
    await newCustomer(page, { savedCard: true, pendingShipments: 1, deliveredShipments: 1 });
    values.delivered = await deliveredShipment(page);
  } else {
    await newCustomer(page, { mailboxes: false, countryCode: 'JO' });
  }
  const state = await context.storageState();
  await context.close();
  return { state, values };
}

/** The sample's URL in `lang` for `brand`, its placeholders filled in from the session (left as they are if not). */
export function samplePath(sample: RouteSample, lang: Lang, brand: Brand, session: Session): string {
  return `/${lang}/${sample.path
    .replace('{brand}', brand.slug)
    .replace(/\{(\w+)\}/g, (_, name: string) => session.values[name] ?? `{${name}}`)}`;
}

/** Playwright's `test` with `sessions(who)`: one session of each kind per worker, made the first time a test needs it. */
export const test = base.extend<object, { sessions: (who: Who) => Promise<Session> }>({
  sessions: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      const made = new Map<Who, Promise<Session>>();
      await use((who) => {
        if (!made.has(who)) made.set(who, newSession(browser, baseURL, who));
        return made.get(who)!;
      });
    },
    { scope: 'worker' },
  ],
});

/** The brand of the project running the suite (Shipbox: English and Arabic; Mailbridge: English only). */
export const brandOf = (projectName: string): Brand =>
  projectName === 'mailbridge' ? brands.mailbridge : brands.shipbox;
