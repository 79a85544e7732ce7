import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';

interface Props {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  t: TFunction;
}

/** A labelled checkbox whose error is announced with it. */
export function CheckboxField({ label, registration, error, t }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field field-check">
      <input
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...registration}
      />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p className="field-error" id={errorId}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
