import { useId } from 'react';
import type { TFunction } from 'i18next';
import type { CheckoutMethod } from '../../../lib/payments/checkout-rules.ts';

/** The chooser's label of a method: the Peach card frame is how a new card is paid in ZA. */
export const methodLabelKey = (method: CheckoutMethod) => `checkout.method.${method === 'peach' ? 'newCard' : method}`;

interface Props {
  t: TFunction;
  methods: readonly CheckoutMethod[];
  method: CheckoutMethod | null;
  disabled: boolean;
  onChange: (method: CheckoutMethod) => void;
}

/** The payment methods as a labelled radio group (arrow keys move between them natively). */
export function MethodChooser({ t, methods, method, disabled, onChange }: Props) {
  const id = useId();
  return (
    <div className="field">
      <p className="checkout-group-label" id={`${id}-label`}>
        {t('checkout.method.legend')}
      </p>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="checkout-methods">
        {methods.map((m) => (
          <label key={m} className="checkout-method" data-method={m}>
            <input
              type="radio"
              name={`${id}-method`}
              value={m}
              checked={m === method}
              disabled={disabled}
              onChange={() => onChange(m)}
            />
            <span>{t(methodLabelKey(m))}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
