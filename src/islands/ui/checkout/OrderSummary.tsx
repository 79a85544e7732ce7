import type { TFunction } from 'i18next';
import type { Lang } from '../../../i18n/languages.ts';
import type { PromoResponse } from '../../../lib/api/payments/contract.ts';
import type { Plan } from '../../../lib/reference/schemas.ts';
import { formatMoney } from '../../../lib/payments/money-format.ts';
import { formatDay } from '../../../lib/widgets/format.ts';
import { PlanPrice } from '../PlanPrice.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  plan: Plan;
  promo: PromoResponse | null;
  /** To pay after the discount. */
  amount: number;
  /** The plan's new end (YYYY-MM-DD). */
  expiryDate: string;
}

/** The extra time a promo code gives, as "2 months" (plural forms of the language). */
export function extraTime(t: TFunction, promo: PromoResponse | null): string | null {
  if (!promo?.subscriptionAdditionalDurationType || promo.subscriptionAdditionalDuration <= 0) return null;
  return t(`checkout.extra.${promo.subscriptionAdditionalDurationType.toLowerCase()}`, {
    count: promo.subscriptionAdditionalDuration,
  });
}

/** What is bought: plan and term, price, discount, total after the discount, extra time and the new end date. */
export function OrderSummary({ t, lang, plan, promo, amount, expiryDate }: Props) {
  const currency = plan.currencyCode;
  const extra = extraTime(t, promo);
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading">{t('checkout.summary.heading')}</h2>
      <dl className="summary-list" data-plan-id={plan.planId}>
        <div>
          <dt>{t('checkout.summary.plan')}</dt>
          <dd>{t(`plan.name.${plan.planId}`)}</dd>
        </div>
        <div>
          <dt>{t('checkout.summary.price')}</dt>
          <dd className="checkout-price">
            <PlanPrice t={t} lang={lang} plan={plan} />
          </dd>
        </div>
        {promo && promo.discount > 0 && (
          <div>
            <dt>{t('checkout.summary.discount')}</dt>
            <dd>
              <bdi>−{formatMoney(promo.discount, currency, lang)}</bdi>
            </dd>
          </div>
        )}
        {extra && (
          <div>
            <dt>{t('checkout.summary.extra')}</dt>
            <dd>{extra}</dd>
          </div>
        )}
        <div className="checkout-total">
          <dt>{t('checkout.summary.total')}</dt>
          <dd>
            <bdi>{formatMoney(amount, currency, lang)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('checkout.summary.expiry')}</dt>
          <dd>{formatDay(expiryDate, lang)}</dd>
        </div>
      </dl>
    </section>
  );
}
