import { useEffect, useState } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import type { Plan } from '../../lib/reference/schemas.ts';
import { getCountryByClient, getMembershipPlans } from '../../lib/api/reference/reference.ts';
import { isBestValue, plansInDisplayOrder } from '../../lib/signup/signup-steps.ts';
import { flexPlansCountry } from '../../lib/content/flex-plans.ts';
import { island } from '../forms/Island.tsx';
import { PlanPrice } from '../forms/PlanPrice.tsx';
import { useTranslator } from '../i18n/use-translator.ts';

interface Props {
  lang: Lang;
  /** The default price list, rendered into the page so it reads without JavaScript. */
  initial: Plan[];
  /** Names, in the page's language, of the countries with their own price list. */
  countryNames: Record<string, string>;
}

type Shown = { countryCode: string; plans: Plan[] };

/**
 * The membership plans on the flex article (spec 1 §6): the logged-in customer's country, else the visitor's
 * country from the network, else the default list; in the display order of spec 1 §3 with the best-value marks.
 */
function FlexPlansView({ lang, initial, countryNames }: Props) {
  const t = useTranslator(lang, 'plans');
  const [shown, setShown] = useState<Shown>({ countryCode: 'default', plans: initial });
  // Hydration is when the live list starts loading, so it starts as loading.
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('loading');

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const { $session } = await import('../../lib/session/session-store.ts');
        const user = $session.get();
        const byClient = user?.isLoggedIn ? null : await getCountryByClient().catch(() => null);
        const answer = await getMembershipPlans(flexPlansCountry(user, byClient));
        if (!live) return;
        setShown({ countryCode: answer.countryCode, plans: answer.plans });
        setStatus('idle');
      } catch {
        if (live) setStatus('failed');
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  const countryName = countryNames[shown.countryCode] ?? null;
  return (
    <div className="flex-plan-list" aria-busy={status === 'loading'}>
      <p className="flex-plans-scope" aria-live="polite">
        {countryName ? t('article.flexPlans.forCountry', { country: countryName }) : t('article.flexPlans.default')}
      </p>
      {status === 'failed' && <p className="field-hint">{t('article.flexPlans.notUpdated')}</p>}
      <ul className="plan-cards">
        {plansInDisplayOrder(shown.plans).map((plan) => {
          return (
            <li key={plan.planId} className="plan-card" data-plan={plan.planId}>
              <h3 className="plan-name">{t(`plan.name.${plan.planId}`)}</h3>
              {isBestValue(plan.planId) && <p className="plan-badge">{t('plan.bestValue')}</p>}
              <p className="plan-price">
                <PlanPrice t={t} plan={plan} />
              </p>
              <p className="plan-summary">{t(`plan.summary.${plan.planId}`)}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export default island(FlexPlansView);
