/**
 * The checkout (spec 2 §4–5), one implementation for signup step 3 and the membership payment page: the order
 * summary, the methods of the customer's country, each method's form, the features form and the promo code, and
 * the provider frames (3-D Secure, the Peach card frame) in place of the page. The flow — attempts and their
 * idempotency keys, each method's steps, the completion of a payment a provider sends the customer back with —
 * is the store of src/lib/payments/checkout-store.ts; this renders it and dispatches its actions.
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../../i18n/languages.ts';
import { useTranslator } from '../i18n/use-translator.ts';
import {
  PAYMENT_STEP_YEARS,
  existingCardSchema,
  expiryYears,
  featuresSchema,
  fieldErrors,
  frameMessageId,
  newCardSchema,
  readReturn,
  sadadSchema,
  visaCheckoutSchema,
  type CheckoutForms,
} from '../../../lib/payments/checkout-rules.ts';
import { createCheckout } from '../../../lib/payments/checkout-store.ts';
import { formatMoney } from '../../../lib/payments/money-format.ts';
import { isolate } from '../../../lib/widgets/format.ts';
import type { OrderSummary as Summary } from '../../../lib/payments/order-summary.ts';
import { $session } from '../../../lib/session/session-store.ts';
import { notify } from '../../../lib/notifications/notifications.ts';
import { PAYMENT_FRAME_NAME } from '../../../lib/guard/guard.ts';
import type { PlanId } from '../../../lib/reference/schemas.ts';
import { LoadStatus } from '../LoadStatus.tsx';
import { browserCheckoutDeps } from './browser-deps.ts';
import { useSecureCookie } from './use-secure-cookie.ts';
import { useFrameMessage } from './use-frame-message.ts';
import { MethodChooser } from './MethodChooser.tsx';
import { NewCardForm } from './NewCardForm.tsx';
import { ExistingCardForm } from './ExistingCardForm.tsx';
import { PayPalForm } from './PayPalForm.tsx';
import { SadadForm } from './SadadForm.tsx';
import { FeaturesForm } from './FeaturesForm.tsx';
import { PromoField } from './PromoField.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { FrameView } from './FrameView.tsx';
import { FailureAlert } from './FailureAlert.tsx';

// Visa Checkout's form, with the provider's button and its messages, loads when that method is chosen.
const VisaCheckoutForm = lazy(() => import('./VisaCheckoutForm.tsx').then((m) => ({ default: m.VisaCheckoutForm })));

export interface CheckoutProps {
  lang: Lang;
  /** A signup's payment (opens the mailboxes) or an upgrade of a member's plan. */
  kind: 'signup' | 'upgrade';
  /** The plan being bought. */
  planId: PlanId;
  /** The page's next step once the payment succeeded and the summary is stored (read once, like the others). */
  onPaid: (summary: Summary) => Promise<void> | void;
  /**
   * What the page shows under the checkout (a link back). It comes with the form, not before it, so that it doesn't
   * move down as the form fills in (layout shift).
   */
  footer?: ReactNode;
}

export function Checkout({ lang, kind, planId, onPaid, footer }: CheckoutProps) {
  const t = useTranslator(lang, 'payments', 'plans', 'gateway');
  const user = useStore($session);
  // The card frame's return page loads this page inside the frame: the route guard hands its id to the parent.
  const [inFrame] = useState(() => window.name === PAYMENT_FRAME_NAME);
  // One checkout per page: its props, like the page's address, are read once.
  const [checkout] = useState(() =>
    createCheckout({ lang, kind, planId, ret: readReturn(location.search), inFrame }, browserCheckoutDeps(onPaid)),
  );
  const load = useStore(checkout.$load);
  const order = useStore(checkout.$order);
  const checks = useStore(checkout.$checks);
  const phase = useStore(checkout.$phase);
  const failure = useStore(checkout.$failure);
  const promo = useStore(checkout.$promo);
  const visaBusy = useStore(checkout.$visaBusy);
  const { today } = checkout;
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<'invalid' | 'submit' | null>(null);

  // Once per page: a payment a provider sent the customer back with completes (the store runs it once).
  useEffect(() => {
    void checkout.completeReturn();
  }, [checkout]);

  // Back from a provider page through the browser's cache: the attempt that redirected is over.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) checkout.pageRestored();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [checkout]);

  // A load failure is told once (spec 2 §8: errors.500), unless a payment a provider sent back is completing.
  const loadFailure = load.status === 'failed' ? (load.error ?? 'not offered') : null;
  useEffect(() => {
    if (!loadFailure) return;
    console.error('Checkout not loaded', loadFailure);
    const { name } = checkout.$phase.get();
    if (name !== 'completing' && name !== 'done') notify('danger', 'errors.500');
  }, [checkout, loadFailure]);

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'submit') submitRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  // 3-D Secure: once the secure key is there, the payment proceeds.
  useSecureCookie(phase.name === 'secure' ? phase.secureId : null, (response) => {
    void checkout.secureFrameDone(response);
  });

  // Peach: the card frame posts the checkout id once the card is accepted.
  useFrameMessage(phase.name === 'peach', (data) => {
    const id = frameMessageId(data);
    if (id) void checkout.peachFrameDone(id);
  });

  if (!user || inFrame) return null;

  if (phase.name === 'secure' || phase.name === 'peach') {
    const secure = phase.name === 'secure';
    return (
      <div className="checkout">
        <FrameView
          t={t}
          heading={t(secure ? 'checkout.secure.heading' : 'checkout.peach.heading')}
          intro={t(secure ? 'checkout.secure.intro' : 'checkout.peach.intro')}
          frameTitle={t(secure ? 'checkout.secure.frameTitle' : 'checkout.peach.frameTitle')}
          html={phase.html}
          sandbox={secure ? 'allow-forms allow-same-origin' : 'allow-forms allow-same-origin allow-scripts'}
          name={secure ? undefined : PAYMENT_FRAME_NAME}
          onCancel={() => {
            checkout.cancel();
            pendingFocus.current = 'submit';
          }}
        />
      </div>
    );
  }

  // Keyed by failure, so a second failure with the same text is announced and focused again.
  const alert = failure && <FailureAlert key={failure.id} message={t(failure.failure.key)} focus={failure.focus} />;
  const finishing = phase.name === 'completing' || phase.name === 'done';
  if (finishing || load.status !== 'ready' || !order || !checks) {
    return (
      <div className="checkout">
        {alert}
        {finishing ? (
          <p className="checkout-status" role="status">
            {t(phase.name === 'done' ? 'checkout.paid' : 'checkout.completing')}
          </p>
        ) : load.status === 'failed' ? (
          <LoadStatus
            t={t}
            loading={false}
            error="errors.500"
            onRetry={load.error ? () => checkout.retryLoad() : undefined}
          />
        ) : (
          <p className="checkout-status" role="status">
            {t('common.loading')}
          </p>
        )}
      </div>
    );
  }

  const { plan, savedCards, accounts, methods, visaConfig } = load.loaded;
  const { method, forms } = order;
  const currency = plan.currencyCode;
  const { inProgress, blocked, blockedHint } = checks;
  const patch =
    <K extends keyof CheckoutForms>(form: K) =>
    (value: Partial<CheckoutForms[K]>) =>
      checkout.changeForm(form, value);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checkout.submit() === 'blocked') pendingFocus.current = 'invalid';
  };

  const panel = () => {
    switch (method) {
      case 'newCard':
        return (
          <NewCardForm
            t={t}
            card={forms.newCard}
            errors={checks.need.cardDetails ? fieldErrors(newCardSchema(today), forms.newCard) : {}}
            submitted={order.submitted}
            years={expiryYears(PAYMENT_STEP_YEARS, today)}
            onChange={patch('newCard')}
          />
        );
      case 'peach':
        return <p className="checkout-note">{t('checkout.peach.note')}</p>;
      case 'existingCard':
        return (
          <ExistingCardForm
            t={t}
            cards={savedCards}
            form={forms.existingCard}
            errors={fieldErrors(existingCardSchema(savedCards), forms.existingCard)}
            onChange={patch('existingCard')}
          />
        );
      case 'payPal':
        return <PayPalForm t={t} accounts={accounts} form={forms.payPal} onChange={patch('payPal')} />;
      case 'visaCheckout':
        return (
          <VisaCheckoutForm
            t={t}
            config={visaConfig}
            amount={order.amount}
            currency={currency}
            form={forms.visaCheckout}
            errors={fieldErrors(visaCheckoutSchema, forms.visaCheckout)}
            submitted={order.submitted}
            busy={visaBusy}
            onChange={patch('visaCheckout')}
            onChosen={(message) => void checkout.visaCheckoutChosen(message)}
            onCancelled={(callId) => checkout.visaCheckoutCancelled(callId)}
          />
        );
      case 'sadad':
        return (
          <SadadForm
            t={t}
            form={forms.sadad}
            errors={fieldErrors(sadadSchema, forms.sadad)}
            submitted={order.submitted}
            onChange={patch('sadad')}
          />
        );
      case 'knet':
        return <p className="checkout-note">{t('checkout.knet.note')}</p>;
      case null:
        return null;
    }
  };

  const hintId = 'checkout-submit-hint';
  return (
    <>
      <div className="checkout">
        {alert}
        <form ref={formRef} className="checkout-form" noValidate onSubmit={onSubmit}>
          <OrderSummary
            t={t}
            lang={lang}
            plan={plan}
            promo={order.promo}
            amount={order.amount}
            expiryDate={order.expiryDate}
          />
          <MethodChooser
            t={t}
            methods={methods}
            method={method}
            disabled={inProgress}
            onChange={(next) => checkout.chooseMethod(next)}
          />
          <div className="checkout-panel" key={method}>
            <Suspense fallback={null}>{panel()}</Suspense>
          </div>
          <FeaturesForm
            key={`features-${method}`}
            t={t}
            form={forms.features}
            errors={fieldErrors(featuresSchema(checks.renewMandated, checks.autoPayMandated), forms.features)}
            submitted={order.submitted}
            showRenew={checks.showRenew}
            renewMandated={checks.renewMandated}
            showSave={checks.showSave}
            saveMandated={checks.saveMandated}
            showAutoPay={checks.showAutoPay}
            autoPayMandated={checks.autoPayMandated}
            onChange={patch('features')}
          />
          <PromoField
            t={t}
            code={order.promoCode}
            applying={promo.applying}
            applied={order.promo !== null}
            error={promo.error}
            disabled={inProgress}
            onCode={(code) => checkout.typePromoCode(code)}
            onApply={() => void checkout.applyPromo()}
          />
          <div className="checkout-submit">
            <button
              ref={submitRef}
              type="submit"
              className="button checkout-pay"
              disabled={inProgress}
              aria-disabled={!inProgress && blocked ? true : undefined}
              aria-busy={inProgress}
              aria-describedby={blockedHint ? hintId : undefined}
            >
              {inProgress
                ? t('checkout.paying')
                : order.amount > 0
                  ? t('checkout.pay', { amount: isolate(formatMoney(order.amount, currency, lang)) })
                  : t('checkout.confirm')}
            </button>
            {blockedHint && (
              <p className="field-hint" id={hintId}>
                {t(blockedHint)}
              </p>
            )}
          </div>
        </form>
      </div>
      {footer}
    </>
  );
}
