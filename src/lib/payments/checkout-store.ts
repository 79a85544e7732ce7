/**
 * The checkout's flow (spec 2 §4–5) as a store, for signup step 3 and the membership payment page: the order
 * (method, forms, promo code), then the chosen method's steps — a direct payment, a provider redirect, the 3-D
 * Secure step or the Peach card frame — and the completion of a payment a provider sends the customer back with.
 * The island renders its stores and calls its actions; the rules are ./checkout-rules.ts, the loads
 * ./checkout-load.ts. Side effects outside the API (navigation, the session, notifications, analytics, storage)
 * are given to it, so unit tests drive it without a browser.
 *
 * Money safety: the server computes every amount; one idempotency key per call of an attempt (kept until the
 * attempt ends, sent again on a retry of that call), and a second submit does nothing while an attempt runs. Card
 * numbers and codes go to the token call only and are never stored.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { z } from '../zod.ts';
import type { Lang } from '../../i18n/languages.ts';
import { ApiError } from '../api/errors.ts';
import { call } from '../api/call.ts';
import { getCustomerDetails } from '../api/session/contract.ts';
import { setAutoPayOptions } from '../api/wallet/contract.ts';
import { newIdempotencyKey, withIdempotencyKey } from '../api/payments/payments.ts';
import {
  applyPromo as applyPromoCall,
  decryptPaymentData,
  getCardPaymentToken,
  getKnetToken,
  getPayPalToken,
  getPeachToken,
  getSadadToken,
  paySubscription,
  payUsingExistingCard,
  payUsingExistingThirdParty,
  payUsingNewCard,
  payUsingNewThirdParty,
  payUsingPeach,
  payUsingVisaCheckout,
  updatePixelInfo,
  CARD_TOKEN_STATUS,
  PAYMENT_CODES,
  PAYMENT_RESULT_OK,
  PaymentErrorCode,
  THIRD_PARTY_TOKEN_STATUS,
  type PaymentPayload,
  type PaymentResult,
  type PaymentTokenCall,
  type PromoResponse,
  type SubscriptionPayCall,
  type TokenPrepareRequest,
  type TokenResponse,
  type visaCheckoutMessageSchema,
} from '../api/payments/contract.ts';
import type { AnalyticsEvent } from '../analytics/data-layer.ts';
import type { NotificationType } from '../notifications/notifications.ts';
import type { Plan, PlanId } from '../reference/schemas.ts';
import type { CurrentUser } from '../session/current-user.ts';
import { currentUserFrom } from '../session/from-login.ts';
import { cardDigits } from './card-type.ts';
import { gatewayMessageKey } from './gateway-messages.ts';
import { checkoutLoad, type CheckoutCustomer, type CheckoutLoad, type LoadedCheckout } from './checkout-load.ts';
import {
  amountText,
  analyticsPlanId,
  blockedHintKey,
  completesPayment,
  defaultMethod,
  emptyForms,
  listPrice,
  orderChecks,
  orderExpiryDate,
  paymentErrorKey,
  promoBin,
  promoErrorKey,
  promoIgnored,
  promoPaymentType,
  resetOnMethodChange,
  retryWhileInFlight,
  safeRedirectUrl,
  submitBlocked,
  userAfterPayment,
  type CheckoutForms,
  type CheckoutMethod,
  type CheckoutOrder,
  type OrderChecks,
  type PaymentReturn,
  type VisaCheckoutCard,
} from './checkout-rules.ts';
import type { OrderSummary } from './order-summary.ts';
import type { PendingRedirect } from './pending-redirect.ts';

export type CheckoutPhase =
  | { name: 'idle' }
  | { name: 'working' }
  | { name: 'secure'; html: string; secureId: string }
  | { name: 'peach'; html: string }
  | { name: 'redirecting' }
  | { name: 'completing' }
  | { name: 'done' };

/** A translation key (a provider's refusal is shown by its code's key, in the customer's language). */
export interface Failure {
  key: string;
}

/** The failure shown; `id` changes with each, so the same text is announced again. */
export interface ShownFailure {
  failure: Failure;
  /** Take the focus (a failed payment), not when a field will (a form problem). */
  focus: boolean;
  id: number;
}

export interface PromoState {
  applying: boolean;
  /** Translation key of the last refusal. */
  error: string | null;
}

/** The order's checks (./checkout-rules.ts `orderChecks`) and the submit's state. */
export interface CheckoutChecks extends OrderChecks {
  /** An attempt runs, or the checkout is completing or done: the form is locked. */
  inProgress: boolean;
  blocked: boolean;
  /** Translation key of why the submit is blocked, under it. */
  blockedHint: string | null;
}

/** What the Visa Checkout lightbox posts once the customer chose a card. */
export type VisaCheckoutMessage = z.infer<typeof visaCheckoutMessageSchema>;

export interface CheckoutOptions {
  lang: Lang;
  /** A signup's payment (opens the mailboxes) or an upgrade of a member's plan. */
  kind: 'signup' | 'upgrade';
  /** The plan being bought. */
  planId: PlanId;
  /** What the payment page's query says a provider sent back (`readReturn`). */
  ret: PaymentReturn;
  /** The page is the card frame's return page, inside the frame: it loads and pays nothing. */
  inFrame?: boolean;
  today?: Date;
  /** Milliseconds between the retries of a call whose key is still in flight (409); 500 by default. */
  inFlightDelayMs?: number;
}

/** What the checkout does outside the API. */
export interface CheckoutDeps {
  /** The logged-in customer (the session). */
  $user: ReadableAtom<CurrentUser | null>;
  /** Puts the customer's account after the payment in the session. */
  setUser: (user: CurrentUser) => void;
  /** The payment page's address: where providers send the customer back to. */
  page: { href: string; origin: string; pathname: string };
  /** Sends the browser to a provider's page (`location.assign`). */
  navigate: (url: string) => void;
  /** Replaces the page's address without loading it (`history.replaceState`). */
  replaceUrl: (url: string) => void;
  notify: (type: NotificationType, key: string) => void;
  pushEvent: (event: AnalyticsEvent) => void;
  /** Keeps the order summary for the confirmation pages. */
  storeOrderSummary: (summary: OrderSummary) => void;
  /** Forgets the plan the signup remembered. */
  forgetPlan: () => void;
  /** The auto-renewal asked for before a provider's page, kept for the tab until the customer is back. */
  keepPendingRedirect: (pending: PendingRedirect) => void;
  takePendingRedirect: () => PendingRedirect | null;
  /** The page's next step once the payment succeeded and the summary is stored. */
  onPaid: (summary: OrderSummary) => Promise<void> | void;
}

/** What a submit did: nothing while an attempt runs, marked the forms when blocked, or started the method. */
export type SubmitOutcome = 'ignored' | 'blocked' | 'started';

const isInFlight = (error: unknown) => error instanceof ApiError && error.code === PaymentErrorCode.inFlight;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** A token call that answered no way on: the provider's reason when it gave one, else errors.500. */
const tokenFailure = (answer: TokenResponse): Failure => ({ key: gatewayMessageKey(answer.gatewayReturnCode) });
const NO_PROMO_STATE: PromoState = { applying: false, error: null };

function summaryOf(result: PaymentResult): OrderSummary {
  return {
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
}

/** What the customer chose that outlives the payment call: auto-renewal, and a signup's AutoPay. */
interface Chosen {
  autoRenewal: boolean;
  autoPay: boolean;
}

/** Everything an action needs once the checkout has loaded. */
interface Ready {
  user: CurrentUser;
  loaded: LoadedCheckout;
  order: CheckoutOrder;
  checks: CheckoutChecks;
}

export type CheckoutStore = ReturnType<typeof createCheckout>;

export function createCheckout(options: CheckoutOptions, deps: CheckoutDeps) {
  const { lang, kind, planId, ret } = options;
  const isSignup = kind === 'signup';
  const inFrame = options.inFrame ?? false;
  const today = options.today ?? new Date();

  const $customer = computed(deps.$user, (u): CheckoutCustomer | null =>
    u && !inFrame ? { guid: u.guid, countryCode: u.countryCode } : null,
  );
  const { $load, retry: retryLoad } = checkoutLoad($customer, planId, today);

  const $phase = atom<CheckoutPhase>(completesPayment(ret) ? { name: 'completing' } : { name: 'idle' });
  const $failure = atom<ShownFailure | null>(null);
  const $promo = atom<PromoState>(NO_PROMO_STATE);
  /** Visa Checkout's chosen card is being decrypted. */
  const $visaBusy = atom(false);
  /** The order as the customer changed it; until then, the one the load starts with. */
  const $edited = atom<CheckoutOrder | null>(null);

  const expiryFor = (plan: Plan, promo: PromoResponse | null, user: CurrentUser | null) =>
    orderExpiryDate(plan, promo, { current: user?.membershipPlan ?? null, isSignup, today });

  const $order = computed([$load, $edited, deps.$user], (load, edited, user): CheckoutOrder | null => {
    if (edited) return edited;
    if (load.status !== 'ready' || !user) return null;
    const { plan, options: offered, savedCards, accounts } = load.loaded;
    return {
      method: defaultMethod(offered, savedCards, user.countryCode),
      promo: null,
      promoCode: '',
      amount: plan.amount,
      submitted: false,
      expiryDate: expiryFor(plan, null, user),
      forms: emptyForms(savedCards, accounts),
    };
  });

  const $checks = computed([$load, $order, $phase], (load, order, phase): CheckoutChecks | null => {
    if (load.status !== 'ready' || !order) return null;
    const { plan, savedCards, autoPay } = load.loaded;
    const checks = orderChecks(order, {
      plan,
      savedCards,
      today,
      autoPayMandatory: autoPay.mandatory,
      savingMandatory: autoPay.savingMandatory,
      // A new signup chooses how its deliveries are paid; members do that in the wallet.
      autoPayOffered: isSignup && autoPay.offered,
    });
    const state = {
      inProgress: phase.name !== 'idle',
      formsValid: checks.valid,
      mandateAutoRenew: checks.renewMandated,
      renew: order.forms.features.renew,
    };
    return {
      ...checks,
      inProgress: state.inProgress,
      blocked: submitBlocked(state),
      blockedHint: blockedHintKey(state),
    };
  });

  const ready = (): Ready | null => {
    const user = deps.$user.get();
    const load = $load.get();
    const order = $order.get();
    const checks = $checks.get();
    return user && load.status === 'ready' && order && checks ? { user, loaded: load.loaded, order, checks } : null;
  };
  const edit = (change: (order: CheckoutOrder) => CheckoutOrder) => {
    const order = $order.get();
    if (order) $edited.set(change(order));
  };

  // ---------------------------------------------------------------------------
  // Attempts, calls and results

  /** An attempt runs (or has paid): a second submit does nothing. */
  let busy = false;
  /** The idempotency keys of the running attempt, one per call, named by the call's path. */
  let attempt: Map<string, string> | null = null;
  /** What the 3-D Secure step or the Peach frame pays with once it is done. */
  let framePayload: PaymentPayload | null = null;

  const keyFor = (path: string) => {
    const keys = (attempt ??= new Map());
    let key = keys.get(path);
    if (!key) {
      key = newIdempotencyKey();
      keys.set(path, key);
    }
    return key;
  };
  const endAttempt = () => {
    attempt = null;
    framePayload = null;
    busy = false;
  };
  const showFailure = (failure: Failure, focus = true) => {
    $failure.set({ failure, focus, id: ($failure.get()?.id ?? 0) + 1 });
    deps.notify('danger', failure.key);
  };
  /** The attempt ends with a failure: back to idle, new keys for the next one (spec 2 §4). */
  const fail = (failure: Failure) => {
    showFailure(failure);
    endAttempt();
    $phase.set({ name: 'idle' });
  };
  const failOn = (error: unknown) => {
    if (error instanceof ApiError) {
      fail({ key: paymentErrorKey(error) });
    } else {
      console.error('Payment failed', error);
      fail({ key: 'errors.500' });
    }
  };

  const guid = () => deps.$user.get()?.guid ?? '';
  const retrying = <T>(run: () => Promise<T>) =>
    retryWhileInFlight(run, isInFlight, { delayMs: options.inFlightDelayMs ?? 500 });
  const callToken = (route: PaymentTokenCall, body: TokenPrepareRequest) =>
    retrying(() => call(route, { params: { guid: guid() }, body }, withIdempotencyKey(keyFor(route.path))));
  const callPay = (payCall: SubscriptionPayCall, body: PaymentPayload) =>
    retrying(() => call(payCall, { body }, withIdempotencyKey(keyFor(payCall.path))));
  const callGeneric = (body: PaymentPayload) =>
    retrying(() =>
      call(paySubscription, { params: { guid: guid() }, body }, withIdempotencyKey(keyFor(paySubscription.path))),
    );

  /** Tells Visa Checkout how its payment ended; a failure here changes nothing for the customer. */
  const sendPixel = (
    type: 'CONFIRM' | 'CANCEL',
    callId: string,
    o: { currency: string; total: number; discount: number; orderId: string; promoCode: string },
  ) => {
    call(updatePixelInfo, {
      params: { guid: guid() },
      body: {
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
      },
    }).catch((error: unknown) => console.warn('Visa Checkout not told how the payment ended', error));
  };

  /** The session after the payment: the server's account when it answers, else what the result says. */
  const refreshSession = async (result: PaymentResult, autoRenewal: boolean) => {
    const current = deps.$user.get();
    if (!current) return;
    try {
      const fresh = currentUserFrom(await call(getCustomerDetails));
      deps.setUser({ ...fresh, ...(current.gtmClientId ? { gtmClientId: current.gtmClientId } : {}) });
    } catch (error) {
      console.warn('Account not reloaded after the payment', error);
      deps.setUser(userAfterPayment(current, result, { isSignup, autoRenewal, today: isoDay(today) }));
    }
  };

  /**
   * A new signup's AutoPay options after its payment (spec 2 §4, without the e-mail: the second flag false): AutoPay
   * on when the customer chose it with the shipping agreement. A failure leaves Cash, which the wallet can change.
   */
  const updateAutoPay = async (autoPay: boolean) => {
    if (!isSignup || !autoPay) return;
    try {
      await call(setAutoPayOptions, {
        params: { guid: guid() },
        body: { value: true, notifyUser: false, shippingAgreement: true },
      });
    } catch (error) {
      console.warn('AutoPay not turned on after the signup payment', error);
    }
  };

  /**
   * Spec 2 §4 after success: summary stored, plan and Flex in the session, a signup's AutoPay options, analytics,
   * then the page's next step. Nothing here may send the checkout back to idle: the customer has paid.
   */
  const succeed = async (result: PaymentResult, chosen: Chosen) => {
    $phase.set({ name: 'done' });
    const summary = summaryOf(result);
    try {
      deps.forgetPlan();
      deps.storeOrderSummary(summary);
      await refreshSession(result, chosen.autoRenewal);
      await updateAutoPay(chosen.autoPay);
      deps.pushEvent({
        event: 'purchase',
        planId: analyticsPlanId(result.planId),
        amount: result.amount,
        currency: result.currencyCode,
        discount: result.discount,
        orderNumber: summary.orderNumber,
        paymentMethod: result.paymentMethodCode,
      });
      await deps.onPaid(summary);
    } catch (error) {
      console.error('After the payment', error);
    }
  };

  /** Spec 2 §4: a result other than success shows the gateway's reason (in the customer's language). */
  const handleResult = async (result: PaymentResult, chosen: Chosen) => {
    if (result.statusId !== PAYMENT_RESULT_OK) {
      fail({ key: gatewayMessageKey(result.gatewayReturnCode) });
      return;
    }
    await succeed(result, chosen);
  };

  const finishPay = async (payCall: SubscriptionPayCall, body: PaymentPayload, visa?: VisaCheckoutCard) => {
    const result = await callPay(payCall, body);
    if (visa) {
      sendPixel('CONFIRM', visa.callId, {
        currency: result.currencyCode,
        total: result.amount,
        discount: result.discount,
        orderId: result.orderNumber ?? '',
        promoCode: body.promoCode ?? '',
      });
    }
    await handleResult(result, { autoRenewal: body.allowAutoRenewal ?? false, autoPay: body.autoPay ?? false });
  };

  // ---------------------------------------------------------------------------
  // Each method's steps (spec 2 §4)

  const base = ({ loaded, order, checks }: Ready): PaymentPayload => ({
    planId: loaded.plan.planId,
    promoCode: order.promo?.promoCode ?? '',
    allowAutoRenewal: checks.renew,
    saveCard: checks.saveCard,
    autoPay: checks.autoPay,
    isSignup,
  });
  const prepare = (r: Ready, extra: Partial<TokenPrepareRequest> = {}): TokenPrepareRequest => ({
    promoCode: r.order.promo?.promoCode ?? '',
    url: deps.page.origin + deps.page.pathname,
    langCode: lang,
    planId: r.loaded.plan.planId,
    isMembershipUpgrade: !isSignup,
    saveCard: r.checks.saveCard,
    ...extra,
  });
  const redirect = (r: Ready, answer: TokenResponse) => {
    const target = safeRedirectUrl(answer.redirectUrl, deps.page.href);
    if (!target) {
      fail(tokenFailure(answer));
      return;
    }
    deps.keepPendingRedirect({ planId: r.loaded.plan.planId, renew: r.checks.renew, autoPay: r.checks.autoPay });
    deps.notify('info', 'notifications.waitRedirection');
    $phase.set({ name: 'redirecting' });
    deps.navigate(target);
  };

  const payNewCard = async (r: Ready) => {
    const card = r.order.forms.newCard;
    const answer = await callToken(
      getCardPaymentToken,
      prepare(
        r,
        r.checks.need.cardDetails
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
    const payload = { ...base(r), id: answer.token ?? '' };
    if (answer.status === CARD_TOKEN_STATUS.success || answer.status === CARD_TOKEN_STATUS.free) {
      await finishPay(payUsingNewCard, payload);
    } else if (answer.status === CARD_TOKEN_STATUS.secure && answer.html && answer.secureId) {
      framePayload = payload;
      $phase.set({ name: 'secure', html: answer.html, secureId: answer.secureId });
    } else {
      fail(tokenFailure(answer));
    }
  };

  const payPeach = async (r: Ready) => {
    const answer = await callToken(getPeachToken, prepare(r));
    if (answer.status === CARD_TOKEN_STATUS.error) {
      fail({ key: 'errors.500' });
    } else if (answer.html) {
      framePayload = base(r);
      $phase.set({ name: 'peach', html: answer.html });
    } else if (answer.token) {
      await finishPay(payUsingPeach, { ...base(r), id: answer.token });
    } else {
      fail(tokenFailure(answer));
    }
  };

  const payPayPal = async (r: Ready) => {
    const { accountId } = r.order.forms.payPal;
    if (accountId) {
      await finishPay(payUsingExistingThirdParty, { ...base(r), id: accountId });
      return;
    }
    const answer = await callToken(getPayPalToken, prepare(r));
    if (answer.status === THIRD_PARTY_TOKEN_STATUS.redirect) redirect(r, answer);
    else if (answer.status === THIRD_PARTY_TOKEN_STATUS.free) await finishPay(payUsingNewThirdParty, base(r));
    else fail(tokenFailure(answer));
  };

  const payByRedirect = async (
    r: Ready,
    route: typeof getSadadToken | typeof getKnetToken,
    extra: Partial<TokenPrepareRequest>,
  ) => {
    const answer = await callToken(route, prepare(r, extra));
    if (answer.status === THIRD_PARTY_TOKEN_STATUS.redirect) redirect(r, answer);
    else if (answer.status === THIRD_PARTY_TOKEN_STATUS.free) {
      // Nothing to pay after the promo code (spec 2 §4 status 2): the order completes without the provider's page.
      const code = route === getSadadToken ? PAYMENT_CODES.sadad : PAYMENT_CODES.knet;
      const result = await callGeneric({ ...base(r), paymentMethodCode: code });
      await handleResult(result, { autoRenewal: r.checks.renew, autoPay: r.checks.autoPay });
    } else fail(tokenFailure(answer));
  };

  const payVisaCheckout = async (r: Ready) => {
    const { card, cvv2 } = r.order.forms.visaCheckout;
    if (!card) {
      fail({ key: 'errors.500' });
      return;
    }
    await finishPay(
      payUsingVisaCheckout,
      { ...base(r), visaCheckoutData: { cvv2, encryptKey: card.encryptKey, paymentData: card.paymentData } },
      card,
    );
  };

  const run = (method: CheckoutMethod, r: Ready): Promise<void> => {
    const { forms } = r.order;
    switch (method) {
      case 'newCard':
        return payNewCard(r);
      case 'peach':
        return payPeach(r);
      case 'existingCard':
        return finishPay(payUsingExistingCard, { ...base(r), id: forms.existingCard.cardId });
      case 'payPal':
        return payPayPal(r);
      case 'visaCheckout':
        return payVisaCheckout(r);
      case 'sadad':
        return payByRedirect(r, getSadadToken, { optionalKey1: forms.sadad.accountId.trim() });
      case 'knet':
        return payByRedirect(r, getKnetToken, {});
    }
  };

  /**
   * A provider sent the customer back (spec 2 §2): the call that completes that payment, with the auto-renewal
   * the customer asked for before leaving; null when the parameters complete nothing.
   */
  const sendReturn = (autoRenewal: boolean) => {
    const common = {
      planId: ret.planId ?? planId,
      promoCode: ret.promoCode,
      allowAutoRenewal: autoRenewal,
      isSignup,
    } satisfies PaymentPayload;
    switch (ret.kind) {
      case 'paypal':
        return callPay(payUsingNewThirdParty, {
          ...common,
          saveCard: ret.save,
          thirdPartyData: { payerId: ret.payerId, token: ret.token, typeId: 5 },
        });
      case 'paypalFree':
        return callPay(payUsingNewThirdParty, {
          ...common,
          saveCard: true,
          thirdPartyData: { payerId: '', token: ret.token, typeId: 5 },
        });
      case 'sadad':
        return callGeneric({ ...common, paymentMethodCode: PAYMENT_CODES.sadad, estn: ret.estn });
      case 'knet':
        return callGeneric({ ...common, paymentMethodCode: PAYMENT_CODES.knet, paymentId: ret.paymentId });
      default:
        return null;
    }
  };

  // ---------------------------------------------------------------------------
  // Actions

  /** Chooses a method (spec 2 §4): the promo, amount, submitted flag and expiry reset; that method's data clears. */
  function chooseMethod(method: CheckoutMethod): void {
    const r = ready();
    if (!r || busy) return;
    const { plan, savedCards, accounts } = r.loaded;
    $edited.set(
      resetOnMethodChange(r.order, method, {
        amount: plan.amount,
        expiryDate: expiryFor(plan, null, r.user),
        savedCards,
        accounts,
      }),
    );
    $failure.set(null);
    $promo.set({ ...$promo.get(), error: null });
  }

  /** Changes one form of the order. */
  function changeForm<K extends keyof CheckoutForms>(form: K, patch: Partial<CheckoutForms[K]>): void {
    edit((o) => ({ ...o, forms: { ...o.forms, [form]: { ...o.forms[form], ...patch } } }));
  }

  /** The promo code as typed; typing over an applied code takes its discount off. */
  function typePromoCode(code: string): void {
    const r = ready();
    if (!r) return;
    const { plan } = r.loaded;
    $promo.set({ ...$promo.get(), error: null });
    edit((o) =>
      o.promo
        ? { ...o, promoCode: code, promo: null, amount: plan.amount, expiryDate: expiryFor(plan, null, r.user) }
        : { ...o, promoCode: code },
    );
  }

  /** Applies the typed promo code (spec 2 §5): the discount and extra time, or why it was refused. */
  async function applyPromo(): Promise<void> {
    const r = ready();
    if (!r || busy) return;
    const { order, loaded, user } = r;
    const { method, forms } = order;
    if (!method || promoIgnored($promo.get().applying, order.promo !== null, order.promoCode)) return;
    const savedCard = loaded.savedCards.find((c) => String(c.id) === forms.existingCard.cardId) ?? null;
    $promo.set({ applying: true, error: null });
    try {
      const promo = await call(applyPromoCall, {
        body: {
          code: order.promoCode.trim(),
          cardBIN: promoBin(method, forms.newCard.number, savedCard),
          contryCode: user.countryCode,
          paymentType: promoPaymentType(method, savedCard),
          planId: loaded.plan.planId,
          isEncrypted: false,
        },
      });
      edit((o) => ({
        ...o,
        promo,
        amount: promo.amountAfterDiscount,
        expiryDate: expiryFor(loaded.plan, promo, user),
      }));
      $promo.set(NO_PROMO_STATE);
      deps.notify('success', 'signup.payment.promonotification');
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Promo code not applied', error);
      const key = promoErrorKey(error instanceof ApiError ? error.code : undefined);
      $promo.set({ applying: false, error: key });
      deps.notify('danger', key);
    }
  }

  /**
   * Pays with the chosen method (spec 2 §4). Ignored while an attempt runs; when the forms are invalid or a
   * mandated renewal is off, every field shows its problem instead.
   */
  function submit(): SubmitOutcome {
    const r = ready();
    if (busy || !r || !r.order.method) return 'ignored';
    if (r.checks.blocked) {
      $edited.set({ ...r.order, submitted: true });
      $failure.set({ failure: { key: 'errors.validation' }, focus: false, id: ($failure.get()?.id ?? 0) + 1 });
      return 'blocked';
    }
    busy = true;
    $failure.set(null);
    $phase.set({ name: 'working' });
    run(r.order.method, r).catch(failOn);
    return 'started';
  }

  /** The 3-D Secure step set its cookie: the payment proceeds as CC02 with its response (spec 2 §4). */
  function secureFrameDone(response: string): Promise<void> {
    const phase = $phase.get();
    if (phase.name !== 'secure' || !framePayload) return Promise.resolve();
    const payload = framePayload;
    $phase.set({ name: 'working' });
    return finishPay(payUsingNewCard, {
      ...payload,
      paymentMethodCode: PAYMENT_CODES.secureCard,
      digitSecureId: phase.secureId,
      digitSecureResponse: response,
    }).catch(failOn);
  }

  /** The Peach card frame accepted the card: its checkout id pays. */
  function peachFrameDone(id: string): Promise<void> {
    if ($phase.get().name !== 'peach' || !framePayload) return Promise.resolve();
    const payload = framePayload;
    $phase.set({ name: 'working' });
    return finishPay(payUsingPeach, { ...payload, id }).catch(failOn);
  }

  /** The customer left the 3-D Secure step or the Peach frame: that attempt is over. */
  function cancel(): void {
    const { name } = $phase.get();
    if (name !== 'secure' && name !== 'peach') return;
    endAttempt();
    $phase.set({ name: 'idle' });
  }

  /** Back from a provider's page through the browser's cache: the attempt that redirected is over. */
  function pageRestored(): void {
    if ($phase.get().name !== 'redirecting') return;
    endAttempt();
    $phase.set({ name: 'idle' });
  }

  let returnTaken = false;
  /**
   * Once per page: completes the payment a provider sent the customer back with (PayPal, Sadad, Knet), or says
   * the payment was cancelled when the customer came back through the provider's cancel (or from its page
   * without a payment).
   */
  async function completeReturn(): Promise<void> {
    if (returnTaken || inFrame || !deps.$user.get()) return;
    returnTaken = true;
    const pending = deps.takePendingRedirect();
    const same = pending?.planId === (ret.planId ?? planId);
    const chosen: Chosen = { autoRenewal: same && pending.renew, autoPay: same && (pending.autoPay ?? false) };
    // Once answered, a reload must not send it again (the server would refuse a second charge anyway).
    const forget = () => deps.replaceUrl(`${deps.page.pathname}?id=${ret.planId ?? planId}`);
    const returning = sendReturn(chosen.autoRenewal);
    if (!returning) {
      if (ret.kind === 'cancelled' || pending) {
        if (ret.kind === 'cancelled') forget();
        deps.notify('info', 'checkout.cancelled');
      }
      return;
    }
    busy = true;
    $phase.set({ name: 'completing' });
    deps.notify('info', 'notifications.wait');
    try {
      const result = await returning;
      forget();
      await handleResult(result, chosen);
    } catch (error) {
      forget();
      failOn(error);
    }
  }

  /** Visa Checkout's lightbox chose a card: decrypted and verified before it can pay (spec 2 §8). */
  async function visaCheckoutChosen(message: VisaCheckoutMessage): Promise<void> {
    $visaBusy.set(true);
    $failure.set(null);
    try {
      const card = await call(decryptPaymentData, {
        params: { guid: guid() },
        body: { EncryptKey: message.encKey, PaymentData: message.encPaymentData },
      });
      if (card.status !== 'VERIFIED') throw new Error(`Visa Checkout card ${card.status}`);
      changeForm('visaCheckout', {
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
      $visaBusy.set(false);
    }
  }

  /** The lightbox was closed: the customer is told nothing was paid, and Visa Checkout is told when it had a call. */
  function visaCheckoutCancelled(callId: string | null): void {
    deps.notify('info', 'checkout.cancelled');
    const r = ready();
    if (!callId || !r) return;
    sendPixel('CANCEL', callId, {
      currency: r.loaded.plan.currencyCode,
      total: r.order.amount,
      discount: r.order.promo?.discount ?? 0,
      orderId: '',
      promoCode: r.order.promo?.promoCode ?? '',
    });
  }

  return {
    today,
    $load: $load as ReadableAtom<CheckoutLoad>,
    $order: $order as ReadableAtom<CheckoutOrder | null>,
    $checks: $checks as ReadableAtom<CheckoutChecks | null>,
    $phase: $phase as ReadableAtom<CheckoutPhase>,
    $failure: $failure as ReadableAtom<ShownFailure | null>,
    $promo: $promo as ReadableAtom<PromoState>,
    $visaBusy: $visaBusy as ReadableAtom<boolean>,
    retryLoad,
    chooseMethod,
    changeForm,
    typePromoCode,
    applyPromo,
    submit,
    secureFrameDone,
    peachFrameDone,
    cancel,
    pageRestored,
    completeReturn,
    visaCheckoutChosen,
    visaCheckoutCancelled,
  };
}
