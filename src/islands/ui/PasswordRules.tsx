import type { TFunction } from 'i18next';
import { passwordProblems, type PasswordProblem } from '../../lib/auth/password-policy.ts';

const RULES: PasswordProblem[] = ['length', 'letter', 'uppercase', 'digit', 'special'];

interface Props {
  id: string;
  password: string;
  t: TFunction;
}

/** The password rule, each part marked as it is met while the customer types. */
export function PasswordRules({ id, password, t }: Props) {
  const problems = new Set(passwordProblems(password));
  return (
    <div className="password-rules" id={id}>
      <p>{t('password.rules')}</p>
      <ul>
        {RULES.map((rule) => {
          const met = password !== '' && !problems.has(rule);
          return (
            <li key={rule} className={met ? 'rule-met' : 'rule-unmet'}>
              <span aria-hidden="true">{met ? '✓' : '•'}</span> {t(`password.${rule}`)}{' '}
              <span className="visually-hidden">({t(met ? 'password.met' : 'password.unmet')})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
