/**
 * Membership payments (spec 2 §4, §5, §7 Subscription payments): payment options and payment methods by country,
 * promo codes, and, in their own files, the token-prepare calls of each method (./token.routes.ts), the pay calls
 * (./pay.routes.ts), Visa Checkout (./visa-checkout.routes.ts) and the membership (./membership.routes.ts).
 * Amounts come from the plan and the promo code, never from the browser; every call that can start or take a
 * payment runs once per Idempotency-Key; card numbers and security codes go to the provider's tokenizer and are
 * neither stored nor logged.
 */
import {
  PEACH_COUNTRY,
  applyPromo,
  getCountryPaymentMethods,
  getPaymentOptions,
} from '../../../src/lib/api/payments/contract.ts';
import { paymentOptionsFor } from '../../payments/payment-options.ts';
import { promoResponse } from '../../payments/promo.ts';
import type { ApiRouter } from '../router.ts';
import { knownCountry } from '../known-country.ts';
import { sessionUser } from '../session-user.ts';
import { membershipRoutes } from './membership.routes.ts';
import { pricing } from './payment-steps.ts';
import { payRoutes } from './pay.routes.ts';
import { tokenRoutes } from './token.routes.ts';
import { visaCheckoutRoutes } from './visa-checkout.routes.ts';

/** How long a browser or a cache may keep a country's payment methods: reference data that seldom changes. */
const PAYMENT_METHODS_MAX_AGE = 60 * 60;

export function paymentsRoutes(router: ApiRouter): void {
  // ---------------------------------------------------------------------------------------------------------
  // Options and promo codes

  /** The options of a payment in a currency; plans are charged in their own currency, so none converts to USD. */
  router.handle(getPaymentOptions, async (c, { params }) => {
    return paymentOptionsFor((await knownCountry(c.var.deps.db, params.code)).code);
  });

  /**
   * A country's payment methods (spec 2 §7 Reference data): the same answer for everyone, so it needs no session
   * and may be cached. Sadad in Saudi Arabia, Knet in Kuwait and the Peach card frame in South Africa come from
   * the same rules the token and pay calls check (server/payments/payment-options.ts); AutoPay's from the
   * country (src/content/data/countries.json), as the customer's AutoPay options read them.
   */
  router.handle(getCountryPaymentMethods, async (c, { params }) => {
    const country = await knownCountry(c.var.deps.db, params.code);
    c.header('Cache-Control', `public, max-age=${PAYMENT_METHODS_MAX_AGE}`);
    const mandatory = country.autoPayMandatory;
    return {
      countryCode: country.code,
      systems: paymentOptionsFor(country.code).map((o) => o.id),
      cardRoute: country.code === PEACH_COUNTRY ? ('peach' as const) : ('card' as const),
      autoPay: {
        // A mandatory AutoPay is shown whatever the display setting, as the customer's AutoPay options show it.
        visible: mandatory || country.autoPayVisible,
        mandatory,
        paymentOptionSavingMandatory: mandatory,
        discountPercent: country.autoPayDiscountPercent,
      },
    };
  });

  router.handle(applyPromo, async (c, { body }) => {
    const user = await sessionUser(c);
    const { price } = await pricing(c, user, body.planId, body.code, body.cardBIN, body.paymentType);
    return promoResponse(price);
  });

  tokenRoutes(router);
  payRoutes(router);
  visaCheckoutRoutes(router);
  membershipRoutes(router);
}
