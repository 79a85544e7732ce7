import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { TextField } from './TextField.tsx';

interface Props {
  t: TFunction;
  firstName: UseFormRegisterReturn;
  lastName: UseFormRegisterReturn;
  /** Translation keys of the errors. */
  errors: { firstName?: string | undefined; lastName?: string | undefined };
}

/** First and last name side by side. */
export function NameFields({ t, firstName, lastName, errors }: Props) {
  return (
    <div className="form-columns">
      <TextField
        t={t}
        label={t('profile.firstName')}
        autoComplete="given-name"
        registration={firstName}
        error={errors.firstName}
      />
      <TextField
        t={t}
        label={t('profile.lastName')}
        autoComplete="family-name"
        registration={lastName}
        error={errors.lastName}
      />
    </div>
  );
}
