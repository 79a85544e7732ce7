/**
 * The payment systems offered per country (spec 2 §7 Payment options by country): cards everywhere, PayPal and
 * Visa Checkout where the provider serves them, Sadad in Saudi Arabia and Knet in Kuwait. South Africa takes
 * cards through the Peach card frame (spec 2 §9) and PayPal. Plans are charged in their own currency, so no
 * option converts to USD.
 */
import { PAYMENT_SYSTEMS, PEACH_COUNTRY, type PaymentOption } from '../../src/lib/api/payments/contract.ts';

const { visa, masterCard, amex, diners, discover, payPal, sadad, knet, visaCheckout } = PAYMENT_SYSTEMS;

const EVERYWHERE = [visa, masterCard, amex, diners, discover, payPal, visaCheckout];
const BY_COUNTRY: Record<string, readonly PaymentOption['id'][]> = {
  SA: [...EVERYWHERE, sadad],
  KW: [...EVERYWHERE, knet],
  [PEACH_COUNTRY]: [visa, masterCard, payPal],
};

export function paymentOptionsFor(countryCode: string): PaymentOption[] {
  return (BY_COUNTRY[countryCode] ?? EVERYWHERE).map((id) => ({ id, convertToUSD: false }));
}

export function offersSystem(countryCode: string, systemId: number): boolean {
  return paymentOptionsFor(countryCode).some((o) => o.id === systemId);
}
