/**
 * The words of a landed-cost breakdown (issue 24): each rule said in words, in both languages, with the amounts and
 * weights set apart and weights in the customer's unit.
 */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n/i18n.ts';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { LANDED_COST_LINES, type LandedCost, type LandedCostLine } from '../../src/lib/api/landed-cost/contract.ts';
import { FEE_CODES, GOODS_CATEGORIES, TAX_CODES } from '../../src/lib/landed-cost/codes.ts';
import {
  chargeableWeightSentences,
  formatRate,
  lineName,
  NAMED_LINE_CODES,
  ruleSentence,
  type BreakdownWords,
} from '../../src/lib/landed-cost/breakdown-words.ts';

const en: BreakdownWords = { t: createTranslator('en', catalogues.en), lang: 'en', unit: 'kg' };
const ar: BreakdownWords = { t: createTranslator('ar', catalogues.ar), lang: 'ar', unit: 'kg' };
/** What the sentences put around an amount or a weight (Unicode first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

const estimate: LandedCost = {
  origin: 'US',
  destination: 'GB',
  planId: 1,
  chargeableWeight: { kg: 2.5, actualKg: 1.6, volumetricKg: 2.5, divisor: 5000, applied: 'volumetric' },
  declaredValue: { amount: 100, currency: 'GBP' },
  category: { requested: 'books', applied: 'books', unknown: false },
  currency: 'GBP',
  lines: [],
  total: 0,
  estimate: false,
  transitDays: '3-5',
  sources: [],
};

const line = (rule: LandedCostLine['rule'], kind: LandedCostLine['kind'] = 'tax', code = 'vat'): LandedCostLine => ({
  kind,
  code,
  amount: 0,
  rule,
  estimate: false,
});

describe('landed-cost breakdown words', () => {
  it('writes rates with the decimals they have', () => {
    expect(formatRate(20, 'en')).toBe('20%');
    expect(formatRate(7.5, 'en')).toBe('7.5%');
    expect(formatRate(16.25, 'en')).toBe('16.25%');
    expect(formatRate(7.5, 'ar')).toContain('7.5');
  });

  it('says a rate and what it is taken of', () => {
    const vat = line({ kind: 'rate', ratePercent: 20, basis: 'CIF' });
    expect(ruleSentence(en, vat, estimate)).toBe('20% of the goods, insurance and shipping (CIF)');
    const duty = line({ kind: 'rate', ratePercent: 2.5, basis: 'FOB' }, 'duty', 'duty');
    expect(ruleSentence(en, duty, estimate)).toBe('2.5% of the goods alone (FOB)');
    const onDuty = line({ kind: 'rate', ratePercent: 16, basis: 'CIF+duty' });
    expect(ruleSentence(en, onDuty, estimate)).toBe('16% of the goods, insurance, shipping and duty');
    expect(ruleSentence(en, line({ kind: 'rate', ratePercent: 5 }), estimate)).toBe('At 5%');
    const uplifted = line({ kind: 'rate', ratePercent: 15, basis: 'FOB+duty', upliftPercent: 10 });
    expect(ruleSentence(en, uplifted, estimate)).toBe(
      "15% of the goods and the duty, the goods' value raised by 10% first",
    );
    expect(ruleSentence(ar, vat, estimate)).toBe(`${formatRate(20, 'ar')} من قيمة البضاعة مع التأمين والشحن (CIF)`);
  });

  it('says nothing is due under the threshold, in the currency the destination sets it in', () => {
    const deMinimis = line({ kind: 'deMinimis', threshold: { amount: 135, currency: 'GBP' } }, 'duty', 'duty');
    expect(ruleSentence(en, deMinimis, estimate)).toBe(`Nothing due: the value is ${isolated('£135.00')} or less`);
    expect(ruleSentence(ar, deMinimis, estimate)).toMatch(/^لا شيء مستحق: القيمة \u2068.*135\.00.*\u2069 أو أقل$/);
    expect(ruleSentence(en, line({ kind: 'deMinimis' }), estimate)).toBe('Nothing due');
  });

  it('names the exempt category, a flat fee, and freight on the chargeable weight in the customer’s unit', () => {
    expect(ruleSentence(en, line({ kind: 'exempt', exemption: 'category' }), estimate)).toBe('Exempt: Books');
    expect(ruleSentence(ar, line({ kind: 'exempt', exemption: 'category' }), estimate)).toBe('معفاة: كتب');
    expect(ruleSentence(en, line({ kind: 'exempt', exemption: 'customsUnion' }), estimate)).toBe(
      'Nothing due: both countries are in one customs union',
    );
    expect(ruleSentence(en, line({ kind: 'exempt', exemption: 'domestic' }), estimate)).toBe(
      'Nothing due within the same country',
    );
    expect(ruleSentence(en, line({ kind: 'flat' }, 'fee', 'handling'), estimate)).toBe('Flat fee');
    const freight = line({ kind: 'perWeight' }, 'freight', 'freight');
    expect(ruleSentence(en, freight, estimate)).toBe(`Rate for ${isolated('2.50 kg')}, by the volumetric weight`);
    expect(ruleSentence({ ...en, unit: 'lb' }, freight, estimate)).toBe(
      `Rate for ${isolated('5.51 lb')}, by the volumetric weight`,
    );
    expect(ruleSentence(ar, freight, estimate)).toBe(`السعر لوزن ${isolated('2.50 كغم')} بحسب الوزن الحجمي`);
  });

  it('names a line by its code, or by its kind when the catalogue has no name for the code', () => {
    expect(lineName(en, { kind: 'tax', code: 'vat' })).toBe('VAT');
    expect(lineName(en, { kind: 'duty', code: 'duty' })).toBe('Customs duty');
    expect(lineName(en, { kind: 'tax', code: 'salesTax' })).toBe('Sales tax');
    expect(lineName(en, { kind: 'fee', code: 'someNewFee' })).toBe('Fee');
    expect(lineName(ar, { kind: 'tax', code: 'vat' })).toBe('ضريبة القيمة المضافة');
  });

  it('has a name for every goods category and every line code, in every language', () => {
    for (const lang of LANGUAGES) {
      const names = [
        ...GOODS_CATEGORIES.map((category) => `landedCost.goods.${category}`),
        ...NAMED_LINE_CODES.map((code) => `landedCost.line.${code}`),
        ...LANDED_COST_LINES.map((kind) => `landedCost.kind.${kind}`),
      ];
      expect(names.filter((key) => !catalogues[lang][key])).toEqual([]);
    }
    expect(NAMED_LINE_CODES).toEqual(expect.arrayContaining([...TAX_CODES, ...FEE_CODES, 'freight', 'duty']));
  });

  it('explains which weight is charged, and the half kilogram it is priced as', () => {
    expect(chargeableWeightSentences(en, estimate.chargeableWeight)).toEqual([
      `${isolated('2.50 kg')}, the volumetric weight (length × width × height in cm ÷ 5,000), which is more than the actual ${isolated('1.60 kg')}.`,
    ]);
    expect(
      chargeableWeightSentences(en, { kg: 3, actualKg: 2.8, volumetricKg: 1.2, divisor: 5000, applied: 'actual' }),
    ).toEqual([
      `${isolated('2.80 kg')}, the actual weight, which is at least the volumetric ${isolated('1.20 kg')}.`,
      `Priced as ${isolated('3.00 kg')}: the rates go by each half kilogram begun.`,
    ]);
    expect(
      chargeableWeightSentences(
        { ...en, unit: 'lb' },
        { kg: 1, actualKg: 1, volumetricKg: null, divisor: 5000, applied: 'actual' },
      ),
    ).toEqual([`${isolated('2.20 lb')}, the actual weight (no sides given to compare a volumetric weight with).`]);
    expect(
      chargeableWeightSentences(ar, { kg: 1.5, actualKg: 1.2, volumetricKg: null, divisor: 5000, applied: 'actual' }),
    ).toEqual([
      `${isolated('1.20 كغم')}، وهو الوزن الفعلي (لم تُذكر أبعاد يُقارن بها وزن حجمي).`,
      `يُسعَّر على أنه ${isolated('1.50 كغم')}: الأسعار تُحتسب بكل نصف كيلوغرام أو جزء منه.`,
    ]);
  });
});
