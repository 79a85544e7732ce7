/**
 * What the checkout loads before it shows (spec 2 §4, §5), as query stores (src/lib/api/query.ts): the plan from
 * the plans of the customer's country; then, for a payable plan, the payment options of the country in the plan's
 * currency, the saved cards and PayPal accounts, and the customer's AutoPay options; and the Visa Checkout
 * configuration when that method is offered. Each is asked once per page, and shared with any other store of the
 * same call and input.
 *
 * The inputs depend on the customer and on answers before them, so the stores are made per checkout
 * (`checkoutLoad`) rather than once per module; the cache behind them is the page's, whoever made them.
 */
import { computed, type ReadableAtom } from 'nanostores';
import { query, refetch } from '../api/query.ts';
import type { ApiError } from '../api/errors.ts';
import { getMembershipPlans } from '../api/reference/contract.ts';
import {
  PAYMENT_SYSTEMS,
  getPaymentOptions,
  getVisaConfig,
  type PaymentOption,
  type SavedCard,
  type VisaConfig,
  type WalletContent,
} from '../api/payments/contract.ts';
import { getAutoPayOptions, getWalletOptions, type AutoPayOptions } from '../api/wallet/contract.ts';
import { PLAN_IDS, type Plan } from '../reference/schemas.ts';
import { methodsFor, savedAccounts, usableSavedCards, type CheckoutMethod } from './checkout-rules.ts';

/** Who pays: null while nobody is logged in, or inside the card frame, where nothing is asked. */
export interface CheckoutCustomer {
  guid: string;
  countryCode: string;
}

export interface LoadedCheckout {
  plan: Plan;
  options: PaymentOption[];
  savedCards: SavedCard[];
  accounts: SavedCard[];
  methods: CheckoutMethod[];
  visaConfig: VisaConfig | null;
  /**
   * The customer's AutoPay options (spec 2 §5): AutoPay offered to them, mandatory, and a payment option that must
   * be kept.
   */
  autoPay: CheckoutAutoPay;
}

export interface CheckoutAutoPay {
  offered: boolean;
  mandatory: boolean;
  savingMandatory: boolean;
}

export type CheckoutLoad =
  | { status: 'loading' }
  /** The plans or payment options did not come (`error`), or the plan or a method is not offered (null). */
  | { status: 'failed'; error: ApiError | null }
  | { status: 'ready'; loaded: LoadedCheckout };

/** Without the saved cards the customer can still pay with a new card. */
const NO_WALLET: WalletContent = { cards: [], thirdParty: [] };
/** Without the AutoPay options the checkout asks what it asks everywhere: the server prices and checks the rest. */
const NO_AUTOPAY_OPTIONS: CheckoutAutoPay = { offered: false, mandatory: false, savingMandatory: false };

/** GET AutoPayOptions as the checkout applies it. */
export function checkoutAutoPay(options: AutoPayOptions | undefined): CheckoutAutoPay {
  if (!options) return NO_AUTOPAY_OPTIONS;
  return {
    offered: options.isAutoPayVisible || options.isAutoPayMandatory,
    mandatory: options.isAutoPayMandatory,
    savingMandatory: options.isPaymentOptionSavingMandatory,
  };
}

const LOADING: CheckoutLoad = { status: 'loading' };
const NOT_OFFERED: CheckoutLoad = { status: 'failed', error: null };

type Answer<T> = { data?: T; error?: ApiError };
const pending = (answer: Answer<unknown>) => answer.data === undefined && answer.error === undefined;

/** A part the checkout does without is logged once per failure, however often the load is worked out again. */
const logged = new WeakSet<object>();
function warnOnce(what: string, error: ApiError | undefined): void {
  if (!error || logged.has(error)) return;
  logged.add(error);
  console.warn(what, error);
}

/** The checkout's loads for the customer and plan: what they add up to, and a retry of those that failed. */
export function checkoutLoad(
  $customer: ReadableAtom<CheckoutCustomer | null>,
  planId: number,
  today: Date,
): { $load: ReadableAtom<CheckoutLoad>; retry: () => void } {
  const $plans = query(
    getMembershipPlans,
    computed($customer, (c) => (c ? { params: { code: c.countryCode } } : null)),
  );
  const $plan = computed($plans, ({ data }) => data?.plans.find((p) => p.planId === planId) ?? null);
  // Basic is free: there is nothing to pay for on this page, so nothing more is asked.
  const $payable = computed([$customer, $plan], (c, plan) =>
    c && plan && plan.planId !== PLAN_IDS.basic ? { customer: c, plan } : null,
  );
  const $options = query(
    getPaymentOptions,
    computed($payable, (p) =>
      p ? { params: { code: p.customer.countryCode }, query: { currencyCode: p.plan.currencyCode } } : null,
    ),
  );
  const $wallet = query(
    getWalletOptions,
    computed($payable, (p) => (p ? { params: { customerGUID: p.customer.guid } } : null)),
  );
  const $autoPay = query(
    getAutoPayOptions,
    computed($payable, (p) => (p ? { params: { guid: p.customer.guid } } : null)),
  );
  const $visa = query(
    getVisaConfig,
    computed($options, ({ data }) => (data?.some((o) => o.id === PAYMENT_SYSTEMS.visaCheckout) ? {} : null)),
  );

  const $load = computed(
    [$customer, $plans, $plan, $options, $wallet, $autoPay, $visa],
    (customer, plans, plan, options, wallet, autoPay, visa): CheckoutLoad => {
      if (!customer) return LOADING;
      if (plans.error) return { status: 'failed', error: plans.error };
      if (!plans.data) return LOADING;
      if (!plan || plan.planId === PLAN_IDS.basic) return NOT_OFFERED;
      if (options.error) return { status: 'failed', error: options.error };
      if (!options.data || pending(wallet) || pending(autoPay)) return LOADING;
      warnOnce('Saved payment options not loaded', wallet.error);
      warnOnce('AutoPay options not loaded', autoPay.error);
      const content = wallet.data ?? NO_WALLET;
      const savedCards = usableSavedCards(content, today);
      const methods = methodsFor(options.data, savedCards, customer.countryCode);
      if (methods.length === 0) return NOT_OFFERED;
      if (methods.includes('visaCheckout') && pending(visa)) return LOADING;
      warnOnce('Visa Checkout configuration not loaded', visa.error);
      return {
        status: 'ready',
        loaded: {
          plan,
          options: options.data,
          savedCards,
          accounts: savedAccounts(content),
          methods,
          visaConfig: visa.data ?? null,
          autoPay: checkoutAutoPay(autoPay.data),
        },
      };
    },
  );

  /** Asks again for the loads that failed and have no fallback: the plans or the payment options. */
  const retry = () => {
    if ($plans.get().error) refetch(getMembershipPlans);
    else if ($options.get().error) refetch(getPaymentOptions);
  };
  return { $load, retry };
}
