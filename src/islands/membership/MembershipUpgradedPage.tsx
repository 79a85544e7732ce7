/**
 * The upgrade confirmation (spec 1 §2.1 account/membership-upgraded?paymentResponse): the order summary the
 * checkout passed on (or kept in the session storage), with the plan, the amount paid, the order number, the
 * plan's new end, the promo code's extra time and the method. An unreadable summary says so and leads to the
 * plans page.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { decodeOrderSummary, storedOrderSummary, type OrderSummary } from '../../lib/payments/order-summary.ts';
import { formatMoney } from '../../lib/payments/money-format.ts';
import { formatDay } from '../../lib/widgets/format.ts';
import { $session } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { FormAlert } from '../ui/FormAlert.tsx';
import { island } from '../ui/Island.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

function amountPaid(t: TFunction, summary: OrderSummary, lang: Lang): string {
  if (summary.amount > 0) return formatMoney(summary.amount, summary.currency, lang);
  // Nothing to pay: thanks to the promo code when it took something off or added time, else a free plan.
  const promo = summary.discount > 0 || summary.additionalDuration > 0;
  return t(promo ? 'membership.upgraded.freePromo' : 'plan.free');
}

function Summary({ t, lang, summary }: { t: TFunction; lang: Lang; summary: OrderSummary }) {
  const plan = t(`plan.name.${summary.planId}`);
  const extra =
    summary.additionalDuration > 0 && summary.additionalDurationType
      ? t(`membership.upgraded.extra.${summary.additionalDurationType}`, { count: summary.additionalDuration })
      : null;
  return (
    <>
      <p>{t('membership.upgraded.intro', { plan })}</p>
      <dl className="summary-list">
        <div>
          <dt>{t('membership.upgraded.plan')}</dt>
          <dd>{plan}</dd>
        </div>
        <div>
          <dt>{t('membership.upgraded.paid')}</dt>
          <dd>{amountPaid(t, summary, lang)}</dd>
        </div>
        <div>
          <dt>{t('membership.upgraded.order')}</dt>
          <dd dir="ltr">{summary.orderNumber}</dd>
        </div>
        {summary.planExpiryDate && (
          <div>
            <dt>{t('membership.upgraded.expiry')}</dt>
            <dd>{formatDay(summary.planExpiryDate, lang)}</dd>
          </div>
        )}
        {extra && (
          <div>
            <dt>{t('membership.upgraded.extra')}</dt>
            <dd>{extra}</dd>
          </div>
        )}
        <div>
          <dt>{t('membership.upgraded.method')}</dt>
          <dd>{t(`membership.method.${summary.method}`)}</dd>
        </div>
      </dl>
    </>
  );
}

function MembershipUpgradedView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'membership', 'plans');
  const user = useStore($session);
  // Read once: the summary does not change while the page is open.
  const [summary] = useState(
    () => decodeOrderSummary(new URLSearchParams(location.search).get('paymentResponse')) ?? storedOrderSummary(),
  );

  if (!user) return null;
  const plansUrl = buildUrl(lang, 'account.membership', brandSlug);
  return (
    <section className="form-card form-card-wide membership-page" aria-labelledby="upgraded-heading">
      <h1 id="upgraded-heading">{t(summary ? 'membership.upgraded.heading' : 'membership.heading')}</h1>
      {summary ? (
        <Summary t={t} lang={lang} summary={summary} />
      ) : (
        <FormAlert tone="warning">
          <p>{t('membership.upgraded.unreadable')}</p>
        </FormAlert>
      )}
      <p className="form-links">
        {summary && <a href={buildUrl(lang, 'account-home', brandSlug)}>{t('membership.upgraded.home')}</a>}
        <a href={plansUrl}>{t('membership.upgraded.plans')}</a>
      </p>
    </section>
  );
}

export default island(MembershipUpgradedView);
