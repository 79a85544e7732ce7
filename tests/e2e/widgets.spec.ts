/**
 * The help box and the tool box (spec 1 §2.7, spec 2 §4, §5, §8, §9) on an article page, as a visitor uses
 * them: each help tab, a tab that fails to load, tracking, the rate calculator and the currency converter with
 * each of their errors. Prices are computed here from the rate table the API prices with.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support.ts';
import { items, pageTitle } from './content.ts';

interface CountryRate {
  originCountryCode: string;
  destinationCountryCode: string;
  transitDays: string;
  rates: { subscriptionPlanId: number; firstHalfKg: number; additionalHalfKg: number }[];
}
const rates = JSON.parse(readFileSync('src/content/data/country-rates.json', 'utf8')) as CountryRate[];
const currencies = JSON.parse(readFileSync('src/content/data/currencies.json', 'utf8')) as {
  currencyCode: string;
  usdRate: number | null;
}[];

/** The price of a parcel, as spec 2 §3 defines it: the first half kilogram, then each further half begun. */
function price(origin: string, destination: string, planId: number, kg: number): number {
  const rate = rates
    .find((r) => r.originCountryCode === origin && r.destinationCountryCode === destination)
    ?.rates.find((r) => r.subscriptionPlanId === planId);
  if (!rate) throw new Error(`no rate ${origin}→${destination} plan ${planId}`);
  const halves = Math.max(1, Math.ceil(kg / 0.5 - 1e-9));
  return Math.round((rate.firstHalfKg + rate.additionalHalfKg * (halves - 1)) * 100) / 100;
}

async function openArticle(page: Page, lang = 'en') {
  await page.goto(`/${lang}/about/how-shipbox-works`);
  const widgets = page.locator('aside.widgets');
  await widgets.scrollIntoViewIfNeeded();
  // The islands hydrate once visible; Astro drops `ssr` from each island when it has.
  await expect(widgets.locator('astro-island')).toHaveCount(2);
  await expect(widgets.locator('astro-island[ssr]')).toHaveCount(0);
  // Awake: the island checks its forms itself from then on.
  await expect(widgets.locator('#tool-track')).toHaveAttribute('novalidate', '');
  return widgets;
}

test('the help box loads its four tabs; a tab that fails is marked not loaded and can be retried', async ({ page }) => {
  let failFaqs = true;
  await page.route('**/api/articles?subCategory=faqs*', (route) => (failFaqs ? route.abort() : route.continue()));
  const widgets = await openArticle(page);
  const tabs = widgets.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  const panel = widgets.getByRole('tabpanel');
  await expect(
    panel.getByRole('link', { name: `Read more about ${pageTitle('en', 'unacceptable-materials')}` }),
  ).toBeVisible();

  await widgets.getByRole('tab', { name: 'Service updates' }).click();
  const newest = items('service-updates', 'en')[0];
  await expect(widgets.getByRole('tabpanel').getByRole('link', { name: newest?.subject ?? '' })).toBeVisible();

  const faqTab = widgets.getByRole('tab', { name: /FAQs/ });
  await expect(faqTab).toHaveAttribute('data-loaded', 'false');
  await expect(faqTab).toContainText("(couldn't load)");
  await faqTab.click();
  await expect(widgets.getByRole('tabpanel')).toContainText("Couldn't load this section");
  await expectAccessible(page);

  failFaqs = false;
  await widgets.getByRole('tabpanel').getByRole('button', { name: 'Retry' }).click();
  await expect(faqTab).toHaveAttribute('data-loaded', 'true');
  const firstFaq = items('faqs', 'en')[0];
  await widgets
    .getByRole('tabpanel')
    .getByRole('link', { name: firstFaq?.subject ?? '' })
    .click();
  await expect(page).toHaveURL(`/en/faqs/${firstFaq?.id}/${firstFaq?.slug}`);
});

test('track shipment needs a waybill number, then opens its tracking page', async ({ page }) => {
  const widgets = await openArticle(page);
  const track = widgets.locator('details', { hasText: 'Track a shipment' });
  await expect(track).toHaveAttribute('open', '');
  await expect(widgets.locator('details[open]')).toHaveCount(1);
  await track.getByRole('button', { name: 'Track' }).click();
  await expect(track.getByText('Enter a tracking number.')).toBeVisible();
  await expect(page).toHaveURL('/en/about/how-shipbox-works');
  await track.getByLabel('Air waybill number').fill('SB9000100');
  await track.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL('/en/tracking/SB9000100');
});

test('the rate calculator prices a parcel, shows the Flex saving, clears on change and sends once', async ({
  page,
}) => {
  const widgets = await openArticle(page);
  const calculator = widgets.locator('details', { hasText: 'Rate calculator' });
  await calculator.locator('summary').click();
  await expect(calculator).toHaveAttribute('open', '');
  await expect(widgets.locator('details[open]')).toHaveCount(1);

  // Errors first: nothing chosen (route, weight and the goods' value), then a weight that is not a number.
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  await expect(calculator.locator('.field-error')).toHaveCount(4);
  await calculator.getByLabel('Value of the goods').fill('50');
  await expect(calculator.getByLabel('Ship from')).toHaveAttribute('aria-invalid', 'true');
  await calculator.getByLabel('Ship from').selectOption('US');
  await calculator.getByLabel('Ship to').selectOption('JO');
  await calculator.getByLabel('Weight').fill('abc');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  await expect(calculator.getByText('Enter a weight above 0 in numbers, with at most 2 decimals.')).toBeVisible();
  await calculator.getByLabel('Weight').fill('80');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  await expect(calculator.getByText('This weight is over the limit.')).toBeVisible();

  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/countryRates?')) calls += 1;
  });
  await calculator.getByLabel('Weight').fill('1.6');
  await calculator.getByRole('button', { name: 'Calculate' }).dblclick();
  const basic = price('US', 'JO', 1, 1.6);
  const flex = price('US', 'JO', 2, 1.6);
  const result = calculator.locator('.tool-result');
  await expect(result.locator('[data-plan="1"]')).toContainText(basic.toFixed(2));
  await expect(result.locator('[data-plan="2"]')).toContainText(flex.toFixed(2));
  await expect(result).toContainText(`Save ${Math.round((1 - flex / basic) * 100)}% with Flex`);
  expect(calls).toBe(1);
  await expect(result).not.toContainText('Australia');
  await expectAccessible(page);

  // Pounds are priced as kilograms; any change clears the result first.
  await calculator.getByLabel('Pounds (lb)').check();
  await expect(result.locator('[data-plan="1"]')).toHaveCount(0);
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  await expect(result.locator('[data-plan="1"]')).toContainText(price('US', 'JO', 1, 1.6 * 0.45359237).toFixed(2));

  await calculator.getByLabel('Ship to').selectOption('AU');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  await expect(result).toContainText('Prices to Australia include taxes.');
});

test('a route without rates says so', async ({ page }) => {
  const widgets = await openArticle(page);
  const calculator = widgets.locator('details', { hasText: 'Rate calculator' });
  await calculator.locator('summary').click();
  const origin = 'US';
  const destinations = new Set(
    rates.filter((r) => r.originCountryCode === origin).map((r) => r.destinationCountryCode),
  );
  const options = await calculator
    .getByLabel('Ship to')
    .locator('option')
    .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
  const unpriced = options.find((code) => !destinations.has(code));
  if (!unpriced) throw new Error('every destination is priced from the US');
  await calculator.getByLabel('Ship from').selectOption(origin);
  await calculator.getByLabel('Ship to').selectOption(unpriced);
  await calculator.getByLabel('Weight').fill('2');
  await calculator.getByLabel('Value of the goods').fill('50');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  await expect(calculator.getByText("We don't have rates for this route yet.")).toBeVisible();
});

test('a customer on Flex lifetime sees only their own rate', async ({ page }) => {
  // The session as stored by a login; the guard checks it on this first visit, so answer that check too.
  await page.route('**/api/account/GetCustomerDetails', (route) => route.fulfill({ status: 200, json: {} }));
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(
        'session.user',
        JSON.stringify({
          isLoggedIn: true,
          guid: '0f8fad5b-d9cb-469f-a165-70867728950e',
          email: 'demo@example.com',
          firstName: 'Dana',
          lastName: 'Haddad',
          langCode: 'en',
          hasMailboxes: false,
          hasLiveChat: true,
          hasFlex: true,
          confirmedAgreement: true,
          countryCode: 'JO',
          paymentMethodId: 1,
          id: { mandatory: false, uploaded: false, detailsMandatory: false, detailsFilled: false },
          membershipPlan: { id: 5, startDate: null, expiryDate: null, expirationDate: null, autoRenewal: false },
        }),
      );
    }
  });
  const widgets = await openArticle(page);
  const calculator = widgets.locator('details', { hasText: 'Rate calculator' });
  await calculator.locator('summary').click();
  await calculator.getByLabel('Ship from').selectOption('GB');
  await calculator.getByLabel('Ship to').selectOption('JO');
  await calculator.getByLabel('Weight').fill('3');
  await calculator.getByLabel('Value of the goods').fill('50');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  const result = calculator.locator('.tool-result');
  await expect(result.locator('[data-plan="5"]')).toContainText(price('GB', 'JO', 5, 3).toFixed(2));
  await expect(result.locator('[data-plan="1"]')).toHaveCount(0);
  await expect(result).not.toContainText('Save');
});

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: the currency converter converts, and refuses missing currencies, bad amounts and unpublished rates`, async ({
    page,
  }) => {
    const text =
      lang === 'en'
        ? { title: 'Currency converter', amount: 'Amount', from: 'From', to: 'To', convert: 'Convert' }
        : { title: 'محوّل العملات', amount: 'المبلغ', from: 'من', to: 'إلى', convert: 'حوّل' };
    const widgets = await openArticle(page, lang);
    const converter = widgets.locator('details', { hasText: text.title });
    await converter.locator('summary').click();
    const from = converter.getByLabel(text.from, { exact: true });
    // Default currency by language: en USD, ar JOD.
    await expect(from).toHaveValue(lang === 'en' ? 'USD' : 'JOD');
    const amount = converter.getByLabel(text.amount);
    const convert = converter.getByRole('button', { name: text.convert });

    await amount.fill('');
    await convert.click();
    await expect(converter.getByRole('alert').or(converter.locator('.field-error')).first()).toBeVisible();

    await amount.fill('100');
    await from.selectOption('USD');
    await converter.getByLabel(text.to, { exact: true }).selectOption('JOD');
    await convert.click();
    const jod = currencies.find((c) => c.currencyCode === 'JOD')?.usdRate ?? 0;
    const result = converter.locator('.tool-result');
    await expect(result).toContainText(`${(100 * jod).toFixed(1)} JOD`);
    await expectAccessible(page);

    const unpublished = currencies.find((c) => c.usdRate === null)?.currencyCode;
    if (!unpublished) throw new Error('every currency has a rate');
    await converter.getByLabel(text.to, { exact: true }).selectOption(unpublished);
    await expect(result).toBeEmpty();
    await convert.click();
    await expect(converter).toContainText(
      lang === 'en' ? 'This conversion is not available right now.' : 'هذا التحويل غير متاح حالياً.',
    );
  });
}

test('the converter says which field is wrong, and is marked not loaded when its currencies fail', async ({ page }) => {
  let fail = true;
  await page.route('**/api/currencies?*', (route) => (fail ? route.abort() : route.continue()));
  const widgets = await openArticle(page);
  const converter = widgets.locator('details', { hasText: 'Currency converter' });
  await converter.locator('summary').click();
  await expect(converter.locator('[data-loaded="false"]')).toBeVisible();
  await expect(converter).toContainText("Couldn't load the currencies. Please try again.");
  fail = false;
  await converter.getByRole('button', { name: 'Retry' }).click();
  await expect(converter.locator('[data-loaded="true"]')).toBeVisible();

  await converter.getByLabel('From', { exact: true }).selectOption('');
  await converter.getByLabel('Amount').fill('10');
  await converter.getByRole('button', { name: 'Convert' }).click();
  await expect(converter).toContainText('Choose both currencies.');
  await converter.getByLabel('From', { exact: true }).selectOption('EUR');
  await converter.getByLabel('To', { exact: true }).selectOption('USD');
  await converter.getByLabel('Amount').fill('1,2,3');
  await converter.getByRole('button', { name: 'Convert' }).click();
  await expect(converter).toContainText('Enter an amount above 0, in numbers.');
});

/** Holds the tool box's script until `release()`: the island stays as the server wrote it, its forms plain HTML. */
async function holdToolBox(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/ToolBox\.[\w-]+\.js$/, async (route) => {
    await released;
    // The page may have gone on meanwhile (a form sent before the island woke): its request with it.
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** The tool box on an article, scrolled into view, as the server wrote it. */
async function toolBoxOf(page: Page, path = '/en/about/how-shipbox-works') {
  await page.goto(path);
  const box = page.locator('.tool-box');
  await box.scrollIntoViewIfNeeded();
  return box;
}

/** The tool box has hydrated: it checks its forms itself from then on. */
const awake = (page: Page) => expect(page.locator('#tool-track')).toHaveAttribute('novalidate', '');

test.describe('the tool box without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('track opens the tracking page of the number; the browser asks for a missing one; a blank one is asked for again', async ({
    page,
  }) => {
    const box = await toolBoxOf(page);
    const track = box.locator('details[data-tool="track"]');
    const number = track.getByLabel('Air waybill number');

    // Empty: the browser refuses to send it.
    await track.getByRole('button', { name: 'Track' }).click();
    await expect(page).toHaveURL('/en/about/how-shipbox-works');
    expect(await number.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    // Only spaces: the server answers with the form again, the error under the field.
    await number.fill('   ');
    const [blank] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/en/tracking?')),
      track.getByRole('button', { name: 'Track' }).click(),
    ]);
    expect(blank.status()).toBe(400);
    await expect(page).toHaveURL(/\/en\/tracking\?awbNumber=\+\+\+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track your shipment');
    const again = page.locator('details[data-tool="track"]');
    await expect(again.getByText('Enter a tracking number.')).toBeVisible();
    await expect(again.getByLabel('Air waybill number')).toHaveAttribute('aria-invalid', 'true');

    await again.getByLabel('Air waybill number').fill(' SB9000100 ');
    await again.getByRole('button', { name: 'Track' }).click();
    await expect(page).toHaveURL('/en/tracking/SB9000100');
    await expect(page).toHaveTitle(/^Track your shipment/);
  });

  test('the office locator opens on the chosen country', async ({ page }) => {
    const box = await toolBoxOf(page, '/ar/faqs');
    const office = box.locator('details[data-tool="office"]');
    await office.locator('summary').click();
    await office.getByLabel('الدولة').selectOption('JO');
    await office.getByRole('button', { name: 'اعرض المكاتب' }).click();
    await expect(page).toHaveURL('/ar/office/office-locator/JO');
  });

  test('the rate calculator and the converter come back to their page with what was typed in the address', async ({
    page,
  }) => {
    const box = await toolBoxOf(page);
    const calculator = box.locator('details[data-tool="rates"]');
    await calculator.locator('summary').click();
    await calculator.getByLabel('Ship from').selectOption('US');
    await calculator.getByLabel('Ship to').selectOption('JO');
    await calculator.getByLabel('Weight').fill('1.6');
    await calculator.getByLabel('Pounds (lb)').check();
    await calculator.getByLabel('Value of the goods').fill('50');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(
      '/en/about/how-shipbox-works?origin=US&destination=JO&weight=1.6&unit=1&length=&width=&height=&dimensionUnit=cm&value=50&valueCurrency=USD&category=general#tool-rates',
    );

    const converter = page.locator('details[data-tool="converter"]');
    await converter.locator('summary').click();
    // The lists are there without script, the language's pair chosen.
    await expect(converter.getByLabel('From', { exact: true })).toHaveValue('USD');
    await expect(converter.getByLabel('To', { exact: true })).toHaveValue('JOD');
    await converter.getByLabel('Amount').fill('100');
    await converter.getByRole('button', { name: 'Convert' }).click();
    await expect(page).toHaveURL(
      '/en/about/how-shipbox-works?currencyFrom=USD&currencyTo=JOD&amount=100#tool-converter',
    );
  });
});

test('a tracking number sent blank is asked for again, with the error under the field', async ({ page }) => {
  const response = await page.goto('/ar/tracking?awbNumber=+');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تتبّع شحنتك');
  const track = page.locator('details[data-tool="track"]');
  await track.scrollIntoViewIfNeeded();
  await awake(page);
  const number = track.getByLabel('رقم بوليصة الشحن الجوي');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(track.getByText('أدخل رقم التتبع.')).toBeVisible();
  await expectAccessible(page);
  await number.fill('SB9000100');
  await expect(number).not.toHaveAttribute('aria-invalid');
  await track.getByRole('button', { name: 'تتبّع' }).click();
  await expect(page).toHaveURL('/ar/tracking/SB9000100');
});

test.describe('the tool box used before it wakes', () => {
  test('track opens the tracking page of the number', async ({ page }) => {
    const release = await holdToolBox(page);
    const box = await toolBoxOf(page);
    await box.getByLabel('Air waybill number').fill('SB9000100');
    await box.getByRole('button', { name: 'Track' }).click();
    await expect(page).toHaveURL('/en/tracking/SB9000100');
    release();
    await expect(page.getByRole('progressbar', { name: 'Shipment progress' })).toBeVisible();
  });

  test('the office locator opens on the chosen country', async ({ page }) => {
    const release = await holdToolBox(page);
    const box = await toolBoxOf(page);
    const office = box.locator('details[data-tool="office"]');
    await office.locator('summary').click();
    await office.getByLabel('Country').selectOption('JO');
    await office.getByRole('button', { name: 'Show offices' }).click();
    await expect(page).toHaveURL('/en/office/office-locator/JO');
    release();
  });

  test('the rate calculator answers once awake, with the values kept', async ({ page }) => {
    const release = await holdToolBox(page);
    const box = await toolBoxOf(page);
    const calculator = box.locator('details[data-tool="rates"]');
    await calculator.locator('summary').click();
    await calculator.getByLabel('Ship from').selectOption('US');
    await calculator.getByLabel('Ship to').selectOption('JO');
    await calculator.getByLabel('Weight').fill('1.6');
    await calculator.getByLabel('Pounds (lb)').check();
    await calculator.getByLabel('Value of the goods').fill('50');
    await calculator.getByLabel('Goods', { exact: true }).selectOption('books');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(
      /\?origin=US&destination=JO&weight=1\.6&unit=1&.*&value=50&.*&category=books#tool-rates$/,
    );
    release();

    const sent = page.locator('details[data-tool="rates"]');
    await expect(sent).toHaveAttribute('open', '');
    await expect(sent.locator('.tool-result [data-plan="1"]')).toContainText(
      price('US', 'JO', 1, 1.6 * 0.45359237).toFixed(2),
    );
    await expect(sent.getByLabel('Ship from')).toHaveValue('US');
    await expect(sent.getByLabel('Ship to')).toHaveValue('JO');
    await expect(sent.getByLabel('Weight')).toHaveValue('1.6');
    await expect(sent.getByLabel('Pounds (lb)')).toBeChecked();
    await expect(sent.getByLabel('Value of the goods')).toHaveValue('50');
    await expect(sent.getByLabel('Goods', { exact: true })).toHaveValue('books');
    await expect(sent.locator('.landed-cost-summary')).toContainText('Landed cost');
    // Answered: the address no longer carries the form.
    await expect(page).toHaveURL('/en/about/how-shipbox-works#tool-rates');
  });

  test('the converter answers once awake, with the values kept', async ({ page }) => {
    const release = await holdToolBox(page);
    const box = await toolBoxOf(page, '/ar/faqs');
    const converter = box.locator('details[data-tool="converter"]');
    await converter.locator('summary').click();
    await converter.getByLabel('من', { exact: true }).selectOption('USD');
    await converter.getByLabel('إلى', { exact: true }).selectOption('JOD');
    await converter.getByLabel('المبلغ').fill('100');
    await converter.getByRole('button', { name: 'حوّل' }).click();
    await expect(page).toHaveURL(/\/ar\/faqs\?currencyFrom=USD&currencyTo=JOD&amount=100#tool-converter$/);
    release();

    const sent = page.locator('details[data-tool="converter"]');
    await expect(sent).toHaveAttribute('open', '');
    const jod = currencies.find((c) => c.currencyCode === 'JOD')?.usdRate ?? 0;
    await expect(sent.locator('.tool-result')).toContainText(`${(100 * jod).toFixed(1)} JOD`);
    await expect(sent.getByLabel('المبلغ')).toHaveValue('100');
    await expect(sent.getByLabel('من', { exact: true })).toHaveValue('USD');
    await expect(page).toHaveURL('/ar/faqs#tool-converter');
  });

  test('what was typed, chosen and ticked before the island woke stays, and the island then answers in place', async ({
    page,
  }) => {
    const release = await holdToolBox(page);
    const box = await toolBoxOf(page);
    await box.getByLabel('Air waybill number').fill('SB9000105');
    const calculator = box.locator('details[data-tool="rates"]');
    await calculator.locator('summary').click();
    await calculator.getByLabel('Ship from').selectOption('GB');
    await calculator.getByLabel('Ship to').selectOption('JO');
    await calculator.getByLabel('Weight').fill('3');
    await calculator.getByLabel('Pounds (lb)').check();
    await calculator.getByLabel('Value of the goods').fill('75');
    release();
    await awake(page);

    await expect(calculator).toHaveAttribute('open', '');
    await expect(calculator.getByLabel('Pounds (lb)')).toBeChecked();
    await expect(calculator.getByLabel('Kilograms (kg)')).not.toBeChecked();
    await expect(calculator.getByLabel('Ship from')).toHaveValue('GB');
    await expect(calculator.getByLabel('Ship to')).toHaveValue('JO');
    await expect(calculator.getByLabel('Weight')).toHaveValue('3');
    await expect(calculator.getByLabel('Value of the goods')).toHaveValue('75');
    await expect(box.getByLabel('Air waybill number')).toHaveValue('SB9000105');

    // Awake: the island answers without reloading the page, for the values the visitor left.
    await page.evaluate(() => document.documentElement.setAttribute('data-same-page', ''));
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(calculator.locator('.tool-result [data-plan="1"]')).toContainText(
      price('GB', 'JO', 1, 3 * 0.45359237).toFixed(2),
    );
    await expect(page.locator('html[data-same-page]')).toHaveCount(1);
    await expect(page).toHaveURL('/en/about/how-shipbox-works');
  });
});
