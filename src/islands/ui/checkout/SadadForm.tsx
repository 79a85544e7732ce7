import type { TFunction } from 'i18next';
import type { SadadForm as Form } from '../../../lib/payments/checkout-rules.ts';
import { InputField } from './fields.tsx';
import { useTouched } from './use-touched.ts';

interface Props {
  t: TFunction;
  form: Form;
  errors: Partial<Record<keyof Form, string>>;
  submitted: boolean;
  onChange: (patch: Partial<Form>) => void;
}

/** Sadad: the customer's Sadad account id; the payment is then made on Sadad's page. */
export function SadadForm({ t, form, errors, submitted, onChange }: Props) {
  const { touch, shown } = useTouched<keyof Form>(submitted);
  return (
    <div className="checkout-card-form">
      <InputField
        t={t}
        label={t('checkout.sadad.accountId')}
        value={form.accountId}
        onValue={(accountId) => onChange({ accountId })}
        onBlur={() => touch('accountId')}
        autoComplete="off"
        dir="ltr"
        maxLength={100}
        error={shown('accountId', errors.accountId)}
      />
      <p className="checkout-note">{t('checkout.sadad.redirect')}</p>
    </div>
  );
}
