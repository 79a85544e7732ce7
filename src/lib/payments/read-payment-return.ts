/**
 * The order the provider's payment page sent the customer back with, read from the address. Apart from settling it
 * (./payment-return.ts), so a page that only looks for it loads nothing else.
 */
export interface PaymentReturn {
  order: string;
  cancelled: boolean;
}

/** The order of the address (`?order=…`, with `cancelled=1` when the customer gave up), or null. */
export function readPaymentReturn(): PaymentReturn | null {
  const query = new URLSearchParams(location.search);
  const order = query.get('order');
  return order ? { order, cancelled: query.get('cancelled') === '1' } : null;
}
