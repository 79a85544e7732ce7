import { useId } from 'react';
import type { TFunction } from 'i18next';

interface Props {
  t: TFunction;
  code: string;
  applying: boolean;
  /** A code is applied. */
  applied: boolean;
  /** Translation key of the last refusal. */
  error: string | null;
  disabled: boolean;
  onCode: (code: string) => void;
  onApply: () => void;
}

/** The promo code and its Apply button; Enter in the field applies the code rather than paying. */
export function PromoField({ t, code, applying, applied, error, disabled, onCode, onApply }: Props) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, applied ? `${id}-applied` : null].filter(Boolean).join(' ');
  return (
    <div className="field checkout-promo">
      <label htmlFor={id}>{t('checkout.promo.code')}</label>
      <div className="checkout-promo-row">
        <input
          id={id}
          value={code}
          onChange={(event) => onCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            onApply();
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          maxLength={40}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={onApply}
          disabled={disabled || applying}
          aria-busy={applying}
        >
          {t(applying ? 'checkout.promo.applying' : 'checkout.promo.apply')}
        </button>
      </div>
      {applied && (
        <p className="field-hint form-success" id={`${id}-applied`}>
          {t('checkout.promo.applied')}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
