/**
 * Rules of the checkout (spec 2 §2, §4, §5; spec 1 §5): the payment methods a customer is offered and the one
 * chosen first, each method's forms and when they are valid, when the submit is blocked, the promo code rules,
 * what changing the method resets, and the return parameters providers send back to the payment pages.
 * Pure functions of their arguments: the checkout store (./checkout-store.ts) runs them and the unit tests check them.
 */
import { z } from '../zod.ts';
import {
  CARD_SYSTEMS,
  PAYMENT_SYSTEMS,
  PEACH_COUNTRY,
  PaymentErrorCode,
  PromoErrorCode,
  peachMessageSchema,
  type PaymentOption,
  type PaymentResult,
  type PromoResponse,
  type SavedCard,
  type WalletContent,
} from '../api/payments/contract.ts';
import { ErrorCode } from '../api/errors.ts';
import { PLAN_IDS, planIdSchema, type Plan, type PlanId } from '../reference/schemas.ts';
import type { CurrentUser } from '../session/current-user.ts';
import { cardDigits, cardRuleOf, isAcceptedCardNumber, isExpiryValid } from './card-type.ts';
import { planExpiryDate } from './expiry-date.ts';
import { currencyExponent, fromMinor, toMinor } from './money.ts';

// ---------------------------------------------------------------------------
// Expiry lists (spec 2 §5, §9)

/** Card years offered in the payment step. */
export const PAYMENT_STEP_YEARS = 8;
/** Card years offered in the wallet's add-card form (the current year plus 9). */
export const WALLET_YEARS = 10;
/** Months 01 to 12. */
export const EXPIRY_MONTHS: readonly string[] = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** `count` years from the current one, as four-digit strings. */
export function expiryYears(count: number, today: Date): string[] {
  const first = today.getUTCFullYear();
  return Array.from({ length: count }, (_, i) => String(first + i));
}

/** A saved card whose `MMYY` expiry lies before the current month (spec 1 §4.8); unreadable counts as expired. */
export function savedCardExpired(expiryDate: string, today: Date): boolean {
  const match = /^(\d{2})(\d{2})$/.exec(expiryDate);
  if (!match) return true;
  return !isExpiryValid(Number(match[1]), 2000 + Number(match[2]), today);
}

// ---------------------------------------------------------------------------
// Methods

export type CheckoutMethod = 'newCard' | 'peach' | 'existingCard' | 'payPal' | 'visaCheckout' | 'sadad' | 'knet';

/** Saved cards and accounts of type '5' are third-party wallet (PayPal) accounts. */
export const THIRD_PARTY_TYPE = String(PAYMENT_SYSTEMS.payPal);

/** Saved cards that can pay now: not wallet accounts, not expired. */
export function usableSavedCards(wallet: WalletContent, today: Date): SavedCard[] {
  return [...wallet.cards, ...wallet.thirdParty].filter(
    (c) => c.type !== THIRD_PARTY_TYPE && !savedCardExpired(c.expiryDate, today),
  );
}

/** Saved PayPal accounts. */
export function savedAccounts(wallet: WalletContent): SavedCard[] {
  return [...wallet.cards, ...wallet.thirdParty].filter((c) => c.type === THIRD_PARTY_TYPE);
}

/**
 * The methods offered, in the order the chooser lists them: a new card when a card system is offered (through
 * the Peach card frame in ZA, spec 2 §9), the saved cards when there are any, then PayPal, Visa Checkout, Sadad
 * and Knet when offered.
 */
export function methodsFor(
  options: readonly PaymentOption[],
  savedCards: readonly SavedCard[],
  countryCode: string,
): CheckoutMethod[] {
  const offered = new Set<number>(options.map((o) => o.id));
  const methods: CheckoutMethod[] = [];
  if (CARD_SYSTEMS.some((id) => offered.has(id))) methods.push(countryCode === PEACH_COUNTRY ? 'peach' : 'newCard');
  if (savedCards.length > 0) methods.push('existingCard');
  if (offered.has(PAYMENT_SYSTEMS.payPal)) methods.push('payPal');
  if (offered.has(PAYMENT_SYSTEMS.visaCheckout)) methods.push('visaCheckout');
  if (offered.has(PAYMENT_SYSTEMS.sadad)) methods.push('sadad');
  if (offered.has(PAYMENT_SYSTEMS.knet)) methods.push('knet');
  return methods;
}

/**
 * Spec 2 §4: PayPal if offered, otherwise cards — the saved card if there is any, else a new card; with none of
 * those, the first method offered; null when nothing is.
 */
export function defaultMethod(
  options: readonly PaymentOption[],
  savedCards: readonly SavedCard[],
  countryCode = '',
): CheckoutMethod | null {
  const methods = methodsFor(options, savedCards, countryCode);
  if (methods.includes('payPal')) return 'payPal';
  if (methods.includes('existingCard')) return 'existingCard';
  return methods.find((m) => m === 'newCard' || m === 'peach') ?? methods[0] ?? null;
}

/** The payment codes of the methods (spec 2 §3); a card after 3-D Secure becomes CC02. */
export const METHOD_CODES = {
  newCard: 'CC01',
  peach: 'CC01',
  existingCard: 'CC03',
  payPal: 'PP01',
  visaCheckout: 'VC01',
  sadad: 'SD01',
  knet: 'KN01',
} as const satisfies Record<CheckoutMethod, string>;

/** Flex in the payment step: not basic and not lifetime (spec 2 §3). */
export function isFlex(planId: number): boolean {
  return planId !== PLAN_IDS.basic && planId !== PLAN_IDS.flexLifetime;
}

/** Plan ids for analytics (spec 2 §9): basic 1, every flex plan 2. */
export function analyticsPlanId(planId: number): 1 | 2 {
  return planId === PLAN_IDS.basic ? 1 : 2;
}

// ---------------------------------------------------------------------------
// Forms

export interface NewCardForm {
  name: string;
  number: string;
  /** MM. */
  month: string;
  /** YYYY. */
  year: string;
  cvv: string;
}

/** A saved card pays with the provider's token alone (spec 2 §5: the existing card needs no card form). */
export interface ExistingCardForm {
  /** The saved card's id. */
  cardId: string;
}

export interface PayPalForm {
  /** A saved account's id, or '' for a new account through the provider's page. */
  accountId: string;
}

/** Visa Checkout: the card the lightbox chose, once decrypted and verified. */
export interface VisaCheckoutCard {
  callId: string;
  encryptKey: string;
  paymentData: string;
  name: string;
  /** Masked: only the last four digits show. */
  number: string;
  expiryMonth: string;
  expiryYear: string;
}

export interface VisaCheckoutForm {
  card: VisaCheckoutCard | null;
  cvv2: string;
}

export interface SadadForm {
  accountId: string;
}

export interface FeaturesForm {
  /** Renew the subscription automatically. */
  renew: boolean;
  /** Save the card or account for later payments. */
  saveCard: boolean;
  /** A signup's deliveries paid with AutoPay, the shipping agreement accepted (spec 2 §4). */
  autoPay: boolean;
}

export interface CheckoutForms {
  newCard: NewCardForm;
  existingCard: ExistingCardForm;
  payPal: PayPalForm;
  visaCheckout: VisaCheckoutForm;
  sadad: SadadForm;
  features: FeaturesForm;
}

const preferred = (cards: readonly SavedCard[]) => cards.find((c) => c.isDefault) ?? cards[0];

/** Empty forms; the saved card and the PayPal account start on the default one. */
export function emptyForms(savedCards: readonly SavedCard[], accounts: readonly SavedCard[]): CheckoutForms {
  const card = preferred(savedCards);
  const account = preferred(accounts);
  return {
    newCard: { name: '', number: '', month: '', year: '', cvv: '' },
    existingCard: { cardId: card ? String(card.id) : '' },
    payPal: { accountId: account ? String(account.id) : '' },
    visaCheckout: { card: null, cvv2: '' },
    sadad: { accountId: '' },
    features: { renew: false, saveCard: false, autoPay: false },
  };
}

/** The security code's length for a card number (null while the type is unknown). */
export function cvvLengthOf(number: string): number | null {
  return cardRuleOf(number)?.cvvLength ?? null;
}

const cvvFits = (cvv: string, length: number | null) =>
  length === null ? /^\d{3,4}$/.test(cvv) : new RegExp(`^\\d{${length}}$`).test(cvv);

/** A new card number is complete when it reaches the longest length of its (recognised) type. */
export function cardNumberComplete(number: string): boolean {
  const rule = cardRuleOf(number);
  return rule !== undefined && cardDigits(number).length === Math.max(...rule.lengths);
}

/** Messages are translation keys. */
export const V = {
  name: 'checkout.validation.name',
  number: 'checkout.validation.number',
  month: 'checkout.validation.month',
  year: 'checkout.validation.year',
  expired: 'checkout.validation.expired',
  cvv: 'checkout.validation.cvv',
  savedCard: 'checkout.validation.savedCard',
  sadad: 'checkout.validation.sadad',
  visaCheckout: 'checkout.validation.visaCheckout',
  renew: 'checkout.validation.renew',
  autoPay: 'checkout.validation.autoPay',
} as const;

/** The new card form (spec 1 §5): a name, a supported number, a month and year not past, the code of its type. */
export function newCardSchema(today: Date) {
  return z
    .object({
      name: z.string().check(z.trim(), z.minLength(1, V.name), z.maxLength(100, V.name)),
      number: z.string().check(z.refine(isAcceptedCardNumber, V.number)),
      month: z.string().check(z.regex(/^(0[1-9]|1[0-2])$/, V.month)),
      year: z.string().check(z.regex(/^\d{4}$/, V.year)),
      cvv: z.string(),
    })
    .check(
      z.superRefine((card, ctx) => {
        if (/^\d{4}$/.test(card.year) && /^\d{2}$/.test(card.month)) {
          if (!isExpiryValid(Number(card.month), Number(card.year), today)) {
            ctx.addIssue({ code: 'custom', path: ['month'], message: V.expired });
          }
        }
        if (!cvvFits(card.cvv, cvvLengthOf(card.number))) {
          ctx.addIssue({ code: 'custom', path: ['cvv'], message: V.cvv });
        }
      }),
    );
}

/** A saved card chosen among `savedCards`: nothing else is asked of it. */
export function existingCardSchema(savedCards: readonly SavedCard[]) {
  const ids = new Set(savedCards.map((c) => String(c.id)));
  return z.object({ cardId: z.string().check(z.refine((id) => ids.has(id), V.savedCard)) });
}

/** Visa Checkout: a verified card from the lightbox and its security code. */
export const visaCheckoutSchema = z.object({
  card: z.custom<VisaCheckoutCard>((value) => value !== null && typeof value === 'object', V.visaCheckout),
  cvv2: z.string().check(z.regex(/^\d{3,4}$/, V.cvv)),
});

/** Sadad: the customer's Sadad account id (sent as optionalKey1). */
export const sadadSchema = z.object({
  accountId: z.string().check(z.trim(), z.minLength(1, V.sadad), z.maxLength(100, V.sadad)),
});

/**
 * The features form: when the plan mandates auto-renewal, the renew box must be ticked; when the customer's country
 * makes AutoPay mandatory and the form asks for it, the AutoPay box must be.
 */
export function featuresSchema(mandateAutoRenew: boolean, autoPayMandated = false) {
  return z.object({
    renew: mandateAutoRenew ? z.literal(true, V.renew) : z.boolean(),
    saveCard: z.boolean(),
    autoPay: autoPayMandated ? z.literal(true, V.autoPay) : z.boolean(),
  });
}

/** The first problem of each field (its translation key), for the fields that have one. */
export function fieldErrors<T>(schema: z.ZodMiniType<unknown, T>, value: T): Partial<Record<keyof T & string, string>> {
  const result = schema.safeParse(value);
  const errors: Partial<Record<string, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= issue.message;
    }
  }
  return errors as Partial<Record<keyof T & string, string>>;
}

/** Whether each form of the checkout is valid as filled. */
export interface FormValidity {
  card: boolean;
  existingCard: boolean;
  visaCheckout: boolean;
  sadad: boolean;
  features: boolean;
}

export function formValidity(
  forms: CheckoutForms,
  ctx: { today: Date; savedCards: readonly SavedCard[]; mandateAutoRenew: boolean; autoPayMandated?: boolean },
): FormValidity {
  return {
    card: newCardSchema(ctx.today).safeParse(forms.newCard).success,
    existingCard: existingCardSchema(ctx.savedCards).safeParse(forms.existingCard).success,
    visaCheckout: visaCheckoutSchema.safeParse(forms.visaCheckout).success,
    sadad: sadadSchema.safeParse(forms.sadad).success,
    features: featuresSchema(ctx.mandateAutoRenew, ctx.autoPayMandated).safeParse(forms.features).success,
  };
}

const isCardMethod = (method: CheckoutMethod) => method === 'newCard' || method === 'peach';

/**
 * Whether the method needs its features form (spec 2 §5): new card, Visa Checkout and PayPal do. When auto-pay
 * is mandatory, PayPal and Visa Checkout need it only when the amount is not zero, a card always.
 */
export function featuresRequired(method: CheckoutMethod, ctx: { autoPayMandatory: boolean; amount: number }): boolean {
  if (isCardMethod(method)) return true;
  if (method !== 'payPal' && method !== 'visaCheckout') return false;
  return !ctx.autoPayMandatory || ctx.amount !== 0;
}

/**
 * Card details are needed (spec 2 §5) when something is left to pay after the discount, auto-pay is mandatory,
 * the customer asks to save the card, or saving the payment option is mandatory.
 */
export function cardDetailsRequired(ctx: {
  amountAfterDiscount: number;
  autoPayMandatory: boolean;
  saveCard: boolean;
  savingMandatory: boolean;
}): boolean {
  return ctx.amountAfterDiscount > 0 || ctx.autoPayMandatory || ctx.saveCard || ctx.savingMandatory;
}

/**
 * Form validity by method (spec 2 §5): new card needs the card form (when card details are required) and the
 * features form; Visa Checkout its form and the features form; PayPal the features form; Sadad its form; Knet
 * none. The existing card has no form: a saved card is chosen, and the provider charges its token.
 */
export function formsValid(
  method: CheckoutMethod,
  valid: FormValidity,
  need: { cardDetails: boolean; features: boolean },
): boolean {
  const features = !need.features || valid.features;
  switch (method) {
    case 'newCard':
      return (!need.cardDetails || valid.card) && features;
    case 'peach':
    case 'payPal':
      return features;
    case 'existingCard':
      return valid.existingCard;
    case 'visaCheckout':
      return valid.visaCheckout && features;
    case 'sadad':
      return valid.sadad;
    case 'knet':
      return true;
  }
}

/**
 * Spec 2 §5: the submit is blocked while the checkout is in progress, when the method's forms are invalid, or
 * when the plan mandates auto-renewal and the renew box is not ticked.
 */
export function submitBlocked(state: {
  inProgress: boolean;
  formsValid: boolean;
  mandateAutoRenew: boolean;
  renew: boolean;
}): boolean {
  return state.inProgress || !state.formsValid || (state.mandateAutoRenew && !state.renew);
}

/** The hint under a blocked submit (a translation key): the mandated renewal first, then the forms; null if none. */
export function blockedHintKey(state: {
  inProgress: boolean;
  formsValid: boolean;
  mandateAutoRenew: boolean;
  renew: boolean;
}): string | null {
  if (state.inProgress) return null;
  if (state.mandateAutoRenew && !state.renew) return 'checkout.blocked.renew';
  return state.formsValid ? null : 'checkout.blocked.forms';
}

/** Methods whose card or account can be kept for later payments: a saved PayPal account is kept already. */
function savesPaymentOption(method: CheckoutMethod | null, forms: Pick<CheckoutForms, 'payPal'>): boolean {
  return (
    method === 'newCard' ||
    method === 'peach' ||
    method === 'visaCheckout' ||
    (method === 'payPal' && forms.payPal.accountId === '')
  );
}

/** Methods that leave a saved card or account behind for AutoPay to charge: all but Sadad and Knet. */
function leavesPaymentOption(method: CheckoutMethod | null): boolean {
  return method !== null && method !== 'sadad' && method !== 'knet';
}

/** What the order asks of the customer and what its payment sends, by the rules of spec 2 §5. */
export interface OrderChecks {
  /** The renew box shows: a flex plan. */
  showRenew: boolean;
  /** The plan renews automatically or not at all: the box must be ticked. */
  renewMandated: boolean;
  /** The save box shows: the method's card or account can be kept. */
  showSave: boolean;
  /** The customer's country makes keeping it mandatory: it is kept without asking. */
  saveMandated: boolean;
  /** The AutoPay box shows: a signup where AutoPay is offered, paid with what AutoPay can charge later. */
  showAutoPay: boolean;
  /** AutoPay is mandatory in the customer's country and the features form is required: the box must be ticked. */
  autoPayMandated: boolean;
  /** allowAutoRenewal of the payment. */
  renew: boolean;
  /** saveCard of the payment: asked for, mandatory, or needed by AutoPay. */
  saveCard: boolean;
  /** autoPay of the payment: turned on once the signup is paid. */
  autoPay: boolean;
  need: { cardDetails: boolean; features: boolean };
  /** The chosen method's forms are valid. */
  valid: boolean;
}

/**
 * The checks of an order (spec 2 §5): which features show, what is required, and whether the chosen method's
 * forms are valid. `autoPayMandatory` and `savingMandatory` are the customer's AutoPay options; `autoPayOffered`
 * says the checkout asks for AutoPay (a signup where it is offered).
 */
export function orderChecks(
  order: Pick<CheckoutOrder, 'method' | 'amount' | 'forms'>,
  ctx: {
    plan: Pick<Plan, 'planId' | 'mandateAutoRenew'>;
    savedCards: readonly SavedCard[];
    today: Date;
    autoPayMandatory: boolean;
    savingMandatory: boolean;
    autoPayOffered?: boolean;
  },
): OrderChecks {
  const { method, forms } = order;
  const showRenew = isFlex(ctx.plan.planId);
  const renewMandated = showRenew && ctx.plan.mandateAutoRenew;
  const showSave = savesPaymentOption(method, forms);
  const saveMandated = showSave && ctx.savingMandatory;
  const showAutoPay = (ctx.autoPayOffered ?? false) && leavesPaymentOption(method);
  const autoPay = showAutoPay && forms.features.autoPay;
  const saveCard = showSave && (saveMandated || forms.features.saveCard || autoPay);
  const need = {
    cardDetails: cardDetailsRequired({
      amountAfterDiscount: order.amount,
      autoPayMandatory: ctx.autoPayMandatory,
      saveCard,
      savingMandatory: ctx.savingMandatory,
    }),
    features: method
      ? featuresRequired(method, { autoPayMandatory: ctx.autoPayMandatory, amount: order.amount })
      : false,
  };
  const autoPayMandated = showAutoPay && ctx.autoPayMandatory && need.features;
  const validity = formValidity(forms, {
    today: ctx.today,
    savedCards: ctx.savedCards,
    mandateAutoRenew: renewMandated,
    autoPayMandated,
  });
  return {
    showRenew,
    renewMandated,
    showSave,
    saveMandated,
    showAutoPay,
    autoPayMandated,
    renew: showRenew && forms.features.renew,
    saveCard,
    autoPay,
    need,
    valid: method !== null && formsValid(method, validity, need),
  };
}

// ---------------------------------------------------------------------------
// Promo codes (spec 2 §5)

/** A code is not sent while one is being applied, once one is valid, or when it is blank. */
export function promoIgnored(applying: boolean, valid: boolean, code: string): boolean {
  return applying || valid || code.trim() === '';
}

/** The BIN: the first six digits of the new card's number or of the chosen saved card; '' otherwise. */
export function promoBin(
  method: CheckoutMethod,
  newCardNumber: string,
  savedCard: SavedCard | null | undefined,
): string {
  const digits =
    method === 'newCard' ? cardDigits(newCardNumber) : method === 'existingCard' ? (savedCard?.first6Digits ?? '') : '';
  return /^\d{6}/.test(digits) ? digits.slice(0, 6) : '';
}

/** The payment type: empty for a new card, otherwise the payment system's id. */
export function promoPaymentType(method: CheckoutMethod, savedCard: SavedCard | null | undefined): string {
  switch (method) {
    case 'newCard':
    case 'peach':
      return '';
    case 'existingCard':
      return savedCard?.type ?? '';
    case 'payPal':
      return String(PAYMENT_SYSTEMS.payPal);
    case 'visaCheckout':
      return String(PAYMENT_SYSTEMS.visaCheckout);
    case 'sadad':
      return String(PAYMENT_SYSTEMS.sadad);
    case 'knet':
      return String(PAYMENT_SYSTEMS.knet);
  }
}

/** The translation key of a refused promo code: its reason when the server gave a known one. */
export function promoErrorKey(code: string | undefined): string {
  const known: readonly string[] = Object.values(PromoErrorCode);
  // Too many wrong codes, or the service down for a moment: the code may be right, so say to wait.
  if (code === ErrorCode.tooManyAttempts) return 'errors.tooManyAttempts';
  if (code === ErrorCode.unavailable) return 'errors.unavailable';
  return code && known.includes(code) ? `checkout.error.${code}` : 'signup.payment.promoErrorApplyCode';
}

/** Payment refusals with their own message; anything else is errors.500. */
const PAYMENT_ERROR_KEYS: ReadonlySet<string> = new Set([
  PaymentErrorCode.plan,
  PaymentErrorCode.card,
  PaymentErrorCode.method,
  PaymentErrorCode.unknownToken,
  PaymentErrorCode.autoRenew,
  PaymentErrorCode.inFlight,
]);

/** The translation key of a failed payment call (spec 2 §8: the server's message, else errors.500). */
export function paymentErrorKey(error: { status: number; code: string; messageKey: string }): string {
  if (PAYMENT_ERROR_KEYS.has(error.code)) return `checkout.error.${error.code}`;
  if ([0, 401, 429, 503].includes(error.status)) return error.messageKey;
  return 'errors.500';
}

// ---------------------------------------------------------------------------
// Order state

export interface CheckoutOrder {
  method: CheckoutMethod | null;
  /** The applied promo code's answer; null when none is applied. */
  promo: PromoResponse | null;
  /** The code typed in the promo field. */
  promoCode: string;
  /** What is to pay: the plan's amount, or the promo's amount after discount. */
  amount: number;
  /** A submit was tried: every field shows its problem. */
  submitted: boolean;
  /** The plan's new end with this order (YYYY-MM-DD). */
  expiryDate: string;
  forms: CheckoutForms;
}

/**
 * The plan's new end with this order (spec 2 §4): from the current plan's expiry for an upgrade of a paid plan,
 * else from today, plus the plan's duration and the promo code's extra time.
 */
export function orderExpiryDate(
  plan: Pick<Plan, 'duration'>,
  promo: PromoResponse | null,
  ctx: { current: CurrentUser['membershipPlan']; isSignup: boolean; today: Date },
): string {
  const { current } = ctx;
  const currentExpiry =
    !ctx.isSignup && current && current.id !== PLAN_IDS.basic && current.expiryDate
      ? current.expiryDate.slice(0, 10)
      : null;
  return planExpiryDate({
    currentExpiry,
    today: ctx.today.toISOString().slice(0, 10),
    duration: plan.duration,
    additionalDuration: 0,
    promo: promo
      ? { amount: promo.subscriptionAdditionalDuration, type: promo.subscriptionAdditionalDurationType }
      : null,
  });
}

/** Clears the data of one method's form (the features stay as ticked). */
export function clearMethodData(
  forms: CheckoutForms,
  method: CheckoutMethod,
  savedCards: readonly SavedCard[],
  accounts: readonly SavedCard[],
): CheckoutForms {
  const empty = emptyForms(savedCards, accounts);
  switch (method) {
    case 'newCard':
      return { ...forms, newCard: empty.newCard };
    case 'existingCard':
      return { ...forms, existingCard: empty.existingCard };
    case 'payPal':
      return { ...forms, payPal: empty.payPal };
    case 'visaCheckout':
      return { ...forms, visaCheckout: empty.visaCheckout };
    case 'sadad':
      return { ...forms, sadad: empty.sadad };
    case 'peach':
    case 'knet':
      return forms;
  }
}

/**
 * Spec 2 §4: selecting a method resets the promo, the amount to the plan's amount, the submitted flag and the
 * expiry date, and clears that method's data.
 */
export function resetOnMethodChange(
  order: CheckoutOrder,
  method: CheckoutMethod,
  base: { amount: number; expiryDate: string; savedCards: readonly SavedCard[]; accounts: readonly SavedCard[] },
): CheckoutOrder {
  return {
    ...order,
    method,
    promo: null,
    amount: base.amount,
    submitted: false,
    expiryDate: base.expiryDate,
    forms: clearMethodData(order.forms, method, base.savedCards, base.accounts),
  };
}

// ---------------------------------------------------------------------------
// Money as the checkout sends it (people read it as src/lib/payments/money-format.ts writes it)

/** An amount with the decimals of its currency, as digits (`29.00`, `3.500`), for a provider's fields. */
export function amountText(amount: number, currency: string): string {
  return fromMinor(toMinor(amount, currency), currency).toFixed(currencyExponent(currency));
}

/** The list price of an order: what was paid plus the discount, added in minor units. */
export function listPrice(amount: number, discount: number, currency: string): number {
  return fromMinor(toMinor(amount, currency) + toMinor(discount, currency), currency);
}

// ---------------------------------------------------------------------------
// Return parameters of the payment pages (spec 2 §2)

export type ProviderReturn =
  /** The customer cancelled on the provider's page (its cancel URL carries `cancelled=1`). */
  | { kind: 'cancelled' }
  | { kind: 'paypal'; payerId: string; token: string; save: boolean }
  | { kind: 'paypalFree'; token: string }
  | { kind: 'sadad'; estn: string }
  | { kind: 'knet'; paymentId: string }
  | { kind: 'secure'; id: string }
  | { kind: 'none' };

export type PaymentReturn = ProviderReturn & {
  /** The plan (`id`), or null when absent or not a plan. */
  planId: PlanId | null;
  /** The promo code (`cpc`, base64url), '' when absent or unreadable. */
  promoCode: string;
};

/** The promo code of `cpc`: base64url of its UTF-8 text. */
export function decodePromoParam(value: string | null): string {
  if (!value) return '';
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const code = text.trim();
    const printable = [...code].every((c) => c.charCodeAt(0) >= 0x20);
    return code.length <= 40 && printable ? code : '';
  } catch {
    return '';
  }
}

/** `cpc` for a promo code. */
export function encodePromoParam(code: string): string {
  const bytes = new TextEncoder().encode(code);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Reads the query of a payment page: which provider came back, and the plan and promo code it carries. */
export function readReturn(query: string | URLSearchParams): PaymentReturn {
  const q = typeof query === 'string' ? new URLSearchParams(query) : query;
  const get = (name: string) => q.get(name)?.trim() ?? '';
  const extras = {
    planId: q.has('id') ? (planIdSchema.safeParse(Number(q.get('id'))).data ?? null) : null,
    promoCode: decodePromoParam(q.get('cpc')),
  };
  const token = get('token');
  if (token && get('PayerID'))
    return { kind: 'paypal', payerId: get('PayerID'), token, save: get('save') === '1', ...extras };
  if (token && get('addPayPal') === '1' && get('isFreePromo') === '1') return { kind: 'paypalFree', token, ...extras };
  if (get('estn')) return { kind: 'sadad', estn: get('estn'), ...extras };
  if (get('PaymentID')) return { kind: 'knet', paymentId: get('PaymentID'), ...extras };
  if (get('Id')) return { kind: 'secure', id: get('Id'), ...extras };
  if (get('cancelled') === '1') return { kind: 'cancelled', ...extras };
  return { kind: 'none', ...extras };
}

/** A provider page to send the browser to: http(s) only (never `javascript:` or the like); null otherwise. */
export function safeRedirectUrl(url: string | null, base: string): string | null {
  if (!url) return null;
  try {
    const target = new URL(url, base);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}

/** The message the card frame's return page posts through the route guard (spec 1 §4.1 step 5). */
const guardFrameMessageSchema = z.strictObject({ id: z.string().check(z.minLength(1)) });

/** The checkout id a message of the Peach card frame carries (its own, or the route guard's); null otherwise. */
export function frameMessageId(data: unknown): string | null {
  return peachMessageSchema.safeParse(data).data?.id ?? guardFrameMessageSchema.safeParse(data).data?.id ?? null;
}

/** Returns that complete a payment on load. */
export function completesPayment(ret: ProviderReturn): boolean {
  return ret.kind === 'paypal' || ret.kind === 'paypalFree' || ret.kind === 'sadad' || ret.kind === 'knet';
}

// ---------------------------------------------------------------------------
// 3-D Secure cookie and retries

/** The response in the secure key cookie (`{secureId}.{response}`) for `secureId`; null until it is there. */
export function readSecureCookie(cookies: string, name: string, secureId: string): string | null {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    let value = part.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // Kept as it came.
    }
    const prefix = `${secureId}.`;
    if (secureId && value.startsWith(prefix) && value.length > prefix.length) return value.slice(prefix.length);
  }
  return null;
}

/** Retries while the server answers that the same idempotency key is still running (409). */
export async function retryWhileInFlight<T>(
  run: () => Promise<T>,
  inFlight: (error: unknown) => boolean,
  options: { retries?: number; delayMs?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const { retries = 5, delayMs = 500 } = options;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= retries || !inFlight(error)) throw error;
      await wait(delayMs);
    }
  }
}

// ---------------------------------------------------------------------------
// After a successful payment (spec 2 §4)

/**
 * The session's user after a payment: the plan, its dates and renewal; Flex on unless basic; a signup's
 * account now holds mailboxes. The start date stays unless the customer came from basic or is signing up.
 */
export function userAfterPayment(
  user: CurrentUser,
  result: Pick<PaymentResult, 'planId' | 'planExpiryDate'>,
  ctx: { isSignup: boolean; autoRenewal: boolean; today: string },
): CurrentUser {
  const previous = user.membershipPlan;
  const fresh = ctx.isSignup || !previous || previous.id === PLAN_IDS.basic;
  return {
    ...user,
    hasFlex: result.planId !== PLAN_IDS.basic,
    hasMailboxes: ctx.isSignup ? true : user.hasMailboxes,
    membershipPlan: {
      id: result.planId,
      startDate: fresh ? ctx.today : (previous.startDate ?? ctx.today),
      expiryDate: result.planExpiryDate,
      expirationDate: result.planExpiryDate,
      autoRenewal: ctx.autoRenewal && result.planId !== PLAN_IDS.flexLifetime,
    },
  };
}
