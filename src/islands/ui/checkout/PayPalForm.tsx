import { useId } from 'react';
import type { TFunction } from 'i18next';
import type { SavedCard } from '../../../lib/api/payments/contract.ts';
import type { PayPalForm as Form } from '../../../lib/payments/checkout-rules.ts';

interface Props {
  t: TFunction;
  accounts: readonly SavedCard[];
  form: Form;
  onChange: (patch: Partial<Form>) => void;
}

/** PayPal: a saved account is charged at once; a new one is approved on PayPal's page. */
export function PayPalForm({ t, accounts, form, onChange }: Props) {
  const id = useId();
  const note = <p className="checkout-note">{t('checkout.payPal.redirect')}</p>;
  if (accounts.length === 0) return note;
  return (
    <div className="checkout-card-form">
      <fieldset className="field">
        <legend>{t('checkout.payPal.legend')}</legend>
        <div className="checkout-saved-list">
          {accounts.map((account) => (
            <label key={account.id} className="checkout-saved">
              <input
                type="radio"
                name={`${id}-account`}
                value={String(account.id)}
                checked={form.accountId === String(account.id)}
                onChange={() => onChange({ accountId: String(account.id) })}
              />
              <span dir="auto">{t('checkout.payPal.saved', { name: account.name })}</span>
            </label>
          ))}
          <label className="checkout-saved">
            <input
              type="radio"
              name={`${id}-account`}
              value=""
              checked={form.accountId === ''}
              onChange={() => onChange({ accountId: '' })}
            />
            <span>{t('checkout.payPal.new')}</span>
          </label>
        </div>
      </fieldset>
      {form.accountId === '' && note}
    </div>
  );
}
