/**
 * The return from the provider's payment page (pending payments and pay now on a tracking page): the order it
 * came back with, settled once.
 */
import { completeShipmentPayment, type PaymentOutcome } from '../api/pending-payments/contract.ts';
import { call } from '../api/call.ts';
import { notify } from '../notifications/notifications.ts';
import type { PaymentReturn } from './read-payment-return.ts';

export { readPaymentReturn, type PaymentReturn } from './read-payment-return.ts';

export interface ReturnedPayment {
  outcome: PaymentOutcome;
  cancelled: boolean;
}

/**
 * How the order ended. The query is dropped first, so a reload shows the page, not the same outcome again; a paid
 * order is announced, a failure to ask says so and answers null.
 */
export async function settlePaymentReturn(guid: string, back: PaymentReturn): Promise<ReturnedPayment | null> {
  history.replaceState(history.state, '', location.pathname);
  try {
    const outcome = await call(completeShipmentPayment, { params: { guid, orderNumber: back.order } });
    if (outcome.state === 'paid') notify('success', 'pendingPayments.paidToast');
    return { outcome, cancelled: back.cancelled };
  } catch {
    notify('danger', 'errors.500');
    return null;
  }
}
