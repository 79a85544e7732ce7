/**
 * Adding a card to the wallet (spec 1 §4.8, §5 card form; spec 2 §7 Wallet): name, number with its type, expiry
 * month and one of ten years, security code, and whether it becomes the default. The card goes first to the
 * card-token call: when the provider wants to verify it, its frame shows and the id the frame hands back (through
 * the route guard, spec 1 §4.1 step 5) completes the addition; an empty answer adds the card directly.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { z } from '../../lib/zod.ts';
import {
  WalletErrorCode,
  addCard,
  getCardToken,
  type AddCardRequest,
  type WalletChange,
} from '../../lib/api/wallet/contract.ts';
import { call } from '../../lib/api/call.ts';
import { ApiError } from '../../lib/api/errors.ts';
import {
  WALLET_YEARS,
  expiryYears,
  fieldErrors,
  newCardSchema,
  type NewCardForm as Card,
} from '../../lib/payments/checkout-rules.ts';
import { gatewayMessageKey } from '../../lib/payments/gateway-messages.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { CheckboxField } from '../ui/checkout/fields.tsx';
import { FailureAlert } from '../ui/checkout/FailureAlert.tsx';
import { FrameView } from '../ui/checkout/FrameView.tsx';
import { NewCardForm } from '../ui/checkout/NewCardForm.tsx';
import { useFrameMessage } from '../ui/checkout/use-frame-message.ts';

interface Props {
  t: TFunction;
  guid: string;
  today: Date;
  onAdded: (change: WalletChange) => void;
}

const emptyCard = (): Card => ({ name: '', number: '', month: '', year: '', cvv: '' });

/** The message the frame's return page posts through the route guard. */
const frameMessageSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

/**
 * The translation key of a failed addition (spec 2 §8): the provider's reason for refusing the card, in the
 * customer's language; else accountWallet.payment.msgCardSaveFailed.
 */
function failureKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === WalletErrorCode.card && error.reason) return gatewayMessageKey(error.reason);
    if (error.status === 401) return 'errors.unauthorized';
  }
  return 'accountWallet.payment.msgCardSaveFailed';
}

export function AddCardForm({ t, guid, today, onAdded }: Props) {
  const [card, setCard] = useState<Card>(emptyCard);
  const [isDefault, setIsDefault] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [phase, setPhase] = useState<'idle' | 'saving' | { frame: string }>('idle');
  const [failure, setFailure] = useState<{ key: string; id: number } | null>(null);
  /** A new form after each saved card: nothing typed before, and no field shown as left or wrong. */
  const [formId, setFormId] = useState(0);
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const years = expiryYears(WALLET_YEARS, today);
  const errors = fieldErrors(newCardSchema(today), card);

  useEffect(() => {
    if (focusInvalid) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  /** What the frame's id completes: the card's name, expiry and default, never its number again. */
  const kept = (): Omit<AddCardRequest, 'CreditCardNumber' | 'CVV2'> => ({
    Name: card.name.trim(),
    ExpiryDate: `${card.month}${card.year.slice(2)}`,
    IsDefault: isDefault,
  });

  const finish = (change: WalletChange) => {
    busy.current = false;
    setPhase('idle');
    setCard(emptyCard());
    setIsDefault(false);
    setSubmitted(false);
    setFormId((n) => n + 1);
    setFailure(null);
    notify('success', 'notifications.cardSaved');
    onAdded(change);
  };
  const fail = (error: unknown) => {
    busy.current = false;
    setPhase('idle');
    const key = failureKey(error);
    setFailure((previous) => ({ key, id: (previous?.id ?? 0) + 1 }));
    notify('danger', key);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy.current) return;
    if (Object.keys(errors).length > 0) {
      setFocusInvalid((n) => n + 1);
      return;
    }
    busy.current = true;
    setPhase('saving');
    setFailure(null);
    const payload: AddCardRequest = { ...kept(), CreditCardNumber: card.number, CVV2: card.cvv };
    try {
      const { html } = await call(getCardToken, { params: { customerGUID: guid }, body: payload });
      if (html) setPhase({ frame: html });
      else finish(await call(addCard, { params: { customerGUID: guid }, body: payload }));
    } catch (error) {
      fail(error);
    }
  };

  const inFrame = typeof phase === 'object';
  useFrameMessage(inFrame, (data) => {
    const message = frameMessageSchema.safeParse(data);
    if (!message.success || !busy.current || phase === 'saving') return;
    setPhase('saving');
    call(addCard, { params: { customerGUID: guid }, body: { ...kept(), peachId: message.data.id } }).then(finish, fail);
  });

  if (inFrame) {
    return (
      <FrameView
        t={t}
        heading={t('wallet.add.frameHeading')}
        intro={t('wallet.add.frameIntro')}
        frameTitle={t('wallet.add.frameTitle')}
        html={phase.frame}
        sandbox="allow-forms allow-same-origin allow-scripts"
        onCancel={() => {
          busy.current = false;
          setPhase('idle');
        }}
      />
    );
  }

  return (
    <form ref={formRef} className="wallet-add-card" noValidate onSubmit={(event) => void submit(event)}>
      {failure && <FailureAlert key={failure.id} message={t(failure.key)} focus />}
      <NewCardForm
        key={formId}
        t={t}
        card={card}
        errors={errors}
        submitted={submitted}
        years={years}
        onChange={(patch) => setCard((c) => ({ ...c, ...patch }))}
      />
      <CheckboxField t={t} label={t('wallet.add.makeDefault')} checked={isDefault} onChecked={setIsDefault} />
      <p>
        <button type="submit" className="button" disabled={phase === 'saving'} aria-busy={phase === 'saving'}>
          {phase === 'saving' ? t('wallet.add.saving') : t('wallet.add.submit')}
        </button>
      </p>
    </form>
  );
}
