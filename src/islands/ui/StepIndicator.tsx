import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { canGoBack, SIGNUP_STEPS, type SignupStepId } from '../../lib/signup/signup-steps.ts';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  current: SignupStepId;
  /** Steps that don't apply (payment on a free plan). */
  skipped?: readonly SignupStepId[];
}

/** The signup steps; earlier steps are links until the confirmation, later ones plain text. */
export function StepIndicator({ t, lang, brandSlug, current, skipped = [] }: Props) {
  return (
    <nav aria-label={t('signup.steps')} className="signup-steps">
      <ol>
        {SIGNUP_STEPS.filter((s) => !skipped.includes(s.id)).map((step) => {
          const label = t(`signup.step.${step.name}`);
          const state = step.id === current ? 'current' : step.id < current ? 'done' : 'next';
          return (
            <li key={step.id} className={`signup-step signup-step-${state}`}>
              {canGoBack(current, step.id) && step.route !== 'signup.payment' ? (
                <a href={buildUrl(lang, step.route, brandSlug)}>{label}</a>
              ) : (
                <span aria-current={step.id === current ? 'step' : undefined}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
