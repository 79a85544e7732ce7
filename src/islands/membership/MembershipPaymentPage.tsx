/**
 * account/membership-payment (spec 1 §2.1, spec 2 §2): the checkout of an upgrade or renewal. The plan is the
 * `id` of the address (the plans page resolves it), else the one remembered in the session, else flex annual.
 * Once paid, the customer goes to account/membership-upgraded with the order summary (`paymentResponse`).
 */
import { useCallback, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { readReturn } from '../../lib/payments/checkout-rules.ts';
import { encodeParam, type OrderSummary } from '../../lib/payments/order-summary.ts';
import { rememberedPlan } from '../../lib/signup/signup-steps.ts';
import { PLAN_IDS, planIdSchema } from '../../lib/reference/schemas.ts';
import { $session } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { island } from '../ui/Island.tsx';
import { Checkout } from '../ui/checkout/Checkout.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

function MembershipPaymentView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'payments', 'plans', 'gateway');
  const user = useStore($session);
  const [planId] = useState(
    () => readReturn(location.search).planId ?? planIdSchema.safeParse(rememberedPlan()).data ?? PLAN_IDS.flexAnnual,
  );

  const onPaid = useCallback(
    (summary: OrderSummary) => {
      location.assign(
        buildUrl(lang, 'account.membershipUpgraded', brandSlug, {}, { paymentResponse: encodeParam(summary) }),
      );
    },
    [lang, brandSlug],
  );

  if (!user) return null;
  return (
    <section className="form-card form-card-wide checkout-card" aria-labelledby="membership-payment-heading">
      <h1 id="membership-payment-heading">{t('checkout.membershipHeading')}</h1>
      <Checkout
        lang={lang}
        kind="upgrade"
        planId={planId}
        onPaid={onPaid}
        footer={
          <p className="form-links">
            <a href={buildUrl(lang, 'account.membership', brandSlug)}>{t('checkout.backToPlans')}</a>
          </p>
        }
      />
    </section>
  );
}

export default island(MembershipPaymentView);
