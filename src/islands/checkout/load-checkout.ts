/**
 * What the checkout loads before it shows (spec 2 §4): the plan from the plans of the customer's country, the
 * payment options of the country in the plan's currency, the saved cards and PayPal accounts, and the Visa
 * Checkout configuration when that method is offered.
 */
import { getMembershipPlans } from '../../lib/api/reference/reference.ts';
import { getPaymentOptions, getVisaConfig, getWalletContent } from '../../lib/api/payments/payments.ts';
import type { PaymentOption, SavedCard, VisaConfig, WalletContent } from '../../lib/api/payments/contract.ts';
import { methodsFor, savedAccounts, usableSavedCards, type CheckoutMethod } from '../../lib/payments/checkout-rules.ts';
import { PLAN_IDS, type Plan } from '../../lib/reference/schemas.ts';

export interface LoadedCheckout {
  plan: Plan;
  options: PaymentOption[];
  savedCards: SavedCard[];
  accounts: SavedCard[];
  methods: CheckoutMethod[];
  visaConfig: VisaConfig | null;
}

const NO_WALLET: WalletContent = { cards: [], thirdParty: [] };

/** Null when the plan is not payable here or no method is offered (errors.500, no submit). */
export async function loadCheckout(
  user: { guid: string; countryCode: string },
  planId: number,
  today: Date,
): Promise<LoadedCheckout | null> {
  const { plans } = await getMembershipPlans(user.countryCode);
  const plan = plans.find((p) => p.planId === planId);
  // Basic is free: there is nothing to pay for on this page.
  if (!plan || plan.planId === PLAN_IDS.basic) return null;
  const [options, wallet] = await Promise.all([
    getPaymentOptions(user.countryCode, plan.currencyCode),
    // Without the saved cards the customer can still pay with a new card.
    getWalletContent(user.guid).catch((error: unknown) => {
      console.warn('Saved payment options not loaded', error);
      return NO_WALLET;
    }),
  ]);
  const savedCards = usableSavedCards(wallet, today);
  const methods = methodsFor(options, savedCards, user.countryCode);
  if (methods.length === 0) return null;
  const visaConfig = methods.includes('visaCheckout')
    ? await getVisaConfig().catch((error: unknown) => {
        console.warn('Visa Checkout configuration not loaded', error);
        return null;
      })
    : null;
  return { plan, options, savedCards, accounts: savedAccounts(wallet), methods, visaConfig };
}
