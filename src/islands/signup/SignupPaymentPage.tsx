/**
 * Signup step 3 (spec 1 §2.4): the payment step for a paid plan, reached through the URL the API resolves
 * (`id` carries the plan; the plan remembered from step 1, else basic). It records the step on the marketing
 * contact and shows the checkout (spec 2 §4–5); once paid, the contact is updated again and the customer goes
 * to the confirmation with the payment (`m`) and `status=1`.
 */
import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { updateMarketingContact } from '../../lib/api/marketing/marketing.ts';
import { FORM_STAGE } from '../../lib/api/marketing/contract.ts';
import { readReturn } from '../../lib/payments/checkout-rules.ts';
import { signupConfirmationParam, type OrderSummary } from '../../lib/payments/order-summary.ts';
import { rememberedPlan, rememberPlan, toPlanId } from '../../lib/signup/signup-steps.ts';
import type { CurrentUser } from '../../lib/session/current-user.ts';
import { $session } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { StepIndicator } from '../ui/StepIndicator.tsx';
import { island } from '../ui/Island.tsx';
import { Checkout } from '../ui/checkout/Checkout.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

/** Form stage 3 on the marketing contact (spec 2 §9); a failure is only logged. */
function recordPaymentStage(user: CurrentUser, lang: Lang, planId: number): Promise<void> {
  return updateMarketingContact({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    countryCode: user.countryCode,
    langCode: lang,
    optin: false,
    formStage: FORM_STAGE.payment,
    planId,
  }).catch((error: unknown) => console.warn('Marketing contact not updated', error));
}

function SignupPaymentView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'payments', 'plans', 'gateway');
  const user = useStore($session);
  const [planId] = useState(() => readReturn(location.search).planId ?? toPlanId(rememberedPlan()));

  useEffect(() => {
    if (!user) return;
    rememberPlan(planId);
    void recordPaymentStage(user, lang, planId);
    // Once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onPaid = useCallback(
    async (summary: OrderSummary) => {
      const paidBy = $session.get();
      if (paidBy) await recordPaymentStage(paidBy, lang, summary.planId);
      location.assign(
        buildUrl(lang, 'signup.confirmation', brandSlug, {}, { m: signupConfirmationParam(summary), status: '1' }),
      );
    },
    [lang, brandSlug],
  );

  if (!user) return null;
  return (
    <section className="form-card form-card-wide checkout-card" aria-labelledby="payment-heading">
      <StepIndicator t={t} lang={lang} brandSlug={brandSlug} current={3} />
      <h1 id="payment-heading">{t('signup.payment.heading')}</h1>
      <Checkout lang={lang} kind="signup" planId={planId} onPaid={onPaid} />
    </section>
  );
}

export default island(SignupPaymentView);
