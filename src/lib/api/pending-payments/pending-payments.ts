/** The shipment charge calls (spec 2 §7): payable shipments, the payment page for a selection, the outcome. */
import { http } from '../http.ts';
import { call } from '../call.ts';
import { IDEMPOTENCY_HEADER, absoluteUriSchema } from '../payments/contract.ts';
import {
  paymentOutcomeSchema,
  pendingShipmentsSchema,
  shipmentPaymentsSchema,
  type PaymentOutcome,
  type PendingShipment,
  type ShipmentPayments,
} from './contract.ts';

export function getPayableShipments(guid: string): Promise<PendingShipment[]> {
  return call(pendingShipmentsSchema, () => http.get(`v1/account/${guid}/shipping/payable`));
}

/**
 * The provider's payment page for the shipments `hawbIds` in `currencyCode`. `key` makes a double click (or a
 * retry of the same attempt) answer the same page rather than start a second payment. `returnTo: 'tracking'`
 * (one shipment) brings the customer back to its tracking page rather than to pending payments.
 */
export function resolveShipmentPaymentUrl(
  hawbIds: readonly number[],
  currencyCode: string,
  lang: 'en' | 'ar',
  key: string,
  returnTo?: 'tracking',
): Promise<string> {
  return call(absoluteUriSchema, () =>
    http.post('tracking/resolvePaymentUrl', {
      searchParams: { currencyCode, lang, ...(returnTo ? { returnTo } : {}) },
      json: hawbIds,
      headers: { [IDEMPOTENCY_HEADER]: key },
      retry: 0,
    }),
  ).then((r) => r.absoluteUri);
}

export function getShipmentPayments(
  guid: string,
  hawbIds: readonly number[],
  currencyCode: string,
): Promise<ShipmentPayments> {
  return call(shipmentPaymentsSchema, () =>
    http.get(`customers/${guid}/payments`, {
      searchParams: { HAWBIDs: hawbIds.join(','), CurrencyCode: currencyCode },
    }),
  );
}

/** How the payment `orderNumber` ended, once the provider sent the browser back. */
export function completeShipmentPayment(guid: string, orderNumber: string): Promise<PaymentOutcome> {
  return call(paymentOutcomeSchema, () =>
    http.post(`customers/${guid}/payments/${encodeURIComponent(orderNumber)}/complete`, { retry: 0 }),
  );
}
