/**
 * Contract of the shipment charge calls (spec 1 §3 pending shipment, §4.10; spec 2 §7 v1 shipping/payable,
 * customers payments, tracking resolvePaymentUrl): what the customer owes per shipment, and paying the shipments
 * they select on the provider's hosted page. The server sums the charges in minor units; the browser's totals
 * are only a copy.
 */
import { z } from '../../zod.ts';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { ErrorCode } from '../errors.ts';
import { endpoint } from '../endpoint.ts';
import { PaymentErrorCode, absoluteUriSchema, idempotentHeaders } from '../payments/contract.ts';

/** The lines of a card-charge (cc) entry, in this order. */
export const CC_DETAIL_NAMES = ['Shipping Charges', 'Additional Services', 'Tax'] as const;
export type CcDetailName = (typeof CC_DETAIL_NAMES)[number];

const amountSchema = z.number().check(z.nonnegative());

export const chargeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('cc'),
    details: z.array(z.object({ name: z.enum(CC_DETAIL_NAMES), amount: amountSchema })),
  }),
  /** Customs duty and import VAT. */
  z.object({ type: z.literal('custom'), amount: amountSchema }),
]);
export type Charge = z.infer<typeof chargeSchema>;

/** GET api/v1/account/{guid}/shipping/payable: a shipment with charges due. */
export const pendingShipmentSchema = z.object({
  hawb: z.object({ id: z.int(), number: z.string() }),
  currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  commodity: z.object({ description: z.string(), name: z.string() }),
  charges: z.array(chargeSchema),
});
export type PendingShipment = z.infer<typeof pendingShipmentSchema>;
export const pendingShipmentsSchema = z.array(pendingShipmentSchema);

/** POST api/tracking/resolvePaymentUrl?currencyCode: the body is the hawb ids to pay. */
export const resolvePaymentQuerySchema = z.object({
  currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  /** `tracking`: pay now on a tracking page (one shipment), which the provider's page returns to. */
  returnTo: z.optional(z.literal('tracking')),
  /** The language of the provider's page and of the page it returns to; the customer's own when left out. */
  lang: z.catch(z.optional(z.enum(LANGUAGES)), undefined),
});
export const hawbIdsSchema = z.array(z.int().check(z.positive())).check(
  z.minLength(1),
  z.maxLength(50),
  z.refine((ids) => new Set(ids).size === ids.length, 'Each shipment once'),
);

/** GET api/customers/{guid}/payments?HAWBIDs&CurrencyCode: what those shipments owe, or that they are paid. */
export const paymentsQuerySchema = z.object({
  /** Up to 50 shipment ids, each a number of at most nine digits (the ids are the database's `integer`). */
  HAWBIDs: z.string().check(z.regex(/^\d{1,9}(,\d{1,9}){0,49}$/)),
  CurrencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
});
export const shipmentPaymentsSchema = z.object({
  currencyCode: z.string(),
  shipments: z.array(
    z.object({
      hawbId: z.int(),
      awb: z.string(),
      /** What the shipment's charges come to (due or paid). */
      amount: z.number(),
      paid: z.boolean(),
    }),
  ),
  /** The sum still due. */
  totalDue: z.number(),
});
export type ShipmentPayments = z.infer<typeof shipmentPaymentsSchema>;

/**
 * POST api/customers/{guid}/payments/{orderNumber}/complete: the outcome of a hosted payment once the browser is
 * back. `open` while the customer has not paid on the provider's page (they may still).
 */
export const paymentOutcomeSchema = z.object({
  orderNumber: z.string(),
  state: z.enum(['paid', 'failed', 'open']),
  amount: z.number(),
  currencyCode: z.string(),
  /** The waybill numbers of the shipments the order pays. */
  awbs: z.array(z.string()),
  /** The provider's words (for support); customers read `gatewayReturnCode`'s message in their language. */
  gatewayReturnMessage: z.nullable(z.string()),
  /** Why a failed payment failed (src/lib/payments/gateway-messages.ts); null otherwise. */
  gatewayReturnCode: z.nullable(z.string()),
});
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

export const PendingPaymentErrorCode = {
  /** A shipment is not the customer's, has nothing due, or is in another currency. */
  shipment: 'PAYMENT_SHIPMENT',
} as const;

// ---------------------------------------------------------------------------
// The calls

const tag = 'Pending payments';

export const getPayableShipments = endpoint({
  tag,
  summary: "The customer's shipments with charges due, with their charges",
  description: 'An unpaid payment the provider says was paid meanwhile is settled first, so it is not listed.',
  method: 'GET',
  path: 'api/v1/account/{guid}/shipping/payable',
  answer: pendingShipmentsSchema,
});

export const getShipmentPayments = endpoint({
  tag,
  summary: "What some of the customer's shipments owe in a currency, or that they are paid",
  method: 'GET',
  path: 'api/customers/{guid}/payments',
  query: paymentsQuerySchema,
  answer: shipmentPaymentsSchema,
  errors: { 400: [PendingPaymentErrorCode.shipment], 404: [ErrorCode.notFound] },
});

export const resolveShipmentPaymentUrl = endpoint({
  tag,
  summary: "The provider's payment page for the shipments whose hawb ids the body lists",
  description:
    "The amount is the server's sum of the shipments' charges. Runs once per Idempotency-Key (a double click " +
    'answers the same page); a key reused with another body is a 422 IDEMPOTENCY_KEY_REUSED. An older unpaid ' +
    'payment of the same shipments is closed first; one paid meanwhile makes this a 409.',
  method: 'POST',
  path: 'api/tracking/resolvePaymentUrl',
  auth: true,
  query: resolvePaymentQuerySchema,
  body: hawbIdsSchema,
  answer: absoluteUriSchema,
  ...idempotentHeaders,
  errors: {
    400: [PaymentErrorCode.idempotencyKey, PendingPaymentErrorCode.shipment],
    409: [PaymentErrorCode.inFlight, 'CONFLICT'],
    422: [PaymentErrorCode.keyReused],
  },
});

export const completeShipmentPayment = endpoint({
  tag,
  summary: 'How a payment of shipments ended, once the provider sent the browser back',
  method: 'POST',
  path: 'api/customers/{guid}/payments/{orderNumber}/complete',
  answer: paymentOutcomeSchema,
  errors: { 404: [ErrorCode.notFound] },
});
