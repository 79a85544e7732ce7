import { describe, expect, it } from 'vitest';
import {
  EMPTY_RATE_FORM,
  GOODS_CHOICES,
  OTHER_GOODS,
  flexSavingPercent,
  landedCostQueryOf,
  rateQueryOf,
  ratesToShow,
  showsTaxIncludedMessage,
  unitNameOf,
  unitValueOf,
  validateRateForm,
  type RateFormValues,
} from '../../src/lib/widgets/rate-calculator.ts';
import { landedCostQuerySchema } from '../../src/lib/api/landed-cost/contract.ts';
import { GOODS_CATEGORIES, isGoodsCategory } from '../../src/lib/landed-cost/codes.ts';
import {
  conversionOutcome,
  defaultCurrency,
  defaultPair,
  validateConversion,
} from '../../src/lib/widgets/converter.ts';
import { validateTracking } from '../../src/lib/widgets/track-shipment.ts';
import { sentToolForm, withoutToolForm } from '../../src/lib/widgets/tool-forms.ts';
import { officeCountryCodes, validateOfficeCountry } from '../../src/lib/widgets/office-countries.ts';
import { HELP_TABS, helpBoxQuery, scopeOf } from '../../src/lib/widgets/help-box.ts';
import { widgetFailureKey } from '../../src/lib/widgets/failures.ts';
import { normalizeDigits, parseDecimal } from '../../src/lib/widgets/numbers.ts';
import { formatAmount, formatDay, formatPercent } from '../../src/lib/widgets/format.ts';
import { formatMoney } from '../../src/lib/payments/money-format.ts';
import { HELP_BOX_MESSAGES, TOOL_BOX_MESSAGES } from '../../src/lib/widgets/messages.ts';
import { parseConvertResult } from '../../src/lib/api/widgets/widgets.ts';
import { articlesQuerySchema } from '../../src/lib/api/articles/contract.ts';
import { countryRatesQuerySchema, type RateResult } from '../../src/lib/api/widgets/contract.ts';
import { ApiError } from '../../src/lib/api/errors.ts';
import { pickMessages } from '../../src/i18n/pick-messages.ts';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { COUNTRIES } from '../../src/lib/reference/countries.ts';
import offices from '../../src/content/data/offices.json';

const form = (values: Partial<RateFormValues>): RateFormValues => ({
  ...EMPTY_RATE_FORM,
  origin: 'US',
  destination: 'JO',
  weight: '2',
  value: '100',
  ...values,
});

/** The form checked, as a calculation (or the errors). */
const calculation = (values: Partial<RateFormValues>, currencies?: string[]) => {
  const result = validateRateForm(form(values), currencies);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
};

describe('rate calculator form (spec 2 §4, §9)', () => {
  it('turns a valid form into the queries of GET api/countryRates and GET api/v1/landedcost', () => {
    const result = validateRateForm(form({ weight: '2.5', unit: '1', value: '89.90', category: 'books' }));
    expect(result).toEqual({
      ok: true,
      value: {
        origin: 'US',
        destination: 'JO',
        weight: 2.5,
        unit: 1,
        sides: null,
        dimensionUnit: 'cm',
        value: 89.9,
        valueCurrency: 'USD',
        category: 'books',
      },
    });
    if (!result.ok) return;
    const priced = rateQueryOf(result.value);
    expect(priced).toEqual({ query: { origin: 'US', destination: 'JO', weight: 2.5, unit: 1 }, volumetricKg: null });
    expect(countryRatesQuerySchema.safeParse(priced.query).success).toBe(true);
    const landed = landedCostQueryOf(result.value);
    expect(landed).toEqual({
      origin: 'US',
      destination: 'JO',
      weight: 2.5,
      unit: 1,
      dimensionUnit: 'cm',
      value: 89.9,
      valueCurrency: 'USD',
      category: 'books',
    });
    expect(landedCostQuerySchema.safeParse(landed).success).toBe(true);
  });

  it('takes the three sides or none, each within the unit’s limit, and a parcel no bulkier than the weight limit', () => {
    expect(calculation({ length: '40', width: '30', height: '20.5' }).sides).toEqual({
      length: 40,
      width: 30,
      height: 20.5,
    });
    expect(validateRateForm(form({ length: '40', height: '20' }))).toEqual({
      ok: false,
      errors: { width: 'widgets.rates.sidesIncomplete' },
    });
    expect(validateRateForm(form({ length: '0', width: 'x', height: '1.234' }))).toEqual({
      ok: false,
      errors: {
        length: 'widgets.rates.sideInvalid',
        width: 'widgets.rates.sideInvalid',
        height: 'widgets.rates.sideInvalid',
      },
    });
    expect(validateRateForm(form({ length: '300', width: '10', height: '10' })).ok).toBe(true);
    expect(validateRateForm(form({ length: '300.5', width: '10', height: '10' }))).toMatchObject({
      errors: { length: 'widgets.rates.sideTooLong' },
    });
    expect(validateRateForm(form({ length: '119', width: '1', height: '1', dimensionUnit: 'in' }))).toMatchObject({
      errors: { length: 'widgets.rates.sideTooLong' },
    });
    // 100 × 70 × 50 cm is 70 kg volumetric, the limit; a centimetre more is over it.
    expect(validateRateForm(form({ length: '100', width: '70', height: '50' })).ok).toBe(true);
    expect(validateRateForm(form({ length: '101', width: '70', height: '50' }))).toMatchObject({
      errors: { length: 'widgets.rates.tooBulky' },
    });
    const query = landedCostQueryOf(calculation({ length: '10', width: '8', height: '6.5', dimensionUnit: 'in' }));
    expect(query).toMatchObject({ length: 10, width: 8, height: 6.5, dimensionUnit: 'in' });
    expect(landedCostQuerySchema.safeParse(query).success).toBe(true);
  });

  it('prices the plans on the chargeable weight: the volumetric one, in kilograms, when the size makes it more', () => {
    // 50 × 40 × 30 cm is 12 kg volumetric: more than 2 kg, less than 30 lb (13.6 kg).
    const bulky = { length: '50', width: '40', height: '30' };
    expect(rateQueryOf(calculation({ ...bulky, weight: '2' }))).toEqual({
      query: { origin: 'US', destination: 'JO', weight: 12, unit: 0 },
      volumetricKg: 12,
    });
    expect(rateQueryOf(calculation({ ...bulky, weight: '30', unit: '1' }))).toEqual({
      query: { origin: 'US', destination: 'JO', weight: 30, unit: 1 },
      volumetricKg: null,
    });
    // Inches: 20 × 16 × 12 in is 3,840 in³, 62,927 cm³, 12.59 kg.
    const inches = rateQueryOf(calculation({ length: '20', width: '16', height: '12', dimensionUnit: 'in' }));
    expect(inches.volumetricKg).toBeCloseTo(12.585, 3);
  });

  it('needs the goods’ value (0 allowed) in an offered currency, and one of the offered goods', () => {
    expect(validateRateForm(form({ value: '' }))).toEqual({ ok: false, errors: { value: 'validation.required' } });
    expect(calculation({ value: '0' }).value).toBe(0);
    expect(calculation({ value: '1,5' }).value).toBe(1.5);
    expect(validateRateForm(form({ value: '-5' }))).toMatchObject({ errors: { value: 'widgets.rates.valueInvalid' } });
    expect(validateRateForm(form({ value: '1.005' }))).toMatchObject({
      errors: { value: 'widgets.rates.valueInvalid' },
    });
    expect(validateRateForm(form({ value: '1000000.01' }))).toMatchObject({
      errors: { value: 'widgets.rates.valueTooHigh' },
    });
    expect(calculation({ valueCurrency: 'GBP' }, ['USD', 'GBP']).valueCurrency).toBe('GBP');
    expect(validateRateForm(form({ valueCurrency: 'GBP' }), ['USD'])).toMatchObject({
      errors: { valueCurrency: 'validation.required' },
    });
    expect(validateRateForm(form({ category: 'spaceships' }))).toMatchObject({
      errors: { category: 'validation.required' },
    });
    // The goods offered: general first, every category of the estimate, and "something else" last, which the
    // estimate doesn't know (it takes the general rate and says so).
    expect(GOODS_CHOICES[0]).toBe('general');
    expect(GOODS_CHOICES.slice(0, -1).toSorted()).toEqual([...GOODS_CATEGORIES].sort());
    expect(GOODS_CHOICES.at(-1)).toBe(OTHER_GOODS);
    expect(isGoodsCategory(OTHER_GOODS)).toBe(false);
  });

  it('starts a customer on their own unit of weight', () => {
    expect(unitValueOf('kg')).toBe('0');
    expect(unitValueOf('lb')).toBe('1');
    expect(unitNameOf(1)).toBe('lb');
    expect(unitNameOf(0)).toBe('kg');
  });

  it('requires an origin where customers have addresses, and any known destination', () => {
    expect(validateRateForm(form({ origin: '' }))).toMatchObject({
      ok: false,
      errors: { origin: 'validation.required' },
    });
    // Jordan is a destination, not an origin.
    expect(validateRateForm(form({ origin: 'JO' }))).toMatchObject({ errors: { origin: 'validation.required' } });
    expect(validateRateForm(form({ destination: '' }))).toMatchObject({
      errors: { destination: 'validation.required' },
    });
    expect(validateRateForm(form({ destination: 'XX' }))).toMatchObject({
      errors: { destination: 'validation.required' },
    });
  });

  it('accepts the same country at both ends (domestic routes have rates)', () => {
    expect(validateRateForm(form({ origin: 'AE', destination: 'AE' })).ok).toBe(true);
  });

  it.each([
    ['', 'validation.required'],
    ['  ', 'validation.required'],
    ['abc', 'widgets.rates.weightInvalid'],
    ['0', 'widgets.rates.weightInvalid'],
    ['-1', 'widgets.rates.weightInvalid'],
    ['1.234', 'widgets.rates.weightInvalid'],
    ['1e2', 'widgets.rates.weightInvalid'],
    ['1.2.3', 'widgets.rates.weightInvalid'],
    ['70.01', 'widgets.rates.weightTooHeavy'],
  ])('refuses the weight %j in kg with %s', (weight, key) => {
    expect(validateRateForm(form({ weight, unit: '0' }))).toEqual({ ok: false, errors: { weight: key } });
  });

  it('limits the weight per unit: 70 kg or 154 lb', () => {
    expect(validateRateForm(form({ weight: '70', unit: '0' })).ok).toBe(true);
    expect(validateRateForm(form({ weight: '154', unit: '1' })).ok).toBe(true);
    expect(validateRateForm(form({ weight: '100', unit: '1' })).ok).toBe(true);
    expect(validateRateForm(form({ weight: '154.01', unit: '1' }))).toMatchObject({
      errors: { weight: 'widgets.rates.weightTooHeavy' },
    });
  });

  it('reads weights typed with Arabic digits or a decimal comma', () => {
    expect(validateRateForm(form({ weight: '٢٫٥', value: '١٠٠' }))).toMatchObject({
      ok: true,
      value: { weight: 2.5, value: 100 },
    });
    expect(validateRateForm(form({ weight: '1,25' }))).toMatchObject({ ok: true, value: { weight: 1.25 } });
    expect(validateRateForm(form({ weight: '.5' }))).toMatchObject({ ok: true, value: { weight: 0.5 } });
  });
});

const result = (values: Partial<Record<1 | 2 | 3 | 5, number>>): RateResult => ({
  transitDays: '7-9',
  rates: Object.entries(values).map(([plan, value]) => ({
    subscriptionPlanId: Number(plan) as 1 | 2 | 3 | 5,
    value,
    currency: 'USD',
  })),
});
const all = result({ 1: 50, 2: 40, 3: 42.5, 5: 36 });
const plansOf = (view: ReturnType<typeof ratesToShow>) => view.rows.map((r) => r.planId);

describe('rates to show (spec 2 §9)', () => {
  it('shows a visitor the basic and the annual Flex price with the saving', () => {
    const view = ratesToShow(all, null);
    expect(plansOf(view)).toEqual([1, 2]);
    expect(view.savingPercent).toBe(20);
    expect(view.transitDays).toBe('7-9');
    expect(view.rows.every((r) => !r.current)).toBe(true);
  });

  it('hides the basic price from a customer on Flex lifetime (plan 5): only their own, no saving', () => {
    const view = ratesToShow(all, 5);
    expect(view.rows).toEqual([{ planId: 5, value: 36, currency: 'USD', current: true }]);
    expect(view.savingPercent).toBeNull();
  });

  it('shows a monthly Flex customer the monthly price as their Flex price', () => {
    const view = ratesToShow(all, 3);
    expect(plansOf(view)).toEqual([1, 3]);
    expect(view.savingPercent).toBe(15);
    expect(view.rows.find((r) => r.planId === 3)?.current).toBe(true);
  });

  it('marks the plan a basic or annual customer is on', () => {
    expect(ratesToShow(all, 1).rows.map((r) => r.current)).toEqual([true, false]);
    expect(ratesToShow(all, 2).rows.map((r) => r.current)).toEqual([false, true]);
  });

  it('falls back to what the route has', () => {
    expect(plansOf(ratesToShow(result({ 1: 50, 2: 40 }), 5))).toEqual([1, 2]);
    expect(plansOf(ratesToShow(result({ 1: 50, 2: 40 }), 3))).toEqual([1, 2]);
    expect(ratesToShow(result({ 1: 50 }), null)).toMatchObject({ savingPercent: null });
    expect(plansOf(ratesToShow(result({ 1: 50 }), null))).toEqual([1]);
    expect(ratesToShow(result({}), null).rows).toEqual([]);
  });

  it('shows no saving when Flex costs the same or more, or is in another currency', () => {
    expect(ratesToShow(result({ 1: 40, 2: 40 }), null).savingPercent).toBeNull();
    const mixed: RateResult = {
      transitDays: '3',
      rates: [
        { subscriptionPlanId: 1, value: 50, currency: 'USD' },
        { subscriptionPlanId: 2, value: 30, currency: 'JOD' },
      ],
    };
    expect(ratesToShow(mixed, null).savingPercent).toBeNull();
  });

  it('computes the Flex saving as (1 − flex ÷ basic) × 100, rounded', () => {
    expect(flexSavingPercent(50, 40)).toBe(20);
    expect(flexSavingPercent(22, 17.6)).toBe(20);
    expect(flexSavingPercent(30, 20)).toBe(33);
    expect(flexSavingPercent(3, 2)).toBe(33);
    expect(flexSavingPercent(8, 7)).toBe(13);
  });

  it('shows the tax-included message for Australia only', () => {
    expect(showsTaxIncludedMessage('AU')).toBe(true);
    expect(showsTaxIncludedMessage('JO')).toBe(false);
    expect(showsTaxIncludedMessage('')).toBe(false);
  });
});

describe('currency converter (spec 2 §5, §8, §9)', () => {
  const ok = { currencyFrom: 'USD', currencyTo: 'JOD', amount: '10' };

  it('turns a valid form into the conversion', () => {
    expect(validateConversion(ok)).toEqual({ ok: true, value: { currencyFrom: 'USD', currencyTo: 'JOD', amount: 10 } });
    expect(validateConversion({ ...ok, amount: '١٠٫٥' })).toMatchObject({ value: { amount: 10.5 } });
  });

  it('needs both currencies', () => {
    expect(validateConversion({ ...ok, currencyFrom: '' })).toEqual({
      ok: false,
      errors: { currencyFrom: 'validation.requiredCurrencyFields' },
    });
    expect(validateConversion({ ...ok, currencyFrom: '', currencyTo: '' })).toEqual({
      ok: false,
      errors: { currencyFrom: 'validation.requiredCurrencyFields', currencyTo: 'validation.requiredCurrencyFields' },
    });
  });

  it.each(['', ' ', 'ten', '0', '-5', '1e3', '10$', '1000000001'])('refuses the amount %j', (amount) => {
    expect(validateConversion({ ...ok, amount })).toEqual({
      ok: false,
      errors: { amount: 'validation.invalidAmount' },
    });
  });

  it('reports every problem at once', () => {
    expect(validateConversion({ currencyFrom: '', currencyTo: 'JOD', amount: '' })).toEqual({
      ok: false,
      errors: { currencyFrom: 'validation.requiredCurrencyFields', amount: 'validation.invalidAmount' },
    });
  });

  it('turns the result -1 into validation.unavailableCurrency', () => {
    expect(conversionOutcome(-1)).toEqual({ ok: false, key: 'validation.unavailableCurrency' });
    expect(conversionOutcome(Number.NaN)).toEqual({ ok: false, key: 'validation.unavailableCurrency' });
    expect(conversionOutcome(7.09)).toEqual({ ok: true, value: 7.09 });
    expect(conversionOutcome(0)).toEqual({ ok: true, value: 0 });
  });

  it('reads the result from the x-result header', () => {
    expect(parseConvertResult('7.09')).toBe(7.09);
    expect(parseConvertResult(' -1 ')).toBe(-1);
    expect(parseConvertResult('12')).toBe(12);
    for (const bad of [null, '', 'abc', '1e5']) {
      expect(() => parseConvertResult(bad)).toThrow(ApiError);
    }
  });

  it('uses the currency of the language (en USD, ar JOD) and converts to the other one', () => {
    expect(defaultCurrency('en')).toBe('USD');
    expect(defaultCurrency('ar')).toBe('JOD');
    const options = [
      { currencyCode: 'USD', currencyName: 'US Dollar' },
      { currencyCode: 'JOD', currencyName: 'Jordanian Dinar' },
    ];
    expect(defaultPair('en', options)).toEqual({ currencyFrom: 'USD', currencyTo: 'JOD' });
    expect(defaultPair('ar', options)).toEqual({ currencyFrom: 'JOD', currencyTo: 'USD' });
    expect(defaultPair('ar', options.slice(0, 1))).toEqual({ currencyFrom: '', currencyTo: 'USD' });
  });
});

describe('track shipment and office locator tools', () => {
  it('tracks only when a waybill number is entered (spec 2 §5)', () => {
    expect(validateTracking({ awbNumber: '  ' })).toEqual({
      ok: false,
      errors: { awbNumber: 'validation.awbRequired' },
    });
    expect(validateTracking({ awbNumber: ' 1234567890 ' })).toEqual({ ok: true, value: { awbNumber: '1234567890' } });
    expect(validateTracking({ awbNumber: '1'.repeat(41) })).toEqual({
      ok: false,
      errors: { awbNumber: 'validation.tooLong' },
    });
  });

  it('offers the countries that have offices, in the site list’s order', () => {
    expect(
      officeCountryCodes([{ countryCode: 'JO' }, { countryCode: 'US' }, { countryCode: 'JO' }], COUNTRIES),
    ).toEqual(['US', 'JO']);
    const codes = officeCountryCodes(offices, COUNTRIES);
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('requires one of the offered countries', () => {
    expect(validateOfficeCountry({ countryCode: 'JO' }, ['JO'])).toEqual({ ok: true, value: { countryCode: 'JO' } });
    expect(validateOfficeCountry({ countryCode: '' }, ['JO'])).toEqual({
      ok: false,
      errors: { countryCode: 'validation.required' },
    });
  });
});

describe('the rate calculator and the converter sent before the island woke', () => {
  it('reads the form back from the query its GET sends', () => {
    expect(sentToolForm('?origin=US&destination=JO&weight=1.6&unit=1')).toEqual({
      tool: 'rates',
      values: { ...EMPTY_RATE_FORM, origin: 'US', destination: 'JO', weight: '1.6', unit: '1' },
    });
    expect(
      sentToolForm(
        '?origin=US&destination=GB&weight=2&unit=0&length=40&width=30&height=20&dimensionUnit=in&value=120&valueCurrency=EUR&category=books',
      ),
    ).toEqual({
      tool: 'rates',
      values: {
        origin: 'US',
        destination: 'GB',
        weight: '2',
        unit: '0',
        length: '40',
        width: '30',
        height: '20',
        dimensionUnit: 'in',
        value: '120',
        valueCurrency: 'EUR',
        category: 'books',
      },
    });
    // Empty fields are the form's too (the island then says what is missing); an odd unit is kilograms, odd sides
    // centimetres, and goods the list doesn't name "something else".
    expect(sentToolForm('?origin=&destination=&weight=&unit=7&dimensionUnit=ft&category=spaceships')).toEqual({
      tool: 'rates',
      values: { ...EMPTY_RATE_FORM, unit: '0', category: OTHER_GOODS },
    });
    expect(sentToolForm('?currencyFrom=USD&currencyTo=JOD&amount=100')).toEqual({
      tool: 'converter',
      values: { currencyFrom: 'USD', currencyTo: 'JOD', amount: '100' },
    });
  });

  it('finds no form in a query that lacks one of its fields', () => {
    expect(sentToolForm('')).toBeNull();
    expect(sentToolForm('?origin=US&weight=2')).toBeNull();
    expect(sentToolForm('?amount=5&currencyFrom=USD')).toBeNull();
    expect(sentToolForm('?order=12&cancelled=1')).toBeNull();
  });

  it("leaves the page's own query once the form is answered", () => {
    expect(withoutToolForm('?order=12&origin=US&destination=JO&weight=2&unit=0', 'rates')).toBe('?order=12');
    expect(
      withoutToolForm(
        '?origin=US&destination=JO&weight=2&unit=0&length=&width=&height=&dimensionUnit=cm&value=5&valueCurrency=USD&category=general&q=1',
        'rates',
      ),
    ).toBe('?q=1');
    expect(withoutToolForm('?currencyFrom=USD&currencyTo=JOD&amount=1', 'converter')).toBe('');
  });
});

describe('help box (spec 1 §2.7, spec 2 §2)', () => {
  const context = { lang: 'ar' as const, scope: 'shipbox' as const, loggedIn: false };

  it('has the four tabs in the spec’s order', () => {
    expect(HELP_TABS).toEqual(['unacceptable-materials', 'service-updates', 'customer-support', 'faqs']);
  });

  it('asks for five service updates and five FAQs, and the pages by key', () => {
    expect(helpBoxQuery('service-updates', context)).toEqual({
      subCategory: 'service-updates',
      language: 'ar',
      scope: 'shipbox',
      pageindex: 0,
      pagesize: 5,
    });
    expect(helpBoxQuery('faqs', context)).toMatchObject({ subCategory: 'faqs', pagesize: 5 });
    expect(helpBoxQuery('unacceptable-materials', context)).toEqual({
      subCategory: 'unacceptable-materials',
      language: 'ar',
      scope: 'shipbox',
    });
    for (const tab of HELP_TABS) expect(articlesQuerySchema.safeParse(helpBoxQuery(tab, context)).success).toBe(true);
  });

  it('shows a logged-in customer the account variant of customer support', () => {
    expect(helpBoxQuery('customer-support', context).subCategory).toBe('customer-support');
    expect(helpBoxQuery('customer-support', { ...context, loggedIn: true }).subCategory).toBe(
      'customer-support-account',
    );
    expect(helpBoxQuery('faqs', { ...context, loggedIn: true }).subCategory).toBe('faqs');
  });

  it('takes the scope from the brand slug', () => {
    expect(scopeOf('mailbridge')).toBe('mailbridge');
    expect(scopeOf('shipbox')).toBe('shipbox');
    expect(scopeOf(undefined)).toBeNull();
    expect(scopeOf('other')).toBeNull();
  });
});

describe('tool failures, numbers and formats', () => {
  it('maps a failed call to a message', () => {
    expect(widgetFailureKey(new ApiError(0, null))).toBe('errors.network');
    expect(widgetFailureKey(new ApiError(429, { code: 'TOO_MANY_ATTEMPTS' }))).toBe('errors.tooManyAttempts');
    expect(widgetFailureKey(new ApiError(500, null))).toBe('errors.global');
    expect(widgetFailureKey(new Error('boom'))).toBe('errors.global');
  });

  it('parses plain decimals only', () => {
    expect(normalizeDigits(' ١٢٣٫٤ ')).toBe('123.4');
    expect(normalizeDigits('۱۲')).toBe('12');
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('12.')).toBe(12);
    expect(parseDecimal('12.345', 2)).toBeNull();
    expect(parseDecimal('.')).toBeNull();
    expect(parseDecimal('+1')).toBeNull();
    expect(parseDecimal('Infinity')).toBeNull();
  });

  it('formats per language, with Latin digits in Arabic', () => {
    expect(formatMoney(12.5, 'USD', 'en')).toBe('$12.50');
    expect(formatMoney(12.5, 'USD', 'ar')).toMatch(/12\.50/);
    expect(formatAmount(7.0912, 'en')).toBe('7.09');
    expect(formatAmount(1234.5, 'en')).toBe('1,234.5');
    expect(formatAmount(0.001234, 'en')).toBe('0.00123');
    expect(formatAmount(7.09, 'ar')).toMatch(/7\.09/);
    expect(formatPercent(20, 'en')).toBe('20%');
    expect(formatPercent(20, 'ar')).toMatch(/20/);
    expect(formatDay('2025-03-01', 'en')).toBe('Mar 1, 2025');
    expect(formatDay('2025-03-01', 'ar')).toMatch(/2025/);
    expect(formatDay('not a day', 'en')).toBe('not a day');
  });
});

describe('widget messages', () => {
  it('picks keys by prefix and by name', () => {
    const catalogue = { 'a.b': '1', 'a.c': '2', 'ab.c': '3', d: '4', e: '5' };
    expect(pickMessages(catalogue, ['a.', 'd'])).toEqual({ 'a.b': '1', 'a.c': '2', d: '4' });
  });

  it('hands each island every message it uses, in both languages', () => {
    const used = {
      help: [
        'widgets.helpBox.heading',
        'widgets.helpBox.tabs',
        'widgets.helpBox.notLoaded',
        'widgets.helpBox.loadFailed',
        'widgets.helpBox.empty',
        'widgets.helpBox.readMoreAbout',
        'widgets.helpBox.all.service-updates',
        'widgets.helpBox.all.faqs',
        'widgets.retry',
        'common.loading',
        'nav.help.unacceptableMaterials',
        'nav.help.serviceUpdates',
        'nav.help.customerSupport',
        'nav.help.faqs',
      ],
      tools: [
        'widgets.toolBox.heading',
        'widgets.track.title',
        'widgets.track.awbNumber',
        'widgets.track.submit',
        'widgets.rates.title',
        'widgets.rates.weightHint',
        'widgets.rates.weightInvalid',
        'widgets.rates.weightTooHeavy',
        'widgets.rates.sides',
        'widgets.rates.sidesHint',
        'widgets.rates.length',
        'widgets.rates.width',
        'widgets.rates.height',
        'widgets.rates.sideUnit',
        'widgets.rates.sideUnitName.cm',
        'widgets.rates.sideUnitName.in',
        'widgets.rates.sideUnitShort.cm',
        'widgets.rates.sideUnitShort.in',
        'widgets.rates.sidesIncomplete',
        'widgets.rates.sideInvalid',
        'widgets.rates.sideTooLong',
        'widgets.rates.tooBulky',
        'widgets.rates.value',
        'widgets.rates.valueHint',
        'widgets.rates.valueCurrency',
        'widgets.rates.valueInvalid',
        'widgets.rates.valueTooHigh',
        'widgets.rates.category',
        'widgets.rates.otherGoods',
        'widgets.rates.volumetric',
        'widgets.rates.noLandedCost',
        ...GOODS_CATEGORIES.map((category) => `landedCost.goods.${category}`),
        'widgets.rates.unitName.0',
        'widgets.rates.unitName.1',
        'widgets.rates.unitShort.0',
        'widgets.rates.unitShort.1',
        'widgets.rates.saving',
        'widgets.rates.taxIncluded',
        'widgets.rates.noRates',
        'widgets.office.title',
        'widgets.office.all',
        'widgets.converter.title',
        'widgets.converter.result',
        'widgets.converter.loadFailed',
        'widgets.retry',
        'common.loading',
        'plan.name.1',
        'plan.name.2',
        'plan.name.3',
        'plan.name.5',
        'validation.required',
        'validation.tooLong',
        'validation.awbRequired',
        'validation.requiredCurrencyFields',
        'validation.invalidAmount',
        'validation.unavailableCurrency',
        'errors.global',
        'errors.network',
        'errors.tooManyAttempts',
      ],
    };
    for (const lang of LANGUAGES) {
      const help = pickMessages(catalogues[lang], HELP_BOX_MESSAGES);
      const tools = pickMessages(catalogues[lang], TOOL_BOX_MESSAGES);
      expect(used.help.filter((key) => !help[key])).toEqual([]);
      expect(used.tools.filter((key) => !tools[key])).toEqual([]);
    }
  });

  it('writes “10 USD = 7.09 JOD” in English', () => {
    expect(
      catalogues.en['widgets.converter.result']
        ?.replace('{{amount}}', '10')
        .replace('{{from}}', 'USD')
        .replace('{{result}}', '7.09')
        .replace('{{to}}', 'JOD'),
    ).toBe('10 USD = 7.09 JOD');
  });
});
