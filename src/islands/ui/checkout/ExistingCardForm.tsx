import { useId } from 'react';
import type { TFunction } from 'i18next';
import type { SavedCard } from '../../../lib/api/payments/contract.ts';
import type { ExistingCardForm as Form } from '../../../lib/payments/checkout-rules.ts';
import { cardExpiryLabel } from '../../../lib/payments/membership-rules.ts';

interface Props {
  t: TFunction;
  cards: readonly SavedCard[];
  form: Form;
  errors: Partial<Record<keyof Form, string>>;
  onChange: (patch: Partial<Form>) => void;
}

/** A saved card: which one. Nothing more is asked (spec 2 §5): the provider charges the card it keeps. */
export function ExistingCardForm({ t, cards, form, errors, onChange }: Props) {
  const id = useId();
  const cardError = errors.cardId;
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
                onChange={() => onChange({ cardId: String(card.id) })}
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
    </div>
  );
}
