import { useEffect, useId, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { z } from '../../../lib/zod.ts';
import { visaCheckoutMessageSchema, type VisaConfig } from '../../../lib/api/payments/contract.ts';
import { amountText, type VisaCheckoutForm as Form } from '../../../lib/payments/checkout-rules.ts';
import { InputField } from './fields.tsx';
import { useFrameMessage } from './use-frame-message.ts';
import { useTouched } from './use-touched.ts';

/** The lightbox's message when the customer closes it without choosing a card. */
const cancelMessageSchema = z.object({ type: z.literal('visa-checkout-cancel'), callid: z.optional(z.string()) });

export type VisaCheckoutMessage = z.infer<typeof visaCheckoutMessageSchema>;

interface Props {
  t: TFunction;
  config: VisaConfig | null;
  amount: number;
  currency: string;
  form: Form;
  errors: Partial<Record<keyof Form, string>>;
  submitted: boolean;
  /** Decrypting the chosen card. */
  busy: boolean;
  onChange: (patch: Partial<Form>) => void;
  /** The lightbox chose a card (encrypted). */
  onChosen: (message: VisaCheckoutMessage) => void;
  /** The lightbox was closed; its call id when it had one. */
  onCancelled: (callId: string | null) => void;
}

/**
 * Visa Checkout: the button opens the lightbox in a dialog; the card it sends back is decrypted by the API and
 * shown (name, masked number, expiry) with a field for its security code.
 */
export function VisaCheckoutForm(props: Props) {
  const { t, config, amount, currency, form, errors, submitted, busy, onChange, onChosen, onCancelled } = props;
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const { touch, shown } = useTouched<keyof Form>(submitted);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useFrameMessage(open, (data) => {
    const chosen = visaCheckoutMessageSchema.safeParse(data);
    if (chosen.success) {
      setOpen(false);
      onChosen(chosen.data);
      return;
    }
    const cancelled = cancelMessageSchema.safeParse(data);
    if (cancelled.success) {
      setOpen(false);
      onCancelled(cancelled.data.callid ?? null);
    }
  });

  if (!config) return <p className="checkout-note">{t('checkout.visa.unavailable')}</p>;
  const lightbox = `${config.VisaLightboxUrl}?${new URLSearchParams({
    apikey: config.VisaApiKey,
    amount: amountText(amount, currency),
    currency,
  }).toString()}`;
  const cardError = shown('card', errors.card);

  return (
    <div className="checkout-card-form">
      {form.card ? (
        <>
          <dl className="summary-list checkout-visa-card">
            <div>
              <dt>{t('checkout.card.name')}</dt>
              <dd dir="auto">{form.card.name}</dd>
            </div>
            <div>
              <dt>{t('checkout.card.number')}</dt>
              <dd dir="ltr">{form.card.number}</dd>
            </div>
            <div>
              <dt>{t('checkout.visa.expiry')}</dt>
              <dd dir="ltr">
                {form.card.expiryMonth}/{form.card.expiryYear}
              </dd>
            </div>
          </dl>
          <InputField
            t={t}
            label={t('checkout.card.cvv')}
            value={form.cvv2}
            onValue={(value) => onChange({ cvv2: value.replace(/\D/g, '').slice(0, 4) })}
            onBlur={() => touch('cvv2')}
            inputMode="numeric"
            autoComplete="cc-csc"
            dir="ltr"
            maxLength={4}
            className="checkout-cvv"
            error={shown('cvv2', errors.cvv2)}
          />
        </>
      ) : (
        <p className="checkout-note">{t('checkout.visa.intro')}</p>
      )}
      <div className="field">
        <button
          type="button"
          className="checkout-visa-button"
          onClick={() => setOpen(true)}
          disabled={busy}
          aria-describedby={cardError ? `${id}-error` : undefined}
        >
          <img src={config.VisaImgUrl} alt={t(form.card ? 'checkout.visa.change' : 'checkout.visa.open')} />
        </button>
        {busy && (
          <p className="field-hint" role="status">
            {t('common.working')}
          </p>
        )}
        {cardError && (
          <p className="field-error" id={`${id}-error`}>
            {t(cardError)}
          </p>
        )}
      </div>
      <dialog
        ref={dialogRef}
        className="confirm-dialog checkout-visa-dialog"
        aria-labelledby={`${id}-title`}
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
          onCancelled(null);
        }}
      >
        <h2 id={`${id}-title`}>{t('checkout.method.visaCheckout')}</h2>
        {open && <iframe className="checkout-frame" src={lightbox} title={t('checkout.visa.frameTitle')} />}
        <div className="dialog-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setOpen(false);
              onCancelled(null);
            }}
          >
            {t('common.cancel')}
          </button>
        </div>
      </dialog>
    </div>
  );
}
