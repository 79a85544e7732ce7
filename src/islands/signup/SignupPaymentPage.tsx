/**
 * Signup step 3 (spec 1 §2.4): the payment step for a paid plan, reached through the URL the API resolves
 * (`id` carries the plan). It shows the plan being bought and records the step on the marketing contact.
 * The checkout form itself belongs to the membership payment work (spec 2 §4–5) and is not here yet.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../i18n/use-translator.ts';
import { getMembershipPlans } from '../../lib/api/reference/reference.ts';
import { updateMarketingContact } from '../../lib/api/marketing/marketing.ts';
import { FORM_STAGE } from '../../lib/api/marketing/contract.ts';
import type { Plan } from '../../lib/reference/schemas.ts';
import { rememberedPlan, rememberPlan, splitPrice, toPlanId } from '../../lib/signup/signup-steps.ts';
import { $session } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { StepIndicator } from '../forms/StepIndicator.tsx';
import { FormAlert } from '../forms/FormAlert.tsx';
import { island } from '../forms/Island.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

function SignupPaymentView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang);
  const user = useStore($session);
  const planId = toPlanId(new URLSearchParams(location.search).get('id') ?? rememberedPlan());
  const [plan, setPlan] = useState<Plan | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!user) return;
    let live = true;
    rememberPlan(planId);
    getMembershipPlans(user.countryCode)
      .then(({ plans }) => {
        if (!live) return;
        const found = plans.find((p) => p.planId === planId);
        if (found) setPlan(found);
        else setFailed(true);
      })
      .catch(() => live && setFailed(true));
    updateMarketingContact({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      countryCode: user.countryCode,
      langCode: lang,
      optin: false,
      formStage: FORM_STAGE.payment,
      planId,
    }).catch((error: unknown) => console.warn('Marketing contact not updated', error));
    return () => {
      live = false;
    };
    // Once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!user) return null;
  const price = plan ? splitPrice(plan.amount) : null;
  return (
    <section className="form-card form-card-wide" aria-labelledby="payment-heading">
      <StepIndicator t={t} lang={lang} brandSlug={brandSlug} current={3} />
      <h1 id="payment-heading">{t('signup.payment.heading')}</h1>
      {failed && (
        <FormAlert>
          <p>{t('errors.500')}</p>
        </FormAlert>
      )}
      {plan && price && (
        <dl className="summary-list" data-plan-id={plan.planId}>
          <div>
            <dt>{t('signup.plan')}</dt>
            <dd>{t(`plan.name.${plan.planId}`)}</dd>
          </div>
          <div>
            <dt>{t('signup.payment.total')}</dt>
            <dd>
              <span className="price-currency">{plan.currencyCode}</span>{' '}
              <span className="price-whole">{price.whole}</span>
              <span className="price-decimals">.{price.decimals}</span>{' '}
              <span className="price-term">{t(`plan.term.${plan.planId}`)}</span>
            </dd>
          </div>
        </dl>
      )}
      <p>{t('signup.payment.checkoutSoon')}</p>
      <p className="form-links">
        <a href={buildUrl(lang, 'signup.new', brandSlug, {}, { id: '1' })}>{t('signup.payment.chooseBasic')}</a>
      </p>
    </section>
  );
}

export default island(SignupPaymentView);
