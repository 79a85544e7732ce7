/**
 * What the pending payments page reads (spec 1 §2.1 pending-payments, §4.10): the logged-in customer's shipments
 * with charges due, asked once per page (src/lib/api/query.ts).
 */
import { query } from '../api/query.ts';
import { getPayableShipments } from '../api/pending-payments/contract.ts';
import { forCustomer } from '../session/session-store.ts';

export const $payableShipments = query(
  getPayableShipments,
  forCustomer((guid) => ({ params: { guid } })),
);
