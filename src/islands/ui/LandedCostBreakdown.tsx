/**
 * What a parcel costs to land (issue 24), as a disclosure: the total in its summary, and inside each line with its
 * amount and the rule that made it, "Estimate" on figures that could not be confirmed, the goods category (and
 * that an unknown one took the general rate), why the parcel is charged on the weight it is, and the sources with
 * the dates they were read. The island that shows it loads the `landedCost` catalogue part.
 */
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { LandedCost } from '../../lib/api/landed-cost/contract.ts';
import {
  chargeableWeightSentences,
  goodsName,
  lineName,
  ruleSentence,
  type BreakdownWords,
} from '../../lib/landed-cost/breakdown-words.ts';
import { formatMoney } from '../../lib/payments/money-format.ts';
import { formatDay } from '../../lib/widgets/format.ts';
import { DEFAULT_WEIGHT_UNIT, type WeightUnitName } from '../../lib/weight/weight-unit.ts';
import '../../styles/landed-cost.css';

interface Props {
  t: TFunction;
  lang: Lang;
  estimate: LandedCost;
  /** The unit weights are written in: the customer's own (kg for visitors). */
  unit?: WeightUnitName;
  /** Open from the start (the browser and the reader own it after). */
  open?: boolean;
}

function EstimateMark({ t }: { t: TFunction }) {
  return <span className="landed-cost-estimate">{t('landedCost.estimate')}</span>;
}

export function LandedCostBreakdown({ t, lang, estimate, unit = DEFAULT_WEIGHT_UNIT, open = false }: Props) {
  const words: BreakdownWords = { t, lang, unit };
  const money = (amount: number) => formatMoney(amount, estimate.currency, lang);
  const { category } = estimate;
  return (
    <details className="landed-cost" open={open} data-estimate={estimate.estimate || undefined}>
      <summary className="landed-cost-summary">
        <span className="landed-cost-heading">{t('landedCost.heading')}</span>
        <span className="landed-cost-sum">
          <bdi>{money(estimate.total)}</bdi>
          {estimate.estimate && <EstimateMark t={t} />}
        </span>
      </summary>
      <div className="landed-cost-body">
        <dl className="landed-cost-lines">
          {estimate.lines.map((line) => (
            <div key={`${line.kind}:${line.code}`} className="landed-cost-line" data-line={line.code}>
              <dt>
                {lineName(words, line)}
                {line.estimate && <EstimateMark t={t} />}
              </dt>
              <dd className="landed-cost-amount">
                <bdi>{money(line.amount)}</bdi>
              </dd>
              <dd className="landed-cost-rule">{ruleSentence(words, line, estimate)}</dd>
            </div>
          ))}
          <div className="landed-cost-line landed-cost-total">
            <dt>{t('landedCost.total')}</dt>
            <dd className="landed-cost-amount">
              <bdi>{money(estimate.total)}</bdi>
            </dd>
          </div>
        </dl>
        {estimate.valueMissing && (
          <p className="landed-cost-note" role="note">
            {t('landedCost.valueMissing')}
          </p>
        )}
        {category.unknown && (
          <p className="landed-cost-note" role="note">
            {t('landedCost.category.unknown')}
          </p>
        )}
        <dl className="landed-cost-facts">
          <div>
            <dt>{t('landedCost.category.heading')}</dt>
            <dd>{goodsName(words, category.applied)}</dd>
          </div>
          <div>
            <dt>{t('landedCost.declaredValue')}</dt>
            <dd>
              <bdi>{formatMoney(estimate.declaredValue.amount, estimate.declaredValue.currency, lang)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('landedCost.weight.heading')}</dt>
            {chargeableWeightSentences(words, estimate.chargeableWeight).map((sentence) => (
              <dd key={sentence}>{sentence}</dd>
            ))}
          </div>
        </dl>
        {estimate.estimate && <p className="landed-cost-note">{t('landedCost.estimateNote')}</p>}
        {estimate.sources.length > 0 && (
          <div className="landed-cost-sources">
            <p className="landed-cost-sources-heading">{t('landedCost.sources.heading')}</p>
            <ul>
              {estimate.sources.map((source) => (
                <li key={source.id}>
                  {source.url ? (
                    <a href={source.url} rel="noopener noreferrer" target="_blank">
                      <bdi>{source.title}</bdi>
                    </a>
                  ) : (
                    <bdi>{source.title}</bdi>
                  )}{' '}
                  <span className="landed-cost-date">
                    {t('landedCost.sources.checked', { date: formatDay(source.date, lang) })}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </details>
  );
}
