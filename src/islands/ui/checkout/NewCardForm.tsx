import { useRef } from 'react';
import type { TFunction } from 'i18next';
import { cardRuleOf, cardMaxLength } from '../../../lib/payments/card-type.ts';
import {
  EXPIRY_MONTHS,
  cardNumberComplete,
  cvvLengthOf,
  type NewCardForm as Card,
} from '../../../lib/payments/checkout-rules.ts';
import { InputField, SelectField, focusNext } from './fields.tsx';
import { useTouched } from './use-touched.ts';

interface Props {
  t: TFunction;
  card: Card;
  /** Translation keys of the fields' problems. */
  errors: Partial<Record<keyof Card, string>>;
  submitted: boolean;
  years: readonly string[];
  onChange: (patch: Partial<Card>) => void;
}

/**
 * A new card (spec 1 §5): name, number with its type shown as it is typed, expiry month and year, security code.
 * Focus moves on to the expiry month when the number reaches its type's length, and on from the security code
 * when it is complete.
 */
export function NewCardForm({ t, card, errors, submitted, years, onChange }: Props) {
  const { touch, shown } = useTouched<keyof Card>(submitted);
  const monthRef = useRef<HTMLSelectElement>(null);
  const rule = cardRuleOf(card.number);
  const cvvLength = cvvLengthOf(card.number);

  const onNumber = (value: string) => {
    // Pasted numbers keep their spaces until here: the length is judged on the digits.
    const all = value.replace(/\D/g, '');
    const digits = all.slice(0, cardMaxLength(all));
    onChange({ number: digits });
    if (digits !== card.number && cardNumberComplete(digits)) monthRef.current?.focus();
  };
  const onCvv = (value: string, input: HTMLInputElement | null) => {
    const digits = value.replace(/\D/g, '').slice(0, cvvLength ?? 4);
    onChange({ cvv: digits });
    if (input && cvvLength !== null && digits.length === cvvLength && digits !== card.cvv) focusNext(input);
  };
  const cvvRef = useRef<HTMLInputElement>(null);

  return (
    <div className="checkout-card-form">
      <InputField
        t={t}
        label={t('checkout.card.name')}
        value={card.name}
        onValue={(name) => onChange({ name })}
        onBlur={() => touch('name')}
        autoComplete="cc-name"
        dir="auto"
        maxLength={100}
        error={shown('name', errors.name)}
      />
      <InputField
        t={t}
        label={t('checkout.card.number')}
        value={card.number}
        onValue={onNumber}
        onBlur={() => touch('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        dir="ltr"
        className="checkout-card-number"
        data-card-type={rule?.id}
        hint={
          <span aria-live="polite">
            {rule
              ? t('checkout.card.detected', { type: t(`checkout.card.type.${rule.id}`) })
              : t('checkout.card.types')}
          </span>
        }
        error={shown('number', errors.number)}
      />
      <div className="checkout-card-row">
        <SelectField
          t={t}
          label={t('checkout.card.expiryMonth')}
          value={card.month}
          onValue={(month) => {
            onChange({ month });
            touch('month');
          }}
          onBlur={() => touch('month')}
          options={EXPIRY_MONTHS.map((m) => ({ value: m, label: m }))}
          placeholder={t('checkout.card.month')}
          autoComplete="cc-exp-month"
          dir="ltr"
          selectRef={monthRef}
          error={shown('month', errors.month)}
        />
        <SelectField
          t={t}
          label={t('checkout.card.expiryYear')}
          value={card.year}
          onValue={(year) => {
            onChange({ year });
            touch('year');
          }}
          onBlur={() => touch('year')}
          options={years.map((y) => ({ value: y, label: y }))}
          placeholder={t('checkout.card.year')}
          autoComplete="cc-exp-year"
          dir="ltr"
          error={shown('year', errors.year)}
        />
        <InputField
          t={t}
          label={t('checkout.card.cvv')}
          value={card.cvv}
          onValue={(cvv) => onCvv(cvv, cvvRef.current)}
          onBlur={() => touch('cvv')}
          inputRef={cvvRef}
          inputMode="numeric"
          autoComplete="cc-csc"
          dir="ltr"
          maxLength={cvvLength ?? 4}
          className="checkout-cvv"
          error={shown('cvv', errors.cvv)}
        />
      </div>
    </div>
  );
}
