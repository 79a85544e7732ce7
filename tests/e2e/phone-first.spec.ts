/**
 * Phone first: the main pages on a touch phone, in each of the brand's languages.
 * - On a 375×667 screen each page shows its heading and its first action (the main button or first field; on
 *   pages without one, what the page is for) before any scrolling.
 * - The floating chat button covers no control, field, price or office address, with the page at its top and
 *   scrolled to its end; at the end it always shows (the page keeps room for it).
 * - At 360 and 414 px nothing scrolls sideways, the header is one row (logo, main action, menu button), and the
 *   menu button opens and closes the menu with the keyboard.
 * Logged-in pages open with the demo customer or a fresh customer (route-sessions.ts), as in the every-route audit.
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { brands } from '../../src/brands/brands.ts';
import type { Lang } from '../../src/i18n/languages.ts';
import { ROUTE_SAMPLES, type Who } from './route-samples.ts';
import { brandOf, samplePath, test, type Session } from './route-sessions.ts';

const PHONE = { isMobile: true, hasTouch: true } as const;

/** A main page (a route of route-samples.ts) and where its first action is. */
interface PhonePage {
  route: string;
  /** The first action, found the same way in both languages; by default the first control in the main content. */
  action?: (page: Page) => Locator;
}

const firstControl = (page: Page) =>
  page
    .locator('main')
    .locator('input:not([type="hidden"]), select, textarea, button, [role="tab"], a.button')
    .filter({ visible: true })
    .first();

const PAGES: PhonePage[] = [
  { route: 'home', action: (page) => page.locator('.hero .actions a').filter({ visible: true }).first() },
  // Tracking has no form: the shipment's status is what the page is for.
  { route: 'tracking', action: (page) => page.locator('.tracking-status') },
  { route: 'login' },
  { route: 'signup.new' },
  { route: 'account.forget-password' },
  { route: 'account-home' },
  { route: 'account.wallet' },
  { route: 'pending-payments', action: (page) => page.locator('main input[type="checkbox"]').first() },
  { route: 'account-settings' },
  { route: 'office-locator', action: (page) => page.locator('main select').first() },
  { route: 'account.membership' },
  { route: 'account.membershipPayment' },
  { route: 'howtouse', action: (page) => page.locator('main select').first() },
  { route: 'return.address-from' },
  { route: 'account.submit-request', action: (page) => page.locator('main select').first() },
  { route: 'account.message', action: (page) => page.locator('.detail-page-actions button').first() },
  // Articles: the first link a reader can follow; one without links, its first paragraph.
  { route: 'about.what-is', action: (page) => page.locator('.article p').first() },
  { route: 'faqs', action: (page) => page.locator('.article a').first() },
  { route: '404', action: (page) => page.locator('.not-found a').first() },
];

/** A phone of the given width, showing the sample of `route` to the visitor or customer it is for. */
async function openOnPhone(
  { browser, baseURL, sessions }: { browser: Browser; baseURL?: string; sessions: (who: Who) => Promise<Session> },
  route: string,
  lang: Lang,
  width: number,
): Promise<Page> {
  const sample = ROUTE_SAMPLES[route]!;
  const session = await sessions(sample.who);
  const context = await browser.newContext({
    baseURL,
    storageState: session.state,
    viewport: { width, height: 667 },
    ...PHONE,
  });
  const page = await context.newPage();
  await page.goto(samplePath(sample, lang, brandOf(test.info().project.name), session));
  await expect(page.locator('h1').first()).toBeVisible();
  return page;
}

/**
 * What the chat button covers: the shown controls, fields, prices and office addresses its box shares area with
 * (none while it has stepped aside, faded out and letting taps through).
 */
function coveredByChat(page: Page): Promise<string[] | 'hidden' | 'stepped aside'> {
  return page.evaluate(async () => {
    const chat = document.querySelector<HTMLElement>('[data-live-chat]');
    if (!chat || !chat.checkVisibility()) return 'hidden';
    // Its fade (0.15 s) may still be running when it stepped aside a moment ago: read it once it has ended.
    await Promise.all(chat.getAnimations().map((fade) => fade.finished.catch(() => undefined)));
    const style = getComputedStyle(chat);
    if (style.opacity === '0' && style.pointerEvents === 'none') return 'stepped aside';
    const box = chat.getBoundingClientRect();
    const keep = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="tab"]',
      'label:has(input)',
      // Prices and amounts.
      '.summary-list dd',
      '[class*="price"]',
      '[class*="total"] dd',
      '.wallet-amount',
      '.wallet-balance',
      // An office's address.
      '.place-address',
      '.locator-facts dd',
    ].join(', ');
    return [...document.querySelectorAll(keep)]
      .filter((el) => !chat.contains(el) && el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
  });
}

/** The page is still, and the chat button has had a frame to decide whether to step aside. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Whether the browser tells assistive technology that the menu button's menu is open: a popover's button does so
 * natively, read here from Chromium's accessibility tree.
 */
async function expanded(page: Page): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-menu-button]' });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  await cdp.detach();
  return nodes[0]?.properties?.find((p) => p.name === 'expanded')?.value.value === true;
}

const inFirstScreen = async (page: Page, locator: Locator) => {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return (
    box !== null &&
    box.y >= 0 &&
    box.y + box.height <= viewport.height &&
    box.x >= 0 &&
    box.x + box.width <= viewport.width
  );
};

for (const lang of brands.shipbox.languages) {
  // Tagged by language: the Mailbridge project, English only, leaves the Arabic ones out (playwright.config.ts).
  const tag = `@${lang}`;

  for (const { route, action = firstControl } of PAGES) {
    test(
      `${lang} ${route}: heading and first action in the first screen; the chat button covers nothing`,
      { tag },
      async ({ browser, baseURL, sessions }) => {
        const brand = brandOf(test.info().project.name);
        const page = await openOnPhone({ browser, baseURL, sessions }, route, lang, 375);
        const first = action(page);
        await expect(first).toBeVisible();
        await settle(page);

        expect(await page.evaluate(() => scrollY), 'the page stays at its top').toBe(0);
        expect(await inFirstScreen(page, page.locator('h1').first()), 'the heading is in the first screen').toBe(true);
        expect(await inFirstScreen(page, first), 'the first action is in the first screen').toBe(true);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          'nothing scrolls sideways',
        ).toBeLessThanOrEqual(0);

        if (!brand.hasLiveChat) {
          await expect(page.locator('[data-live-chat]')).toHaveCount(0);
          return;
        }
        const atTop = await coveredByChat(page);
        if (Array.isArray(atTop)) expect(atTop, 'at the top, the chat button covers').toEqual([]);

        await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
        await settle(page);
        // At the end there is room for it: it shows, and covers nothing.
        expect(await coveredByChat(page), 'at the end, the chat button covers').toEqual([]);
      },
    );
  }

  for (const width of [360, 414]) {
    for (const route of ['home', 'account-home']) {
      test(
        `${lang} ${route} at ${width} px: one header row, no sideways scroll, a menu the keyboard opens and closes`,
        { tag },
        async ({ browser, baseURL, sessions }) => {
          const page = await openOnPhone({ browser, baseURL, sessions }, route, lang, width);
          const loggedIn = ROUTE_SAMPLES[route]!.who !== 'visitor';
          await settle(page);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
            'nothing scrolls sideways',
          ).toBeLessThanOrEqual(0);

          const header = page.locator('.site-header');
          const logo = header.locator('.logo');
          const menuButton = header.locator('[data-menu-button]');
          const main = header.locator(loggedIn ? '.header-action.session-in' : '.header-action.session-out');
          await expect(menuButton).toBeVisible();
          await expect(main).toBeVisible();
          // Folded away: the menu groups, the language switch and the account's links.
          const menu = page.locator('#header-menu');
          await expect(menu).toBeHidden();
          await expect(menu.locator('nav')).toBeHidden();

          // One row, inside the screen, in reading order: logo first, the menu button last (mirrored in Arabic).
          type Box = { x: number; y: number; width: number; height: number };
          const boxes = (await Promise.all([logo, main, menuButton].map((l) => l.boundingBox()))) as Box[];
          for (const box of boxes) {
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(width);
          }
          const middle = (b: Box) => b.y + b.height / 2;
          for (const box of boxes) expect(Math.abs(middle(box) - middle(boxes[2]!))).toBeLessThan(8);
          const order = boxes.map((b) => b.x);
          expect(order).toEqual([...order].sort((a, b) => (lang === 'ar' ? b - a : a - b)));

          // The keyboard: Enter opens, Tab goes into the menu, Escape closes it and gives the focus back.
          await menuButton.focus();
          await expect.poll(() => expanded(page)).toBe(false);
          await page.keyboard.press('Enter');
          await expect(menu).toBeVisible();
          await expect.poll(() => expanded(page)).toBe(true);
          await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
          const nav = menu.getByRole('navigation');
          await expect(nav.locator('summary')).toHaveCount(3);
          const languages = brandOf(test.info().project.name).languages.length;
          await expect(menu.locator('[data-lang-switch]')).toHaveCount(languages - 1);
          if (languages > 1) await expect(menu.locator('[data-lang-switch]')).toBeVisible();
          await expect(menu.locator(loggedIn ? 'details.session-in summary' : '.session-out a.button')).toBeVisible();
          const width0 = await menu.evaluate((el) => el.scrollWidth - el.clientWidth);
          expect(width0, 'the menu fits the screen').toBeLessThanOrEqual(0);

          await page.keyboard.press('Tab');
          await expect(nav.locator('summary').first()).toBeFocused();
          // A group opens in place; Escape closes the group first, then the menu.
          await page.keyboard.press('Enter');
          const firstLink = nav.locator('.menu-list a').first();
          await expect(firstLink).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(firstLink).toBeHidden();
          await expect(menu).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(menu).toBeHidden();
          await expect(menuButton).toBeFocused();
          await expect.poll(() => expanded(page)).toBe(false);

          // A tap on the button opens it again, and another closes it.
          await menuButton.tap();
          await expect(menu).toBeVisible();
          await menuButton.tap();
          await expect(menu).toBeHidden();
        },
      );
    }
  }
}
