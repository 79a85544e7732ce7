/**
 * Push notifications (issue 26, scope 3) in Chromium, with no outside network: the customer turns "Notifications on
 * this device" on in the profile (en and ar), a shipment of theirs changes status, the server's real message goes
 * to a local push service (web-push-testing, tests/support/push-service.ts), and the test hands it to the page's
 * real service worker through DevTools, which shows the notification. Chromium can't reach its own push service
 * here, so only PushManager's subscribe() and getSubscription() are replaced, with subscriptions from the local
 * service for the same key; the rest of the page's code is the site's.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible, newCustomer, sessionGuid } from './support.ts';
import { startPushService, type LocalPushService, type LocalSubscription } from '../support/push-service.ts';

test.use({ serviceWorkers: 'allow' });

let service: LocalPushService;
test.beforeAll(async () => {
  service = await startPushService();
});
test.afterAll(() => service.close());

const TEXT = {
  en: {
    profile: 'Save profile',
    section: 'Notifications on this device',
    on: 'Notifications are on for this device.',
    off: 'Notifications are off for this device.',
    blocked: 'Notifications are blocked for this site in your browser.',
    title: (awb: string) => `Shipment ${awb}: Returned to sender`,
  },
  ar: {
    profile: 'حفظ الملف الشخصي',
    section: 'الإشعارات على هذا الجهاز',
    on: 'الإشعارات مفعّلة على هذا الجهاز.',
    off: 'الإشعارات متوقفة على هذا الجهاز.',
    blocked: 'الإشعارات محظورة لهذا الموقع في متصفحك.',
    title: (awb: string) => `الشحنة \u2068${awb}\u2069: أُعيدت إلى المرسل`,
  },
} as const;

/**
 * The page's PushManager subscribes at the local push service (through a function the test exposes) instead of
 * Chromium's, and remembers the subscription in localStorage as the browser would; the subscriptions the service
 * handed out are kept by endpoint.
 */
async function localPushManager(context: BrowserContext): Promise<Map<string, LocalSubscription>> {
  const handed = new Map<string, LocalSubscription>();
  await context.exposeFunction('__localPushSubscribe', async (applicationServerKey: string) => {
    const subscription = await service.subscribe(applicationServerKey);
    handed.set(subscription.endpoint, subscription);
    return { endpoint: subscription.endpoint, keys: subscription.keys };
  });
  await context.addInitScript(() => {
    const KEY = 'test.localPushSubscription';
    interface Stored {
      endpoint: string;
      keys: { p256dh: string; auth: string };
      applicationServerKey: string;
    }
    const toBase64Url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const fromBase64Url = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const subscriptionOf = (stored: Stored) => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(stored.applicationServerKey).buffer },
      getKey: (name: 'p256dh' | 'auth') => fromBase64Url(stored.keys[name]).buffer,
      toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: { ...stored.keys } }),
      unsubscribe: () => {
        localStorage.removeItem(KEY);
        return Promise.resolve(true);
      },
    });
    const exposed = window as unknown as {
      __localPushSubscribe: (key: string) => Promise<{ endpoint: string; keys: Stored['keys'] }>;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      if (!key || typeof key === 'string') throw new DOMException('a key is needed', 'InvalidAccessError');
      const bytes =
        key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array(key.buffer, key.byteOffset, key.byteLength);
      const applicationServerKey = toBase64Url(bytes);
      const { endpoint, keys } = await exposed.__localPushSubscribe(applicationServerKey);
      const stored: Stored = { endpoint, keys, applicationServerKey };
      localStorage.setItem(KEY, JSON.stringify(stored));
      return subscriptionOf(stored) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = function () {
      const stored = localStorage.getItem(KEY);
      return Promise.resolve(
        stored ? (subscriptionOf(JSON.parse(stored) as Stored) as unknown as PushSubscription) : null,
      );
    };
  });
  return handed;
}

/** The subscription the page keeps now, if any. */
const pageSubscription = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.pushManager.getSubscription())?.endpoint ?? null;
  });

/** Opens the profile and scrolls to its settings, where the notifications' section loads. */
async function openSettings(page: Page, lang: 'en' | 'ar') {
  await page.goto(`/${lang}/account/edit-profile`);
  await page.getByRole('button', { name: TEXT[lang].profile }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  return page.getByRole('region', { name: TEXT[lang].section, exact: true });
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  lang: string;
  dir: string;
  url: string | undefined;
}

/** The notifications the site's service worker is showing. */
const shown = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      lang: n.lang,
      dir: n.dir,
      url: (n.data as { url?: string } | null)?.url,
    }));
  });

/**
 * Hands a push message to the page's service worker, as the browser's push service would, until the worker shows
 * the expected notification. DevTools' delivery is fire-and-forget: on a loaded machine one in some dozens was lost
 * while the worker started (nothing shown, no error), and a push service sends again what no browser took. The
 * DevTools session stays open until the notification shows, and the worker's errors go into the failure.
 */
async function deliver(page: Page, data: string, expected: Shown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  const errors: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  cdp.on('ServiceWorker.workerErrorReported', (event) => errors.push(event.errorMessage.errorMessage));
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const live = () => registrations.findLast((r) => r.scopeURL === `${origin}/`);
  await expect.poll(() => live()?.isDeleted).toBe(false);
  try {
    for (let attempt = 1; ; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: live()!.registrationId, data });
      try {
        await expect.poll(() => shown(page), { timeout: 8_000 }).toContainEqual(expected);
        break;
      } catch (error) {
        if (attempt === 3) {
          expect(errors, 'the service worker reported no error').toEqual([]);
          throw error;
        }
        test.info().annotations.push({ type: 'push sent again', description: `attempt ${attempt + 1}` });
      }
    }
  } finally {
    await cdp.detach();
  }
  expect(errors, 'the service worker reported no error').toEqual([]);
}

for (const lang of ['en', 'ar'] as const) {
  test(`turns notifications on in the profile and shows a shipment's new status (${lang}) @${lang}`, async ({
    page,
    context,
    baseURL,
  }) => {
    // A login, the profile, a subscription, a message through the push service and the worker: longer than 30 s here.
    test.slow();
    const text = TEXT[lang];
    const handed = await localPushManager(context);
    await context.grantPermissions(['notifications'], { origin: baseURL! });
    await newCustomer(page, { deliveredShipments: 1 });
    const guid = await sessionGuid(page);

    const section = await openSettings(page, lang);
    const toggle = section.getByRole('switch', { name: text.section });
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await expect(section.getByRole('status')).toHaveText(text.on);
    await expect(toggle).toBeChecked();
    await expectAccessible(page);
    const endpoint = await pageSubscription(page);
    const subscription = handed.get(endpoint ?? '');
    expect(subscription, 'the page subscribed at the local push service').toBeDefined();

    // The state survives a reload: the browser's subscription is on this account.
    await page.reload();
    const again = await openSettings(page, lang);
    await expect(again.getByRole('switch', { name: text.section })).toBeChecked();

    // One of the customer's shipments moves on: the server sends the message to the local push service.
    const list = await page.request.get(`/api/customers/${guid}/packages/getAllPackages?pageIndex=0&pageSize=10`);
    const [shipment] = (await list.json()) as { awb: string }[];
    const awb = shipment!.awb;
    const change = await page.request.post(`/dev/shipments/${awb}/status`, { data: { statusId: 29 } });
    expect(await change.json()).toMatchObject({ changed: true, pushed: { sent: 1, gone: 0, failed: 0 } });
    const messages = (await service.messages(subscription!.clientHash)) as {
      tag: string;
      title: string;
      body: string;
    }[];
    const message = messages.find((m) => m.tag === `${awb}:status`);
    expect(message).toMatchObject({
      title: text.title(awb),
      url: `/${lang}/tracking/${awb}`,
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
    });

    // Chromium's push service would now wake the worker with it: DevTools does the same.
    const expected = {
      title: text.title(awb),
      body: message!.body,
      tag: `${awb}:status`,
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
      url: `/${lang}/tracking/${awb}`,
    };
    await deliver(page, JSON.stringify(message), expected);
    expect(await shown(page)).toContainEqual(expected);

    // Off: the server forgets the device and the browser drops its subscription.
    await again.getByRole('switch', { name: text.section }).uncheck();
    await expect(again.getByRole('status')).toHaveText(text.off);
    expect(await pageSubscription(page)).toBeNull();
    const state = await page.request.post(`/api/v1/account/${guid}/push-subscriptions/state`, {
      data: { endpoint: subscription!.endpoint },
    });
    expect(await state.json()).toEqual({ subscribed: false, language: null });
  });
}

test('explains where to allow notifications the browser blocks', async ({ page, context, baseURL }) => {
  test.slow();
  await localPushManager(context);
  await newCustomer(page);
  // The customer answers "Block" when the browser asks: Chromium's setting for this site in this browser context.
  const pageSession = await context.newCDPSession(page);
  const { targetInfo } = await pageSession.send('Target.getTargetInfo');
  await pageSession.detach();
  const browserSession = await context.browser()!.newBrowserCDPSession();
  await browserSession.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin: baseURL!,
    ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
  });
  await browserSession.detach();
  const section = await openSettings(page, 'en');
  const toggle = section.getByRole('switch', { name: TEXT.en.section });
  await toggle.check();
  // Chromium answers a request it won't show after a moment of its own.
  await expect(section.getByRole('status')).toContainText(TEXT.en.blocked, { timeout: 15_000 });
  await expect(toggle).not.toBeChecked();
  expect(await pageSubscription(page)).toBeNull();
  await expectAccessible(page);
  // Next time the profile says so before the customer tries, beside the switch.
  await page.reload();
  const again = await openSettings(page, 'en');
  await expect(again.getByText(TEXT.en.blocked)).toBeVisible();
  await expect(again.getByRole('switch', { name: TEXT.en.section })).not.toBeChecked();
});
