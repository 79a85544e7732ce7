import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { TextField } from './TextField.tsx';
import { PasswordRules } from './PasswordRules.tsx';

interface Props {
  t: TFunction;
  labels: { password: string; confirmation: string };
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  /** Translation keys of the errors. */
  errors: { password?: string | undefined; confirmation?: string | undefined };
  /** The password typed so far, for the rules. */
  value: string;
}

/** A new password, its rules as the customer types, and its confirmation (spec 1 §5). */
export function NewPasswordFields({ t, labels, password, confirmation, errors, value }: Props) {
  const rulesId = useId();
  return (
    <>
      <TextField
        t={t}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        registration={password}
        error={errors.password}
        hintId={rulesId}
      />
      <PasswordRules id={rulesId} password={value} t={t} />
      <TextField
        t={t}
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
        registration={confirmation}
        error={errors.confirmation}
      />
    </>
  );
}
