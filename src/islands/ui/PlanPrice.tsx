import type { TFunction } from 'i18next';
import type { Plan } from '../../lib/reference/schemas.ts';
import { splitPrice } from '../../lib/signup/signup-steps.ts';

/** A plan's price as spec 1 §3 shows it: currency, whole part, the decimals apart, and the term; or "Free". */
export function PlanPrice({ t, plan }: { t: TFunction; plan: Pick<Plan, 'planId' | 'amount' | 'currencyCode'> }) {
  if (plan.amount === 0) return <>{t('plan.free')}</>;
  const price = splitPrice(plan.amount);
  return (
    <>
      <span className="price-currency">{plan.currencyCode}</span> <span className="price-whole">{price.whole}</span>
      <span className="price-decimals">.{price.decimals}</span>{' '}
      <span className="price-term">{t(`plan.term.${plan.planId}`)}</span>
    </>
  );
}
