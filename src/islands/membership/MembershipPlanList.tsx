/**
 * The plans of the customer's country as the plans page lists them (spec 1 §3): display order, best-value marks,
 * the price with its decimals apart, the current plan marked, and a button on the plans the customer may pay
 * for now (spec 1 §4.5).
 */
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { Plan } from '../../lib/reference/schemas.ts';
import { choiceKind, planCards, type CurrentPlan } from '../../lib/payments/membership-rules.ts';
import { PlanPrice } from '../ui/PlanPrice.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  plans: readonly Plan[];
  current: CurrentPlan;
  busy: boolean;
  onChoose: (plan: Plan) => void;
}

const CHOICE_KEYS = {
  renew: 'membership.plans.renew',
  upgrade: 'membership.plans.upgradeTo',
  switch: 'membership.plans.switchTo',
} as const;

export function MembershipPlanList({ t, lang, plans, current, busy, onChoose }: Props) {
  return (
    <ul className="membership-plans">
      {planCards(current, plans).map(({ plan, isCurrent, bestValue, canChoose }) => {
        const name = t(`plan.name.${plan.planId}`);
        const headingId = `membership-plan-${plan.planId}`;
        return (
          <li
            key={plan.planId}
            className={`membership-plan${isCurrent ? ' membership-plan-current' : ''}`}
            aria-labelledby={headingId}
          >
            <h3 id={headingId} className="plan-name">
              {name}
            </h3>
            {(bestValue || isCurrent) && (
              <p className="membership-plan-marks">
                {bestValue && <span className="plan-badge">{t('plan.bestValue')}</span>}
                {isCurrent && <span className="membership-current-mark">{t('membership.plans.current')}</span>}
              </p>
            )}
            <p className="plan-price">
              <PlanPrice t={t} lang={lang} plan={plan} />
            </p>
            <p className="plan-summary">{t(`plan.summary.${plan.planId}`)}</p>
            {canChoose && (
              <button
                type="button"
                className={`button${isCurrent ? '' : ' button-accent'}`}
                disabled={busy}
                onClick={() => onChoose(plan)}
              >
                {t(CHOICE_KEYS[choiceKind(current.planId, plan.planId)], { plan: name })}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
