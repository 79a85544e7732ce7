import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { Plan } from '../../lib/reference/schemas.ts';
import { isBestValue, plansInDisplayOrder } from '../../lib/signup/signup-steps.ts';
import { PlanPrice } from './PlanPrice.tsx';

interface Props {
  t: TFunction;
  lang: Lang;
  plans: readonly Plan[];
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

/** The membership plans as radio cards, in the display order of spec 1 §3. */
export function PlanChooser({ t, lang, plans, registration, error }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="field plan-chooser" aria-describedby={error ? errorId : undefined}>
      <legend>{t('signup.plan')}</legend>
      <div className="plan-options">
        {plansInDisplayOrder(plans).map((plan) => {
          return (
            <label key={plan.planId} className="plan-option">
              <input type="radio" value={String(plan.planId)} {...registration} />
              <span className="plan-name">{t(`plan.name.${plan.planId}`)}</span>
              {isBestValue(plan.planId) && <span className="plan-badge">{t('plan.bestValue')}</span>}
              <span className="plan-price">
                <PlanPrice t={t} lang={lang} plan={plan} />
              </span>
              <span className="plan-summary">{t(`plan.summary.${plan.planId}`)}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p className="field-error" id={errorId}>
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}
