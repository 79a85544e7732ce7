/**
 * The checkout (spec 2 §4–5), one implementation for signup step 3 and the membership payment page: the order
 * summary, the methods of the customer's country, each method's form, the features form and the promo code;
 * then the flow of the chosen method — a direct payment, a provider redirect, the 3-D Secure step or the Peach
 * card frame — and the completion of a payment a provider sends the customer back with.
 *
 * Money safety: the server computes every amount; the browser sends one idempotency key per call of an attempt
 * (kept until the attempt ends, sent again on a retry of that call), and a second click does nothing while an
 * attempt runs. Card numbers and codes go to the token call only and are never stored in the browser.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { z } from '../../lib/zod.ts';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../i18n/use-translator.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { getCustomerDetails } from '../../lib/api/account/get-customer-details.ts';
import {
  applyPromo,
  decryptPaymentData,
  getPaymentToken,
  newIdempotencyKey,
  pay,
  payGeneric,
  updatePixelInfo,
  type PayCall,
  type TokenRoute,
} from '../../lib/api/payments/payments.ts';
import {
  CARD_TOKEN_STATUS,
  PAYMENT_CODES,
  PAYMENT_RESULT_OK,
  PaymentErrorCode,
  THIRD_PARTY_TOKEN_STATUS,
  peachMessageSchema,
  type PaymentPayload,
  type PaymentResult,
  type PromoResponse,
  type TokenPrepareRequest,
  type TokenResponse,
} from '../../lib/api/payments/contract.ts';
import {
  PAYMENT_STEP_YEARS,
  amountText,
  analyticsPlanId,
  cardDetailsRequired,
  completesPayment,
  defaultMethod,
  emptyForms,
  existingCardSchema,
  expiryYears,
  featuresRequired,
  featuresSchema,
  fieldErrors,
  formValidity,
  formsValid,
  isFlex,
  listPrice,
  moneyText,
  newCardSchema,
  paymentErrorKey,
  promoBin,
  promoErrorKey,
  promoIgnored,
  promoPaymentType,
  readReturn,
  resetOnMethodChange,
  retryWhileInFlight,
  sadadSchema,
  safeRedirectUrl,
  submitBlocked,
  userAfterPayment,
  visaCheckoutSchema,
  type CheckoutForms,
  type CheckoutMethod,
  type CheckoutOrder,
  type PaymentReturn,
  type VisaCheckoutCard,
} from '../../lib/payments/checkout-rules.ts';
import { cardDigits } from '../../lib/payments/card-type.ts';
import { planExpiryDate } from '../../lib/payments/expiry-date.ts';
import { storeOrderSummary, type OrderSummary as Summary } from '../../lib/payments/order-summary.ts';
import { forgetPlan } from '../../lib/signup/signup-steps.ts';
import { $session, setCurrentUser } from '../../lib/session/session-store.ts';
import { currentUserFrom } from '../../lib/session/from-login.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { pushEvent } from '../../lib/analytics/data-layer.ts';
import { PAYMENT_FRAME_NAME } from '../../lib/guard/guard.ts';
import { PLAN_IDS, type Plan, type PlanId } from '../../lib/reference/schemas.ts';
import { loadCheckout, type LoadedCheckout } from './load-checkout.ts';
import { keepPendingRedirect, takePendingRedirect, type PendingRedirect } from './pending-redirect.ts';
import { useSecureCookie } from './use-secure-cookie.ts';
import { useFrameMessage } from './use-frame-message.ts';
import { MethodChooser } from './MethodChooser.tsx';
import { NewCardForm } from './NewCardForm.tsx';
import { ExistingCardForm } from './ExistingCardForm.tsx';
import { PayPalForm } from './PayPalForm.tsx';
import { VisaCheckoutForm, type VisaCheckoutMessage } from './VisaCheckoutForm.tsx';
import { SadadForm } from './SadadForm.tsx';
import { FeaturesForm } from './FeaturesForm.tsx';
import { PromoField } from './PromoField.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { FrameView } from './FrameView.tsx';
import { FailureAlert } from './FailureAlert.tsx';

export interface CheckoutProps {
  lang: Lang;
  /** A signup's payment (opens the mailboxes) or an upgrade of a member's plan. */
  kind: 'signup' | 'upgrade';
  /** The plan being bought. */
  planId: PlanId;
  /** The page's next step once the payment succeeded and the summary is stored. */
  onPaid: (summary: Summary) => Promise<void> | void;
}

type Phase =
  | { name: 'idle' }
  | { name: 'working' }
  | { name: 'secure'; html: string; secureId: string; payload: PaymentPayload }
  | { name: 'peach'; html: string; payload: PaymentPayload }
  | { name: 'redirecting' }
  | { name: 'completing' }
  | { name: 'done' };

/** A translation key, or a gateway's own text shown as it came. */
type Failure = { key: string } | { text: string };

/** The message the card frame's return page posts through the route guard (spec 1 §4.1 step 5). */
const guardFrameMessageSchema = z.strictObject({ id: z.string().check(z.minLength(1)) });

const isInFlight = (error: unknown) => error instanceof ApiError && error.code === PaymentErrorCode.inFlight;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const tokenFailure = (answer: TokenResponse): Failure =>
  answer.message ? { text: answer.message } : { key: 'errors.500' };

export function Checkout({ lang, kind, planId, onPaid }: CheckoutProps) {
  const t = useTranslator(lang, 'payments', 'plans');
  const user = useStore($session);
  const isSignup = kind === 'signup';
  const [today] = useState(() => new Date());
  const [ret] = useState(() => readReturn(location.search));
  // The card frame's return page loads this page inside the frame: the route guard hands its id to the parent.
  const [inFrame] = useState(() => window.name === PAYMENT_FRAME_NAME);
  const [loaded, setLoaded] = useState<LoadedCheckout | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [order, setOrder] = useState<CheckoutOrder | null>(null);
  const [phase, setPhase] = useState<Phase>(() => (completesPayment(ret) ? { name: 'completing' } : { name: 'idle' }));
  const [failure, setFailure] = useState<{ failure: Failure; focus: boolean; id: number } | null>(null);
  const [applying, setApplying] = useState(false);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [visaBusy, setVisaBusy] = useState(false);
  /** An attempt runs: a second submit does nothing. */
  const busy = useRef(false);
  const applyingPromo = useRef(false);
  /** The idempotency keys of the running attempt, one per call. */
  const attempt = useRef<Map<string, string> | null>(null);
  const started = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<'invalid' | 'submit' | null>(null);

  // ---------------------------------------------------------------------------
  // Attempts, calls and results

  const keyFor = (call: string) => {
    const keys = (attempt.current ??= new Map());
    let key = keys.get(call);
    if (!key) {
      key = newIdempotencyKey();
      keys.set(call, key);
    }
    return key;
  };
  const endAttempt = () => {
    attempt.current = null;
    busy.current = false;
  };
  const showFailure = (f: Failure, focus = true) => {
    setFailure((previous) => ({ failure: f, focus, id: (previous?.id ?? 0) + 1 }));
    notify('danger', 'key' in f ? f.key : f.text);
  };
  /** The attempt ends with a failure: back to idle, a new key for the next one (spec 2 §4). */
  const fail = (f: Failure) => {
    showFailure(f);
    endAttempt();
    setPhase({ name: 'idle' });
  };
  const failOn = (error: unknown) => {
    if (error instanceof ApiError) {
      fail({ key: paymentErrorKey(error) });
    } else {
      console.error('Payment failed', error);
      fail({ key: 'errors.500' });
    }
  };

  const callToken = (route: TokenRoute, body: TokenPrepareRequest) =>
    retryWhileInFlight(() => getPaymentToken(user?.guid ?? '', route, body, keyFor(`token:${route}`)), isInFlight);
  const callPay = (call: PayCall, body: PaymentPayload) =>
    retryWhileInFlight(() => pay(call, body, keyFor(call)), isInFlight);
  const callGeneric = (body: PaymentPayload) =>
    retryWhileInFlight(() => payGeneric(user?.guid ?? '', body, keyFor('generic')), isInFlight);

  /** Tells Visa Checkout how its payment ended; a failure here changes nothing for the customer. */
  const sendPixel = (
    type: 'CONFIRM' | 'CANCEL',
    callId: string,
    o: { currency: string; total: number; discount: number; orderId: string; promoCode: string },
  ) => {
    updatePixelInfo(user?.guid ?? '', {
      Type: type,
      Token: callId,
      CallId: callId,
      CurrencyCode: o.currency,
      Total: amountText(o.total, o.currency),
      SubTotal: amountText(listPrice(o.total, o.discount, o.currency), o.currency),
      Discount: amountText(o.discount, o.currency),
      OrderId: o.orderId,
      PromoCode: o.promoCode,
      ShippingHandling: '0.00',
      Tax: '0.00',
    }).catch((error: unknown) => console.warn('Visa Checkout not told how the payment ended', error));
  };

  /** The session after the payment: the server's account when it answers, else what the result says. */
  const refreshSession = async (result: PaymentResult, autoRenewal: boolean) => {
    const current = $session.get();
    if (!current) return;
    try {
      const fresh = currentUserFrom(await getCustomerDetails());
      setCurrentUser({ ...fresh, ...(current.gtmClientId ? { gtmClientId: current.gtmClientId } : {}) });
    } catch (error) {
      console.warn('Account not reloaded after the payment', error);
      setCurrentUser(userAfterPayment(current, result, { isSignup, autoRenewal, today: isoDay(today) }));
    }
  };

  /**
   * Spec 2 §4 after success: summary stored, plan and Flex in the session, analytics, then the page's next step.
   * Nothing here may send the checkout back to idle: the customer has paid.
   */
  const succeed = async (result: PaymentResult, autoRenewal: boolean) => {
    setPhase({ name: 'done' });
    const summary: Summary = {
      amount: result.amount,
      currency: result.currencyCode,
      method: result.paymentMethodCode,
      orderNumber: result.orderNumber ?? '',
      planId: result.planId,
      planExpiryDate: result.planExpiryDate,
      discount: result.discount,
      additionalDuration: result.additionalDuration,
      additionalDurationType: result.additionalDurationType,
    };
    try {
      forgetPlan();
      storeOrderSummary(summary);
      await refreshSession(result, autoRenewal);
      pushEvent({
        event: 'purchase',
        planId: analyticsPlanId(result.planId),
        amount: result.amount,
        currency: result.currencyCode,
        discount: result.discount,
        orderNumber: summary.orderNumber,
        paymentMethod: result.paymentMethodCode,
      });
      await onPaid(summary);
    } catch (error) {
      console.error('After the payment', error);
    }
  };

  const handleResult = async (result: PaymentResult, autoRenewal: boolean) => {
    if (result.statusId !== PAYMENT_RESULT_OK) {
      fail(result.gatewayReturnMessage ? { text: result.gatewayReturnMessage } : { key: 'errors.500' });
      return;
    }
    await succeed(result, autoRenewal);
  };

  const finishPay = async (call: PayCall, body: PaymentPayload, visa?: VisaCheckoutCard) => {
    const result = await callPay(call, body);
    if (visa) {
      sendPixel('CONFIRM', visa.callId, {
        currency: result.currencyCode,
        total: result.amount,
        discount: result.discount,
        orderId: result.orderNumber ?? '',
        promoCode: body.promoCode ?? '',
      });
    }
    await handleResult(result, body.allowAutoRenewal ?? false);
  };

  /**
   * A provider sent the customer back (spec 2 §2): the call that completes that payment, with the auto-renewal
   * the customer asked for before leaving; null when the parameters complete nothing.
   */
  const sendReturn = (r: PaymentReturn, pending: PendingRedirect | null) => {
    const common = {
      planId: r.planId ?? planId,
      promoCode: r.promoCode,
      allowAutoRenewal: pending?.planId === (r.planId ?? planId) && pending.renew,
      isSignup,
    } satisfies PaymentPayload;
    switch (r.kind) {
      case 'paypal':
        return callPay('payUsingNewThirdParty', {
          ...common,
          saveCard: r.save,
          thirdPartyData: { payerId: r.payerId, token: r.token, typeId: 5 },
        });
      case 'paypalFree':
        return callPay('payUsingNewThirdParty', {
          ...common,
          saveCard: true,
          thirdPartyData: { payerId: '', token: r.token, typeId: 5 },
        });
      case 'sadad':
        return callGeneric({ ...common, paymentMethodCode: PAYMENT_CODES.sadad, estn: r.estn });
      case 'knet':
        return callGeneric({ ...common, paymentMethodCode: PAYMENT_CODES.knet, paymentId: r.paymentId });
      default:
        return null;
    }
  };

  // ---------------------------------------------------------------------------
  // Loading, returns, frames

  const expiryFor = (plan: Plan, promo: PromoResponse | null) => {
    const current = user?.membershipPlan;
    const currentExpiry =
      !isSignup && current && current.id !== PLAN_IDS.basic && current.expiryDate
        ? current.expiryDate.slice(0, 10)
        : null;
    return planExpiryDate({
      currentExpiry,
      today: isoDay(today),
      duration: plan.duration,
      additionalDuration: 0,
      promo: promo
        ? { amount: promo.subscriptionAdditionalDuration, type: promo.subscriptionAdditionalDurationType }
        : null,
    });
  };

  useEffect(() => {
    if (!user || inFrame || started.current) return;
    started.current = true;
    loadCheckout(user, planId, today)
      .then((found) => {
        if (!found) throw new Error(`Plan ${planId} or its payment methods are not offered`);
        setLoaded(found);
        setOrder({
          method: defaultMethod(found.options, found.savedCards, user.countryCode),
          promo: null,
          promoCode: '',
          amount: found.plan.amount,
          submitted: false,
          expiryDate: expiryFor(found.plan, null),
          forms: emptyForms(found.savedCards, found.accounts),
        });
      })
      .catch((error: unknown) => {
        console.error('Checkout not loaded', error);
        setLoadFailed(true);
        // A payment a provider sent back still completes; only then would the missing form matter.
        if (!completesPayment(ret)) showFailure({ key: 'errors.500' }, false);
      });
    const pending = takePendingRedirect();
    const returning = sendReturn(ret, pending);
    if (returning) {
      busy.current = true;
      notify('info', 'notifications.wait');
      // Once answered, a reload must not send it again (the server would refuse a second charge anyway).
      const forget = () => history.replaceState(history.state, '', `${location.pathname}?id=${ret.planId ?? planId}`);
      const autoRenewal = pending?.planId === (ret.planId ?? planId) && pending.renew;
      returning.then(
        (result) => {
          forget();
          return handleResult(result, autoRenewal);
        },
        (error: unknown) => {
          forget();
          failOn(error);
        },
      );
    } else if (pending) {
      notify('info', 'checkout.cancelled');
    }
    // Once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back from a provider page through the browser's cache: the attempt that redirected is over.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !busy.current) return;
      endAttempt();
      setPhase({ name: 'idle' });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'submit') submitRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  // 3-D Secure: once the secure key is there, the payment proceeds as CC02 (spec 2 §4).
  useSecureCookie(phase.name === 'secure' ? phase.secureId : null, (response) => {
    if (phase.name !== 'secure') return;
    const { payload, secureId } = phase;
    setPhase({ name: 'working' });
    finishPay('payUsingNewCard', {
      ...payload,
      paymentMethodCode: PAYMENT_CODES.secureCard,
      digitSecureId: secureId,
      digitSecureResponse: response,
    }).catch(failOn);
  });

  // Peach: the card frame posts the checkout id once the card is accepted.
  useFrameMessage(phase.name === 'peach', (data) => {
    if (phase.name !== 'peach') return;
    const id = peachMessageSchema.safeParse(data).data?.id ?? guardFrameMessageSchema.safeParse(data).data?.id;
    if (!id) return;
    const { payload } = phase;
    setPhase({ name: 'working' });
    finishPay('payUsingPeach', { ...payload, id }).catch(failOn);
  });

  const cancelFrame = () => {
    endAttempt();
    setPhase({ name: 'idle' });
    pendingFocus.current = 'submit';
  };

  // ---------------------------------------------------------------------------
  // Rendering

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
          onCancel={cancelFrame}
        />
      </div>
    );
  }

  // Keyed by failure, so a second failure with the same text is announced and focused again.
  const alert = failure && (
    <FailureAlert
      key={failure.id}
      message={'key' in failure.failure ? t(failure.failure.key) : failure.failure.text}
      focus={failure.focus}
    />
  );
  const finishing = phase.name === 'completing' || phase.name === 'done';
  if (finishing || loadFailed || !loaded || !order) {
    return (
      <div className="checkout">
        {alert}
        {finishing && (
          <p className="checkout-status" role="status">
            {t(phase.name === 'done' ? 'checkout.paid' : 'checkout.completing')}
          </p>
        )}
        {!finishing && !loadFailed && (
          <p className="checkout-status" role="status">
            {t('common.loading')}
          </p>
        )}
      </div>
    );
  }

  const { plan, savedCards, accounts, methods } = loaded;
  const { method, forms } = order;
  const currency = plan.currencyCode;
  const savedCard = savedCards.find((c) => String(c.id) === forms.existingCard.cardId) ?? null;
  const showRenew = isFlex(plan.planId);
  const renewMandated = showRenew && plan.mandateAutoRenew;
  const showSave =
    method === 'newCard' ||
    method === 'peach' ||
    method === 'visaCheckout' ||
    (method === 'payPal' && forms.payPal.accountId === '');
  const validity = formValidity(forms, { today, savedCards, mandateAutoRenew: renewMandated });
  const need = {
    cardDetails: cardDetailsRequired({
      amountAfterDiscount: order.amount,
      autoPayMandatory: false,
      saveCard: showSave && forms.features.saveCard,
      savingMandatory: false,
    }),
    features: method ? featuresRequired(method, { autoPayMandatory: false, amount: order.amount }) : false,
  };
  const valid = method !== null && formsValid(method, validity, need);
  const inProgress = phase.name !== 'idle';
  const blocked = submitBlocked({
    inProgress,
    formsValid: valid,
    mandateAutoRenew: renewMandated,
    renew: forms.features.renew,
  });
  const blockedHint = inProgress
    ? null
    : renewMandated && !forms.features.renew
      ? 'checkout.blocked.renew'
      : !valid
        ? 'checkout.blocked.forms'
        : null;

  const patch =
    <K extends keyof CheckoutForms>(form: K) =>
    (value: Partial<CheckoutForms[K]>) =>
      setOrder((o) => o && { ...o, forms: { ...o.forms, [form]: { ...o.forms[form], ...value } } });

  const onMethod = (next: CheckoutMethod) => {
    setOrder(
      resetOnMethodChange(order, next, {
        amount: plan.amount,
        expiryDate: expiryFor(plan, null),
        savedCards,
        accounts,
      }),
    );
    setFailure(null);
    setPromoError(null);
  };

  // Promo codes (spec 2 §5)
  const onPromoCode = (code: string) => {
    setPromoError(null);
    setOrder((o) =>
      o && o.promo
        ? { ...o, promoCode: code, promo: null, amount: plan.amount, expiryDate: expiryFor(plan, null) }
        : o && { ...o, promoCode: code },
    );
  };
  const applyCode = async () => {
    if (!method || promoIgnored(applyingPromo.current, order.promo !== null, order.promoCode)) return;
    applyingPromo.current = true;
    setApplying(true);
    setPromoError(null);
    try {
      const promo = await applyPromo({
        code: order.promoCode.trim(),
        cardBIN: promoBin(method, forms.newCard.number, savedCard),
        contryCode: user.countryCode,
        paymentType: promoPaymentType(method, savedCard),
        planId: plan.planId,
        isEncrypted: false,
      });
      setOrder((o) => o && { ...o, promo, amount: promo.amountAfterDiscount, expiryDate: expiryFor(plan, promo) });
      notify('success', 'signup.payment.promonotification');
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Promo code not applied', error);
      const key = promoErrorKey(error instanceof ApiError ? error.code : undefined);
      setPromoError(key);
      notify('danger', key);
    } finally {
      applyingPromo.current = false;
      setApplying(false);
    }
  };

  // Visa Checkout: the lightbox's card is decrypted and verified before it can pay.
  const onVisaChosen = async (message: VisaCheckoutMessage) => {
    setVisaBusy(true);
    setFailure(null);
    try {
      const card = await decryptPaymentData(user.guid, message.encKey, message.encPaymentData);
      if (card.status !== 'VERIFIED') throw new Error(`Visa Checkout card ${card.status}`);
      patch('visaCheckout')({
        cvv2: '',
        card: {
          callId: message.callid,
          encryptKey: message.encKey,
          paymentData: message.encPaymentData,
          name: card.name,
          number: card.number,
          expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear,
        },
      });
    } catch (error) {
      console.warn('Visa Checkout card not read', error);
      showFailure({ key: 'errors.500' });
    } finally {
      setVisaBusy(false);
    }
  };
  const onVisaCancelled = (callId: string | null) => {
    if (!callId) return;
    sendPixel('CANCEL', callId, {
      currency,
      total: order.amount,
      discount: order.promo?.discount ?? 0,
      orderId: '',
      promoCode: order.promo?.promoCode ?? '',
    });
  };

  // Submit (spec 2 §4): the chosen method's flow.
  const base = (): PaymentPayload => ({
    planId: plan.planId,
    promoCode: order.promo?.promoCode ?? '',
    allowAutoRenewal: showRenew && forms.features.renew,
    saveCard: showSave && forms.features.saveCard,
    isSignup,
  });
  const prepare = (extra: Partial<TokenPrepareRequest> = {}): TokenPrepareRequest => ({
    promoCode: order.promo?.promoCode ?? '',
    url: location.origin + location.pathname,
    langCode: lang,
    planId: plan.planId,
    isMembershipUpgrade: !isSignup,
    saveCard: showSave && forms.features.saveCard,
    ...extra,
  });
  const redirect = (answer: TokenResponse) => {
    const target = safeRedirectUrl(answer.redirectUrl, location.href);
    if (!target) {
      fail(tokenFailure(answer));
      return;
    }
    keepPendingRedirect({ planId: plan.planId, renew: base().allowAutoRenewal ?? false });
    notify('info', 'notifications.waitRedirection');
    setPhase({ name: 'redirecting' });
    location.assign(target);
  };

  const payNewCard = async () => {
    const card = forms.newCard;
    const answer = await callToken(
      'card',
      prepare(
        need.cardDetails
          ? {
              optionalKey1: card.name.trim(),
              optionalKey2: cardDigits(card.number),
              optionalKey3: card.cvv,
              optionalKey4: card.month,
              optionalKey5: card.year,
            }
          : {},
      ),
    );
    const payload = { ...base(), id: answer.token ?? '' };
    if (answer.status === CARD_TOKEN_STATUS.success || answer.status === CARD_TOKEN_STATUS.free) {
      await finishPay('payUsingNewCard', payload);
    } else if (answer.status === CARD_TOKEN_STATUS.secure && answer.html && answer.secureId) {
      setPhase({ name: 'secure', html: answer.html, secureId: answer.secureId, payload });
    } else {
      fail(tokenFailure(answer));
    }
  };

  const payPeach = async () => {
    const answer = await callToken('peach', prepare());
    if (answer.status === CARD_TOKEN_STATUS.error) {
      fail({ key: 'errors.500' });
    } else if (answer.html) {
      setPhase({ name: 'peach', html: answer.html, payload: base() });
    } else if (answer.token) {
      await finishPay('payUsingPeach', { ...base(), id: answer.token });
    } else {
      fail(tokenFailure(answer));
    }
  };

  const payPayPal = async () => {
    if (forms.payPal.accountId) {
      await finishPay('payUsingExistingThirdParty', { ...base(), id: forms.payPal.accountId });
      return;
    }
    const answer = await callToken('paypal', prepare());
    if (answer.status === THIRD_PARTY_TOKEN_STATUS.redirect) redirect(answer);
    else if (answer.status === THIRD_PARTY_TOKEN_STATUS.free) await finishPay('payUsingNewThirdParty', base());
    else fail(tokenFailure(answer));
  };

  const payByRedirect = async (route: 'sadad' | 'knet', extra: Partial<TokenPrepareRequest>) => {
    const answer = await callToken(route, prepare(extra));
    if (answer.status === THIRD_PARTY_TOKEN_STATUS.redirect) redirect(answer);
    else fail(tokenFailure(answer));
  };

  const payVisaCheckout = async () => {
    const { card, cvv2 } = forms.visaCheckout;
    if (!card) {
      fail({ key: 'errors.500' });
      return;
    }
    await finishPay(
      'payUsingVisaCheckout',
      { ...base(), visaCheckoutData: { cvv2, encryptKey: card.encryptKey, paymentData: card.paymentData } },
      card,
    );
  };

  const run = (m: CheckoutMethod): Promise<void> => {
    switch (m) {
      case 'newCard':
        return payNewCard();
      case 'peach':
        return payPeach();
      case 'existingCard':
        return finishPay('payUsingExistingCard', {
          ...base(),
          id: forms.existingCard.cardId,
          cardData: { cvv2: forms.existingCard.cvv2 },
        });
      case 'payPal':
        return payPayPal();
      case 'visaCheckout':
        return payVisaCheckout();
      case 'sadad':
        return payByRedirect('sadad', { optionalKey1: forms.sadad.accountId.trim() });
      case 'knet':
        return payByRedirect('knet', {});
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current || !method) return;
    if (blocked) {
      setOrder({ ...order, submitted: true });
      setFailure((previous) => ({ failure: { key: 'errors.validation' }, focus: false, id: (previous?.id ?? 0) + 1 }));
      pendingFocus.current = 'invalid';
      return;
    }
    busy.current = true;
    setFailure(null);
    setPhase({ name: 'working' });
    run(method).catch(failOn);
  };

  const panel = () => {
    switch (method) {
      case 'newCard':
        return (
          <NewCardForm
            t={t}
            card={forms.newCard}
            errors={need.cardDetails ? fieldErrors(newCardSchema(today), forms.newCard) : {}}
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
            submitted={order.submitted}
            onChange={patch('existingCard')}
          />
        );
      case 'payPal':
        return <PayPalForm t={t} accounts={accounts} form={forms.payPal} onChange={patch('payPal')} />;
      case 'visaCheckout':
        return (
          <VisaCheckoutForm
            t={t}
            config={loaded.visaConfig}
            amount={order.amount}
            currency={currency}
            form={forms.visaCheckout}
            errors={fieldErrors(visaCheckoutSchema, forms.visaCheckout)}
            submitted={order.submitted}
            busy={visaBusy}
            onChange={patch('visaCheckout')}
            onChosen={(message) => void onVisaChosen(message)}
            onCancelled={onVisaCancelled}
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
        <MethodChooser t={t} methods={methods} method={method} disabled={inProgress} onChange={onMethod} />
        <div className="checkout-panel" key={method}>
          {panel()}
        </div>
        <FeaturesForm
          key={`features-${method}`}
          t={t}
          form={forms.features}
          errors={fieldErrors(featuresSchema(renewMandated), forms.features)}
          submitted={order.submitted}
          showRenew={showRenew}
          renewMandated={renewMandated}
          showSave={showSave}
          onChange={patch('features')}
        />
        <PromoField
          t={t}
          code={order.promoCode}
          applying={applying}
          applied={order.promo !== null}
          error={promoError}
          disabled={inProgress}
          onCode={onPromoCode}
          onApply={() => void applyCode()}
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
                ? t('checkout.pay', { amount: moneyText(order.amount, currency) })
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
  );
}
