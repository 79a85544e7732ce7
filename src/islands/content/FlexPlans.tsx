import type { Lang } from '../../i18n/languages.ts';
import type { Plan } from '../../lib/reference/schemas.ts';
import { $flexPlans } from '../../lib/content/flex-plans-queries.ts';
import { DEFAULT_COUNTRY } from '../../lib/content/flex-plans.ts';
import { isBestValue, plansInDisplayOrder } from '../../lib/signup/signup-steps.ts';
import { island } from '../ui/Island.tsx';
import { PlanPrice } from '../ui/PlanPrice.tsx';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { useHydratedStore } from '../ui/use-hydrated-store.ts';

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
  const t = useTranslator(lang, 'plans', 'articles');
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
                <PlanPrice t={t} lang={lang} plan={plan} />
              </p>
              <p className="plan-summary">{t(`plan.summary.${plan.planId}`)}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The membership plans on the flex article (spec 1 §6): the logged-in customer's country, else the visitor's
 * country from the network, else the default list; in the display order of spec 1 §3 with the best-value marks.
 * The default list shows until the live one comes, and stays if it can't. The server, and the first render in the
 * browser, show the default list as loading: the list is asked only once the island has hydrated.
 */
function FlexPlansView({ lang, initial, countryNames }: Props) {
  const { data, error } = useHydratedStore($flexPlans, { loading: true });
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

export default island(FlexPlansView);
