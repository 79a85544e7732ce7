/**
 * Arabic all the way (docs/decisions/031): every route of the route table, opened in Arabic by a visitor and by
 * the demo customer, shows no Latin-script word in its main content, on the page as it loads and on each of its
 * tabs, and no island asks for a catalogue key its loaded parts lack.
 *
 * What may stay in Latin script, and why:
 * - what the customer or a merchant wrote (names, street lines, package descriptions, merchants, shops, request
 *   subjects): the page isolates it in `<bdi>`, and it is never translated;
 * - the postal address blocks of the overseas mailboxes, which merchants must read as printed: the page marks
 *   them `lang="en" dir="ltr"` (under Arabic headings);
 * - codes, which are not words: a token of capitals and digits with a digit in it (waybill numbers, case
 *   references, mailbox numbers), e-mail addresses, web addresses, and the currency symbols the Arabic locale
 *   writes for some currencies (US$, UK£, CN¥);
 * - the names below: the brand, currency codes, the warehouses' and offices' three-letter codes, and the file
 *   formats an upload accepts.
 * Everything else (country, city, warehouse and office names, statuses, labels, the product's own messages) is
 * Arabic on an Arabic page.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { brands } from '../../src/brands/brands.ts';
import { ROUTE_SAMPLES, type Who } from './route-samples.ts';
import { newSession, samplePath } from './route-sessions.ts';

const json = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;

/** Words that stay as they are in any language. */
const NAMES = new Set([
  // The brand, as its logo writes it (payment brands have Arabic names in the catalogue).
  'Shipbox',
  // Currency codes (ISO 4217), written the same in the spec's Arabic amounts.
  ...json<{ currencyCode: string }[]>('src/content/data/currencies.json').map((c) => c.currencyCode),
  // The warehouses' and offices' codes, printed on labels and mailbox numbers.
  ...json<{ entity: string }[]>('src/content/data/warehouses.json').map((w) => w.entity),
  ...json<{ id: string }[]>('src/content/data/offices.json')
    .map((o) => o.id)
    .filter((id) => /^[A-Z]{3}$/.test(id)),
  // The file formats an upload accepts, as the customer sees them in their files' names.
  ...['PNG', 'JPG', 'JPEG', 'GIF', 'PDF', 'DOC', 'DOCX'],
]);

/** Codes and addresses that are not words: removed before the words are read. */
const CODES = [
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  /https?:\/\/\S+/g,
  // Capitals and digits with a digit in them: SB9000105, 1Z880007919, CAS-240117, AMM 104582's number.
  /(?<![A-Za-z0-9])[A-Z0-9-]*\d[A-Z0-9-]*(?![A-Za-z0-9])/g,
  // A currency symbol of the locale's data: "‏12.50 US$" (src/lib/payments/money-format.ts).
  /(?<![A-Za-z])[A-Z]{2}[$£¥]/g,
];

/** The Latin-script words of `text` that are not in the allow-list. */
function latinWords(text: string): string[] {
  const words = CODES.reduce((rest, code) => rest.replace(code, ' '), text).match(/\p{Script=Latin}+/gu) ?? [];
  return words.filter((word) => !NAMES.has(word));
}

interface Found {
  text: string;
  where: string;
}

/**
 * Text shown in <main>, and its labels (aria-label, placeholder, title, alt), that has a Latin letter and is
 * outside the markup that may hold Latin script: <bdi> and `lang="en" dir="ltr"` blocks.
 */
function latinText(page: Page): Promise<Found[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return [{ text: 'no <main>', where: location.pathname }];
    const latin = /\p{Script=Latin}/u;
    const kept = (el: Element) => el.closest('bdi, [lang="en"][dir="ltr"], script, style, template, noscript');
    // An option shows when its select does.
    const shown = (el: Element) => (el.closest('select') ?? el).checkVisibility();
    const where = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== main && parts.length < 3; e = e.parentElement) {
        parts.unshift(e.tagName.toLowerCase() + (e.id ? `#${e.id}` : e.classList[0] ? `.${e.classList[0]}` : ''));
      }
      return parts.join(' > ');
    };
    const found: { text: string; where: string }[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !latin.test(node.textContent ?? '') || kept(el) || !shown(el)) continue;
      found.push({ text: (node.textContent ?? '').trim(), where: where(el) });
    }
    const labelled = main.querySelectorAll('[aria-label], [placeholder], [title], [alt]');
    for (const el of labelled) {
      if (kept(el) || !shown(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name);
        if (value && latin.test(value)) found.push({ text: value, where: `${where(el)} [${name}]` });
      }
    }
    return found;
  });
}

/** Scrolls to the end, so what loads once scrolled to is there, and waits for the page to settle. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState('networkidle');
  // No island still says it is loading.
  await expect(page.locator('main').getByText('جارٍ التحميل').filter({ visible: true })).toHaveCount(0);
}

test.describe.configure({ mode: 'parallel' });

test('the allow-list lets codes through and nothing else', () => {
  expect(latinWords('الشحنة SB9000105 و1Z880007919 والطلب CAS-240117، صندوق AMM 104582')).toEqual([]);
  expect(latinWords('‏12.50 US$ أو JOD، demo@example.com، ملفات PDF وDOCX من Shipbox')).toEqual([]);
  expect(latinWords('عنوانك في New York، United States (NYC)')).toEqual(['New', 'York', 'United', 'States']);
  expect(latinWords('رمز الأمان (CVV)، الوزن 10kg')).toEqual(['CVV', 'kg']);
});

for (const who of ['visitor', 'demo'] as const satisfies readonly Who[]) {
  test(`every Arabic route reads in Arabic for the ${who}`, async ({ browser, baseURL }) => {
    // A walk through every Arabic route, each page settled and read: on a loaded 2-core machine the visitor's walk
    // once took over 8 minutes (28 November), so the cap is 12.
    test.setTimeout(12 * 60_000);
    const session = await newSession(browser, String(baseURL), who);
    // One context for the whole walk, on a phone.
    const context = await browser.newContext({
      baseURL,
      storageState: session.state,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const missingKeys: string[] = [];
    page.on('console', (m) => {
      if (m.text().startsWith('Missing catalogue key'))
        missingKeys.push(`${new URL(page.url()).pathname}: ${m.text()}`);
    });
    // Each finding once per page (a page's tabs show its other content again).
    const latin = new Map<string, string>();
    const check = async (label: string) => {
      await settle(page);
      const path = new URL(page.url()).pathname;
      for (const { text, where } of await latinText(page)) {
        const words = latinWords(text);
        const key = `${path} ${where} ${text}`;
        if (words.length > 0 && !latin.has(key)) latin.set(key, `${label} ${where}: ${words.join(' ')} «${text}»`);
      }
    };

    const paths = Object.entries(ROUTE_SAMPLES).map(([name, sample]) => ({
      name,
      path: samplePath(sample, 'ar', brands.shipbox, session),
    }));
    // The owner's view of a shipment too: its private section shows what the merchant wrote.
    if (who === 'demo') paths.push({ name: 'tracking (own shipment)', path: '/ar/tracking/SB7000105' });
    for (const { name, path } of paths) {
      await test.step(`${name} (${path})`, async () => {
        await page.goto(path, { waitUntil: 'networkidle' });
        await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
        const label = new URL(page.url()).pathname + new URL(page.url()).search;
        await check(label);
        // Each tab of the page (account home's addresses, messages, requests…).
        const tabs = page.locator('main [role="tab"]');
        for (let i = 0; i < (await tabs.count()); i++) {
          if ((await tabs.nth(i).getAttribute('aria-selected')) === 'true') continue;
          await tabs.nth(i).click();
          await check(`${label} tab ${(await tabs.nth(i).getAttribute('id')) ?? i}`);
        }
      });
    }
    expect([...latin.values()], 'Latin-script words on Arabic pages').toEqual([]);
    expect(missingKeys, 'catalogue keys missing from the loaded parts').toEqual([]);
    await context.close();
  });
}
