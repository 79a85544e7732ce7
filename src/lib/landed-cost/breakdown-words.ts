/**
 * The words of a landed-cost breakdown (issue 24): each line's name and the rule that made it, the chargeable
 * weight and where its figures come from, in the reader's language. Amounts are written by money-format and
 * weights by format-weight, in the customer's unit; each is set apart (Unicode isolates) inside its sentence, so
 * "US$ 12.00" or "2.50 kg" keeps its own order in Arabic.
 */
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { numberFormat } from '../../i18n/intl-formats.ts';
import type { LandedCost, LandedCostLine } from '../api/landed-cost/contract.ts';
import { formatMoney } from '../payments/money-format.ts';
import { FEE_CODES, TAX_CODES } from './codes.ts';
import { formatWeight } from '../weight/format-weight.ts';
import type { WeightUnitName } from '../weight/weight-unit.ts';
import { isolate } from '../widgets/format.ts';

/** Line codes with a name of their own (`landedCost.line.<code>`); any other line is named by its kind. */
export const NAMED_LINE_CODES: readonly string[] = ['freight', 'duty', ...TAX_CODES, ...FEE_CODES];

/** What a percentage is taken of, as the catalogue names it (`landedCost.basis.<key>`). */
const BASIS_KEYS = { CIF: 'cif', FOB: 'fob', 'CIF+duty': 'cifDuty', 'FOB+duty': 'fobDuty' } as const;

/** How a breakdown is written: the page's language and the customer's unit of weight. */
export interface BreakdownWords {
  t: TFunction;
  lang: Lang;
  unit: WeightUnitName;
}

/** A rate as written: 5 → "5%", 7.5 → "7.5%", 16.25 → "16.25%". */
export function formatRate(percent: number, lang: Lang): string {
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/** The line's name: its own ("VAT", "Customs duty") or, for a line the catalogue doesn't name, its kind's. */
export function lineName({ t }: BreakdownWords, line: Pick<LandedCostLine, 'kind' | 'code'>): string {
  return NAMED_LINE_CODES.includes(line.code) ? t(`landedCost.line.${line.code}`) : t(`landedCost.kind.${line.kind}`);
}

/** A goods category's name (`landedCost.goods.<id>`). */
export function goodsName({ t }: BreakdownWords, category: string): string {
  return t(`landedCost.goods.${category}`);
}

/**
 * The rule that made the line, in words: "16% of the goods, insurance and shipping (CIF)", "Nothing due: the value
 * is US$ 800.00 or less", "Exempt: books", "Nothing due: both countries are in one customs union", "Flat fee",
 * "Rate for 2.50 kg, by the volumetric weight".
 */
export function ruleSentence(words: BreakdownWords, line: LandedCostLine, estimate: LandedCost): string {
  const { t, lang, unit } = words;
  const { rule } = line;
  switch (rule.kind) {
    case 'rate': {
      const rate = formatRate(rule.ratePercent ?? 0, lang);
      if (!rule.basis) return t('landedCost.rule.rateAlone', { rate });
      const basis = t(`landedCost.basis.${BASIS_KEYS[rule.basis]}`);
      return rule.upliftPercent
        ? t('landedCost.rule.rateUplift', { rate, basis, uplift: formatRate(rule.upliftPercent, lang) })
        : t('landedCost.rule.rate', { rate, basis });
    }
    case 'deMinimis':
      return rule.threshold
        ? t('landedCost.rule.deMinimis', {
            threshold: isolate(formatMoney(rule.threshold.amount, rule.threshold.currency, lang)),
          })
        : t('landedCost.rule.nothingDue');
    case 'exempt':
      if (rule.exemption === 'customsUnion') return t('landedCost.rule.exemptCustomsUnion');
      if (rule.exemption === 'domestic') return t('landedCost.rule.exemptDomestic');
      return t('landedCost.rule.exempt', { category: goodsName(words, estimate.category.applied) });
    case 'flat':
      return t('landedCost.rule.flat');
    case 'perWeight':
      return t('landedCost.rule.perWeight', {
        weight: isolate(formatWeight(estimate.chargeableWeight.kg, unit, lang)),
        applied: t(`landedCost.weight.applied.${estimate.chargeableWeight.applied}`),
      });
  }
}

/**
 * Why the parcel is charged on the weight it is: the actual weight alone (no sides given), the actual weight being
 * at least the volumetric one, or the volumetric weight (the sides' product over the divisor) being more; then, when
 * the rates' half kilograms round it up, the weight it is priced as.
 */
export function chargeableWeightSentences(
  { t, lang, unit }: BreakdownWords,
  weight: LandedCost['chargeableWeight'],
): string[] {
  const written = (kg: number) => isolate(formatWeight(kg, unit, lang));
  const applied = weight.applied === 'volumetric' ? (weight.volumetricKg ?? weight.actualKg) : weight.actualKg;
  const why =
    weight.volumetricKg === null
      ? t('landedCost.weight.actualOnly', { weight: written(applied) })
      : weight.applied === 'actual'
        ? t('landedCost.weight.actual', { weight: written(applied), volumetric: written(weight.volumetricKg) })
        : t('landedCost.weight.volumetric', {
            weight: written(applied),
            actual: written(weight.actualKg),
            divisor: numberFormat(lang).format(weight.divisor),
          });
  return weight.kg > applied ? [why, t('landedCost.weight.rounded', { weight: written(weight.kg) })] : [why];
}
