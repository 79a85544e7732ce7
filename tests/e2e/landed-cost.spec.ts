/**
 * The landed cost (issue 24) where customers meet it, in English and Arabic: the rate calculator works out a
 * visitor's parcel line by line (a worked example, computed here from the figures the estimate is made of), the
 * tracking page of the demo customer's package that has not shipped shows its estimate and its free storage, and
 * pending payments says what each charge is for.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Lang } from '../../src/i18n/languages.ts';
import type { OwnerTracking } from '../../src/lib/api/tracking/contract.ts';
import { formatRate } from '../../src/lib/landed-cost/breakdown-words.ts';
import { formatMoney } from '../../src/lib/payments/money-format.ts';
import { fromMinor, toMinor } from '../../src/lib/payments/money.ts';
import { formatWeight } from '../../src/lib/weight/format-weight.ts';
import { expectAccessible, logIn, newCustomer } from './support.ts';

interface CountryRate {
  originCountryCode: string;
  destinationCountryCode: string;
  rates: { subscriptionPlanId: number; firstHalfKg: number; additionalHalfKg: number }[];
}
interface Figure {
  percent: number;
  assumption: boolean;
}
interface Destination {
  countryCode: string;
  duty: { basis: string; general: Figure };
  tax: { code: string; percent: number; basis: string; assumption: boolean };
}
const json = <T>(file: string) => JSON.parse(readFileSync(`src/content/data/${file}`, 'utf8')) as T;
const rates = json<CountryRate[]>('country-rates.json');
const currencies = json<{ currencyCode: string; usdRate: number | null }[]>('currencies.json');
const figures = json<{
  insurance: { percentOfValue: number };
  fees: { code: string; amount: number; currency: string }[];
  destinations: Destination[];
}>('landed-cost.json');

/** Text set apart inside a sentence (Unicode isolates), as the breakdown writes amounts and weights. */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** The price of a parcel in US dollars (spec 2 §3): the first half kilogram, then each further half begun. */
function price(origin: string, destination: string, planId: number, kg: number): number {
  const rate = rates
    .find((r) => r.originCountryCode === origin && r.destinationCountryCode === destination)
    ?.rates.find((r) => r.subscriptionPlanId === planId);
  if (!rate) throw new Error(`no rate ${origin}→${destination} plan ${planId}`);
  const halves = Math.max(1, Math.ceil(kg / 0.5 - 1e-9));
  return Math.round((rate.firstHalfKg + rate.additionalHalfKg * (halves - 1)) * 100) / 100;
}

const usdRate = (code: string) => currencies.find((c) => c.currencyCode === code)?.usdRate ?? NaN;

/**
 * The worked example: a visitor sends 1.6 kg of electronics worth $120 from the US to Jordan. It is priced as 2 kg
 * (the rates go by the half kilogram) on the basic plan; Jordan charges duty on the CIF value (goods, insurance,
 * freight) and sales tax on CIF plus the duty; the service adds handling and, duty being due, clearance. All in
 * dinars, each line rounded to the fils.
 */
function workedExample() {
  const jod = usdRate('JOD');
  const round = (amount: number) => fromMinor(toMinor(amount, 'JOD'), 'JOD');
  const jo = figures.destinations.find((d) => d.countryCode === 'JO')!;
  const freight = price('US', 'JO', 1, 2) * jod;
  const value = 120 * jod;
  const cif = value * (1 + figures.insurance.percentOfValue / 100) + freight;
  const duty = round((cif * jo.duty.general.percent) / 100);
  const tax = round(((cif + duty) * jo.tax.percent) / 100);
  const fee = (code: string) => {
    const f = figures.fees.find((x) => x.code === code)!;
    return round((f.amount / usdRate(f.currency)) * jod);
  };
  const lines = {
    freight: round(freight),
    duty,
    [jo.tax.code]: tax,
    handling: fee('handling'),
    clearance: fee('clearance'),
  };
  const total = fromMinor(
    Object.values(lines).reduce((sum, amount) => sum + toMinor(amount, 'JOD'), 0),
    'JOD',
  );
  return { jo, lines, total };
}

const TEXT = {
  en: {
    article: '/en/about/how-shipbox-works',
    calculator: 'Rate calculator',
    from: 'Ship from',
    to: 'Ship to',
    weight: 'Weight',
    value: 'Value of the goods',
    goods: 'Goods',
    electronics: 'Electronics',
    other: 'Something else',
    calculate: 'Calculate',
    heading: 'Landed cost',
    estimate: 'Estimate',
    freightRule: (kg: string) => `Rate for ${isolated(kg)}, by the actual weight`,
    dutyRule: (rate: string) => `${rate} of the goods, insurance and shipping (CIF)`,
    taxRule: (rate: string) => `${rate} of the goods, insurance, shipping and duty`,
    flat: 'Flat fee',
    weighed: (kg: string) => `${isolated(kg)}, the actual weight (no sides given to compare a volumetric weight with).`,
    rounded: (kg: string) => `Priced as ${isolated(kg)}: the rates go by each half kilogram begun.`,
    unknown: 'Unknown goods category: the general rate applies.',
    checked: 'checked',
  },
  ar: {
    article: '/ar/about/how-shipbox-works',
    calculator: 'حاسبة أسعار الشحن',
    from: 'الشحن من',
    to: 'الشحن إلى',
    weight: 'الوزن',
    value: 'قيمة البضاعة',
    goods: 'نوع البضاعة',
    electronics: 'إلكترونيات',
    other: 'شيء آخر',
    calculate: 'احسب',
    heading: 'التكلفة حتى الباب',
    estimate: 'تقديري',
    freightRule: (kg: string) => `السعر لوزن ${isolated(kg)} بحسب الوزن الفعلي`,
    dutyRule: (rate: string) => `${rate} من قيمة البضاعة مع التأمين والشحن (CIF)`,
    taxRule: (rate: string) => `${rate} من قيمة البضاعة مع التأمين والشحن والرسوم الجمركية`,
    flat: 'رسم ثابت',
    weighed: (kg: string) => `${isolated(kg)}، وهو الوزن الفعلي (لم تُذكر أبعاد يُقارن بها وزن حجمي).`,
    rounded: (kg: string) => `يُسعَّر على أنه ${isolated(kg)}: الأسعار تُحتسب بكل نصف كيلوغرام أو جزء منه.`,
    unknown: 'فئة البضاعة غير معروفة: تُطبَّق النسبة العامة.',
    checked: 'رُوجع في',
  },
} as const;

/** The calculator on an article, open and awake. */
async function openCalculator(page: Page, lang: Lang) {
  const text = TEXT[lang];
  await page.goto(text.article);
  const widgets = page.locator('aside.widgets');
  await widgets.scrollIntoViewIfNeeded();
  await expect(widgets.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(widgets.locator('#tool-rates')).toHaveAttribute('novalidate', '');
  const calculator = widgets.locator('details[data-tool="rates"]');
  await calculator.locator('summary').click();
  return calculator;
}

/** A line of an open breakdown. */
const lineOf = (breakdown: Locator, code: string) => breakdown.locator(`[data-line="${code}"]`);

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: the calculator works out a visitor's landed cost line by line, marks estimates, says when the goods are unknown, and clears on change`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    const calculator = await openCalculator(page, lang);
    await calculator.getByLabel(text.from).selectOption('US');
    await calculator.getByLabel(text.to).selectOption('JO');
    await calculator.getByLabel(text.weight, { exact: true }).fill('1.6');
    await calculator.getByLabel(text.value).fill('120');
    await calculator.getByLabel(text.goods, { exact: true }).selectOption({ label: text.electronics });
    await calculator.getByRole('button', { name: text.calculate }).click();

    const { jo, lines, total } = workedExample();
    const money = (amount: number) => formatMoney(amount, 'JOD', lang);
    const result = calculator.locator('.tool-result');
    // The plans' prices as before, and the breakdown below them.
    await expect(result.locator('[data-plan="1"]')).toContainText(price('US', 'JO', 1, 1.6).toFixed(2));
    const breakdown = result.locator('details.landed-cost');
    const summary = breakdown.locator('summary');
    await expect(summary).toContainText(text.heading);
    await expect(summary).toContainText(money(total));
    // Jordan's duty is not confirmed: the estimate says so.
    expect(jo.duty.general.assumption).toBe(true);
    await expect(summary).toContainText(text.estimate);

    await summary.click();
    await expect(breakdown).toHaveAttribute('open', '');
    for (const [code, amount] of Object.entries(lines)) {
      await expect(lineOf(breakdown, code)).toContainText(money(amount));
    }
    await expect(lineOf(breakdown, 'freight')).toContainText(text.freightRule(formatWeight(2, 'kg', lang)));
    await expect(lineOf(breakdown, 'freight')).not.toContainText(text.estimate);
    await expect(lineOf(breakdown, 'duty')).toContainText(text.dutyRule(formatRate(jo.duty.general.percent, lang)));
    await expect(lineOf(breakdown, 'duty')).toContainText(text.estimate);
    await expect(lineOf(breakdown, jo.tax.code)).toContainText(text.taxRule(formatRate(jo.tax.percent, lang)));
    await expect(lineOf(breakdown, 'handling')).toContainText(text.flat);
    await expect(breakdown.locator('.landed-cost-total')).toContainText(money(total));
    await expect(breakdown).toContainText(text.weighed(formatWeight(1.6, 'kg', lang)));
    await expect(breakdown).toContainText(text.rounded(formatWeight(2, 'kg', lang)));
    await expect(breakdown.locator('.landed-cost-sources li').first()).toContainText(text.checked);
    await expect(breakdown).not.toContainText(text.unknown);
    await expectAccessible(page);

    // Any change clears the answer; goods the list doesn't name take the general rate, and the estimate says so.
    await calculator.getByLabel(text.goods, { exact: true }).selectOption({ label: text.other });
    await expect(result).toBeEmpty();
    await calculator.getByRole('button', { name: text.calculate }).click();
    await result.locator('details.landed-cost summary').click();
    await expect(result.locator('details.landed-cost [role="note"]')).toHaveText(text.unknown);
    await expect(lineOf(result, 'duty')).toContainText(money(lines.duty!));
    await calculator.getByLabel(text.value).fill('130');
    await expect(result).toBeEmpty();
  });
}

test('the breakdown reads right to left and fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const calculator = await openCalculator(page, 'ar');
  await calculator.getByLabel(TEXT.ar.from).selectOption('US');
  await calculator.getByLabel(TEXT.ar.to).selectOption('JO');
  await calculator.getByLabel(TEXT.ar.weight, { exact: true }).fill('1.6');
  await calculator.getByLabel(TEXT.ar.value).fill('120');
  await calculator.getByRole('button', { name: TEXT.ar.calculate }).click();
  const breakdown = calculator.locator('details.landed-cost');
  await breakdown.locator('summary').click();
  const duty = lineOf(breakdown, 'duty');
  await expect(duty).toBeVisible();
  // The amount at the line's inline end: on the left in Arabic.
  const name = (await duty.locator('dt').boundingBox())!;
  const amount = (await duty.locator('.landed-cost-amount').boundingBox())!;
  expect(amount.x + amount.width).toBeLessThan(name.x + name.width);
  expect(amount.y).toBeLessThan(name.y + name.height);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = (await breakdown.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
});

test('the calculator prices the chargeable weight: a large, light parcel by its size', async ({ page }) => {
  const calculator = await openCalculator(page, 'en');
  await calculator.getByLabel('Ship from').selectOption('US');
  await calculator.getByLabel('Ship to').selectOption('JO');
  await calculator.getByLabel('Weight', { exact: true }).fill('2');
  await calculator.getByLabel('Length').fill('50');
  await calculator.getByLabel('Width').fill('40');
  await calculator.getByLabel('Height').fill('30');
  await calculator.getByLabel('Value of the goods').fill('40');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  // 50 × 40 × 30 cm ÷ 5,000 is 12 kg, more than the 2 kg it weighs.
  const result = calculator.locator('.tool-result');
  await expect(result.locator('[data-plan="1"]')).toContainText(price('US', 'JO', 1, 12).toFixed(2));
  await expect(result).toContainText(`Prices are for the parcel's volumetric weight, ${isolated('12.00 kg')}`);
  const breakdown = result.locator('details.landed-cost');
  await breakdown.locator('summary').click();
  // Converted to dinars and rounded to the fils, as every line is.
  const freight = fromMinor(toMinor(price('US', 'JO', 1, 12) * usdRate('JOD'), 'JOD'), 'JOD');
  await expect(lineOf(breakdown, 'freight')).toContainText(formatMoney(freight, 'JOD', 'en'));
  await expect(breakdown).toContainText(
    `${isolated('12.00 kg')}, the volumetric weight (length × width × height in cm ÷ 5,000), which is more than the actual ${isolated('2.00 kg')}.`,
  );

  // Two sides only: all three or none.
  await calculator.getByLabel('Height').fill('');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  await expect(calculator.getByText('Enter all three sides, or none.')).toBeVisible();
});

test('a route the estimate does not cover gets the prices and says duty and taxes are not in them', async ({
  page,
}) => {
  // Every destination of the rates has figures (tests/unit/landed-cost-data.test.ts); a route added to the rates
  // before its figures would answer 404, as here.
  await page.route('**/api/v1/landedcost?**', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ code: 'NOT_FOUND' }) }),
  );
  const calculator = await openCalculator(page, 'en');
  await calculator.getByLabel('Ship from').selectOption('US');
  await calculator.getByLabel('Ship to').selectOption('AE');
  await calculator.getByLabel('Weight', { exact: true }).fill('1');
  await calculator.getByLabel('Value of the goods').fill('40');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  const result = calculator.locator('.tool-result');
  await expect(result.locator('[data-plan="1"]')).toContainText(price('US', 'AE', 1, 1).toFixed(2));
  await expect(result).toContainText("We can't estimate the duty and taxes to this country yet");
  await expect(result.locator('details.landed-cost')).toHaveCount(0);
});

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: the tracking page of a package not shipped yet shows its free storage and what it will cost to land`, async ({
    page,
  }) => {
    await logIn(page, 'demo@example.com');
    // In the demo customer's mailbox, near the end of its free storage (server/dev/seed.ts).
    const awb = 'SB7000103';
    const answer = await page.request.get(`/api/tracking/${awb}`);
    const shipment = (await answer.json()) as OwnerTracking;
    const { landedCost, storage } = shipment;
    if (!landedCost || !storage) throw new Error(`${awb} has no estimate or no storage`);
    await page.goto(`/${lang}/tracking/${awb}`);
    const before = page.getByRole('region', { name: lang === 'en' ? 'Before it ships' : 'قبل الشحن' });
    await expect(before).toBeVisible();
    const date = (iso: string) =>
      isolated(
        new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'ar-u-nu-latn', { dateStyle: 'medium' }).format(
          new Date(iso),
        ),
      );
    await expect(before).toContainText(
      lang === 'en'
        ? `${storage.freeDaysLeft} free days left, until ${date(storage.freeUntil)}.`
        : `حتى ${date(storage.freeUntil)}.`,
    );
    await expect(
      before
        .getByRole('note')
        .filter({ hasText: lang === 'en' ? 'Free storage ends soon' : 'ينتهي التخزين المجاني قريباً' }),
    ).toBeVisible();

    const breakdown = before.locator('details.landed-cost');
    const money = (amount: number) => formatMoney(amount, landedCost.currency, lang);
    await expect(breakdown.locator('summary')).toContainText(money(landedCost.total));
    await breakdown.locator('summary').click();
    for (const line of landedCost.lines) await expect(lineOf(breakdown, line.code)).toContainText(money(line.amount));
    const duty = landedCost.lines.find((l) => l.code === 'duty')!;
    await expect(lineOf(breakdown, 'duty')).toContainText(
      (lang === 'en' ? TEXT.en.dutyRule : TEXT.ar.dutyRule)(formatRate(duty.rule.ratePercent ?? 0, lang)),
    );
    if (duty.estimate) await expect(lineOf(breakdown, 'duty')).toContainText(TEXT[lang].estimate);
    await expect(breakdown).toContainText(lang === 'en' ? 'Declared value' : 'القيمة المعلنة');
    await expectAccessible(page);
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: pending payments says what each charge is for`, async ({ page }) => {
    await newCustomer(page, { pendingShipments: 1 });
    await page.goto(`/${lang}/pending-payments`);
    const shipment = page.getByRole('listitem').filter({ has: page.getByRole('checkbox') });
    await expect(shipment).toHaveCount(1);
    const reasons = shipment.locator('details.pending-reasons');
    await reasons.locator('summary').click();
    const expected =
      lang === 'en'
        ? {
            shipping: "at your plan's rate for the chargeable weight",
            services: 'The extra services asked for on this shipment',
            tax: 'Tax on our charges for shipping and services',
            customs: "Customs duty and import VAT that your country's customs charged",
          }
        : {
            shipping: 'بسعر خطتك للوزن المحتسب',
            services: 'الخدمات الإضافية المطلوبة لهذه الشحنة',
            tax: 'الضريبة على رسومنا للشحن والخدمات',
            customs: 'الرسوم الجمركية وضريبة القيمة المضافة على الاستيراد',
          };
    for (const [line, words] of Object.entries(expected)) {
      await expect(reasons.locator(`[data-line="${line}"] dd`)).toContainText(words);
    }
    await expectAccessible(page);
  });
}

test('a customer who weighs in pounds starts the calculator in pounds, and reads the breakdown in pounds', async ({
  page,
}) => {
  await newCustomer(page);
  await page.goto('/en/account/edit-profile');
  // The new customer has no mobile number yet; the form needs one.
  await page.getByLabel('Mobile number').fill(`9627${String(Date.now()).slice(-8)}`);
  await page.getByRole('group', { name: 'Show weights in' }).getByRole('radio', { name: 'Pounds (lb)' }).check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();

  const calculator = await openCalculator(page, 'en');
  await expect(calculator.getByLabel('Pounds (lb)')).toBeChecked();
  await calculator.getByLabel('Ship from').selectOption('US');
  await calculator.getByLabel('Ship to').selectOption('JO');
  await calculator.getByLabel('Weight', { exact: true }).fill('3');
  await calculator.getByLabel('Value of the goods').fill('60');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  const breakdown = calculator.locator('details.landed-cost');
  await breakdown.locator('summary').click();
  // 3 lb is 1.36 kg, priced as 1.5 kg: written in pounds.
  await expect(breakdown).toContainText(`${isolated(formatWeight(3 * 0.45359237, 'lb', 'en'))}, the actual weight`);
  await expect(breakdown).toContainText(`Priced as ${isolated(formatWeight(1.5, 'lb', 'en'))}`);
});
