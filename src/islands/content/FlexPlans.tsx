import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import type { Plan } from '../../lib/reference/schemas.ts';
import { $flexPlans } from '../../lib/content/flex-plans-queries.ts';
import { DEFAULT_COUNTRY } from '../../lib/content/flex-plans.ts';
import { isBestValue, plansInDisplayOrder } from '../../lib/signup/signup-steps.ts';
import { island } from '../ui/Island.tsx';
import { PlanPrice } from '../ui/PlanPrice.tsx';
import { useTranslator } from '../ui/i18n/use-translator.ts';

interface Props {
  lang: Lang;
  /** The default price list, rendered into the page so it reads without JavaScript. */
  initial: Plan[];
  /** Names, in the page's language, of the countries with their own price list. */
  countryNames: Record<string, string>;
}

type Shown = { countryCode: string; plans: readonly Plan[] };

interface ListProps {
  lang: Lang;
  countryNames: Record<string, string>;
  shown: Shown;
  loading: boolean;
  failed: boolean;
}

function PlanList({ lang, countryNames, shown, loading, failed }: ListProps) {
  const t = useTranslator(lang, 'plans');
  const countryName = countryNames[shown.countryCode] ?? null;
  return (
    <div className="flex-plan-list" aria-busy={loading}>
      <p className="flex-plans-scope" aria-live="polite">
        {countryName ? t('article.flexPlans.forCountry', { country: countryName }) : t('article.flexPlans.default')}
      </p>
      {failed && <p className="field-hint">{t('article.flexPlans.notUpdated')}</p>}
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

/** The live list, asked once the island hydrates (when visible); the default list shows until it comes. */
function LivePlans({ lang, initial, countryNames }: Props) {
  const { data, error } = useStore($flexPlans);
  return (
    <PlanList
      lang={lang}
      countryNames={countryNames}
      shown={data ?? { countryCode: DEFAULT_COUNTRY, plans: initial }}
      loading={!data && !error}
      failed={error !== undefined}
    />
  );
}

/**
 * The membership plans on the flex article (spec 1 §6): the logged-in customer's country, else the visitor's
 * country from the network, else the default list; in the display order of spec 1 §3 with the best-value marks.
 * The default list shows until the live one comes, and stays if it can't.
 */
function FlexPlansView(props: Props) {
  // The server renders the default list as loading without reading the query: reading a store starts its call.
  if (typeof window === 'undefined') {
    const shown = { countryCode: DEFAULT_COUNTRY, plans: props.initial };
    return <PlanList lang={props.lang} countryNames={props.countryNames} shown={shown} loading failed={false} />;
  }
  return <LivePlans {...props} />;
}

export default island(FlexPlansView);
