import { useId } from 'react';
import type { TFunction } from 'i18next';
import type { SavedCard } from '../../../lib/api/payments/contract.ts';
import { cvvLengthOfType, type ExistingCardForm as Form } from '../../../lib/payments/checkout-rules.ts';
import { cardExpiryLabel } from '../../../lib/payments/membership-rules.ts';
import { InputField } from './fields.tsx';
import { useTouched } from './use-touched.ts';

interface Props {
  t: TFunction;
  cards: readonly SavedCard[];
  form: Form;
  errors: Partial<Record<keyof Form, string>>;
  submitted: boolean;
  onChange: (patch: Partial<Form>) => void;
}

/** A saved card: which one, and its security code (checked by the provider, never kept). */
export function ExistingCardForm({ t, cards, form, errors, submitted, onChange }: Props) {
  const id = useId();
  const { touch, shown } = useTouched<keyof Form>(submitted);
  const chosen = cards.find((c) => String(c.id) === form.cardId);
  const cvvLength = chosen ? cvvLengthOfType(chosen.type) : null;
  const cardError = shown('cardId', errors.cardId);
  return (
    <div className="checkout-card-form">
      <fieldset className="field" aria-describedby={cardError ? `${id}-error` : undefined}>
        <legend>{t('checkout.existing.legend')}</legend>
        <div className="checkout-saved-list">
          {cards.map((card) => (
            <label key={card.id} className="checkout-saved">
              <input
                type="radio"
                name={`${id}-card`}
                value={String(card.id)}
                checked={form.cardId === String(card.id)}
                onChange={() => onChange({ cardId: String(card.id), cvv2: '' })}
              />
              <span>
                {t('checkout.existing.card', {
                  type: t(`checkout.card.type.${card.type}`),
                  name: card.name,
                })}{' '}
                <span dir="ltr">•••• {card.last4Digits}</span>{' '}
                <span className="checkout-muted">
                  {t('checkout.existing.expires', { date: cardExpiryLabel(card.expiryDate) })}
                </span>
              </span>
            </label>
          ))}
        </div>
        {cardError && (
          <p className="field-error" id={`${id}-error`}>
            {t(cardError)}
          </p>
        )}
      </fieldset>
      <InputField
        t={t}
        label={t('checkout.card.cvv')}
        value={form.cvv2}
        onValue={(value) => onChange({ cvv2: value.replace(/\D/g, '').slice(0, cvvLength ?? 4) })}
        onBlur={() => touch('cvv2')}
        inputMode="numeric"
        autoComplete="cc-csc"
        dir="ltr"
        maxLength={cvvLength ?? 4}
        className="checkout-cvv"
        error={shown('cvv2', errors.cvv2)}
      />
    </div>
  );
}
