import { useId, type TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  /** Translation key of the field's error, if any. */
  error?: string | undefined;
  t: TFunction;
}

/** A labelled multi-line input whose error is announced with it. */
export function TextAreaField({ label, registration, error, t, ...textarea }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        dir="auto"
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
        {...registration}
      />
      {error && (
        <p className="field-error" id={errorId}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
