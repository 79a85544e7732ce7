import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { Plan } from '../../lib/reference/schemas.ts';
import { moneyParts, type MoneyPart } from '../../lib/payments/money-format.ts';

const PART_CLASS: Record<MoneyPart['kind'], string | undefined> = {
  currency: 'price-currency',
  whole: 'price-whole',
  decimals: 'price-decimals',
  other: undefined,
};

/**
 * A plan's price as spec 1 §3 shows it: the amount as the product writes money (src/lib/payments/money-format.ts)
 * with its decimals set apart, and the term; or "Free".
 */
export function PlanPrice({
  t,
  lang,
  plan,
}: {
  t: TFunction;
  lang: Lang;
  plan: Pick<Plan, 'planId' | 'amount' | 'currencyCode'>;
}) {
  if (plan.amount === 0) return <>{t('plan.free')}</>;
  return (
    <>
      <bdi className="price-amount">
        {moneyParts(plan.amount, plan.currencyCode, lang).map((part, i) => {
          const className = PART_CLASS[part.kind];
          return className ? (
            <span key={i} className={className}>
              {part.text}
            </span>
          ) : (
            part.text
          );
        })}
      </bdi>{' '}
      <span className="price-term">{t(`plan.term.${plan.planId}`)}</span>
    </>
  );
}
