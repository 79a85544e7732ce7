/**
 * Shipment charges (spec 2 §7 v1 shipping/payable, customers payments, tracking resolvePaymentUrl;
 * docs/decisions/016): the customer's payable shipments, what a selection owes, the provider's payment page for
 * it, and the order's outcome once the browser is back. The amount is always the server's sum of the shipments'
 * charges; starting a payment runs once per Idempotency-Key, and an older unpaid payment of the same shipments is
 * closed at the provider before a new one starts, so the same charges can't be paid twice.
 */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  PendingPaymentErrorCode,
  completeShipmentPayment,
  getPayableShipments,
  getShipmentPayments,
  resolveShipmentPaymentUrl,
  type PaymentOutcome,
  type ShipmentPayments,
} from '../../../src/lib/api/pending-payments/contract.ts';
import { fromMinor } from '../../../src/lib/payments/money.ts';
import { shipmentPayments } from '../../db/schema.ts';
import { idempotent } from '../payments/idempotency.ts';
import { brandOrderPrefix, nextOrderNumber } from '../../payments/orders.ts';
import {
  abandonShipmentOrder,
  amountOf,
  createShipmentOrder,
  openOrders,
  openOrdersFor,
  ownShipments,
  payableShipments,
  pendingShipmentOf,
  settleShipmentOrder,
  totalMinorOf,
  type ShipmentOrder,
} from '../../payments/shipment-orders.ts';
import { notifyWallet } from '../../wallet/wallet-mail.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, conflict, invalid, notFound } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { sessionUser } from '../session-user.ts';
import { brandLang, linkOrigin, mailPlace } from '../users/link-mail.ts';

type Ctx = Context<ApiEnv>;

const refuse = (message: string) => new HttpError(400, { code: PendingPaymentErrorCode.shipment, message });

/** Asks the provider how an order ended and settles it; `open` leaves it pending. */
function settle(c: Ctx, order: ShipmentOrder): Promise<ShipmentOrder> {
  const token = order.providerToken;
  return settleShipmentOrder(c.var.deps, order, async () =>
    token
      ? c.var.deps.payments.completeHostedPayment(token, {
          reference: order.id,
          amountMinor: order.amountMinor,
          currency: order.currency,
        })
      : { status: 'open' },
  );
}

/**
 * Closes the customer's unpaid payments of any of these shipments before a new one starts. One the customer paid
 * meanwhile is settled instead (its shipments become paid); answers whether one was.
 */
async function closeOlderPayments(c: Ctx, userGuid: string, hawbIds: readonly number[]): Promise<boolean> {
  const { db, payments, clock } = c.var.deps;
  let settled = false;
  for (const order of await openOrdersFor(db, userGuid, hawbIds)) {
    const answer = order.providerToken ? await payments.expireHostedPayment(order.providerToken) : 'unknown';
    if (answer === 'paid') settled = (await settle(c, order)).state === 'paid' || settled;
    else await abandonShipmentOrder(db, order, clock());
  }
  return settled;
}

async function outcomeOf(c: Ctx, order: ShipmentOrder): Promise<PaymentOutcome> {
  const rows = await ownShipments(c.var.deps.db, order.userGuid, order.hawbIds);
  return {
    orderNumber: order.orderNumber,
    state: order.state === 'paid' ? 'paid' : order.state === 'failed' ? 'failed' : 'open',
    amount: amountOf(order),
    currencyCode: order.currency,
    awbs: rows.map((r) => r.awb).sort(),
    gatewayReturnMessage: order.gatewayMessage,
    gatewayReturnCode: order.gatewayCode,
  };
}

export function pendingPaymentsRoutes(router: ApiRouter): void {
  router.handle(getPayableShipments, async (c) => {
    const { userGuid } = c.var;
    // A customer who paid on the provider's page and never came back: the provider's word settles it first, so
    // what they paid is not listed as due (a webhook would do the same; the sandbox has none).
    for (const order of await openOrders(c.var.deps.db, userGuid)) await settle(c, order);
    const rows = await payableShipments(c.var.deps.db, userGuid);
    return rows.map(pendingShipmentOf);
  });

  router.handle(getShipmentPayments, async (c, { query }) => {
    const ids = [...new Set(query.HAWBIDs.split(',').map(Number))];
    const found = await ownShipments(c.var.deps.db, c.var.userGuid, ids);
    const rows = ids.flatMap((id) => found.filter((r) => r.hawbId === id));
    if (rows.length !== ids.length) throw notFound();
    const currency = query.CurrencyCode;
    if (rows.some((r) => r.currency !== currency)) throw refuse('Those shipments are charged in another currency');
    const lines = rows.map((r) => ({ row: r, minor: totalMinorOf(r) }));
    const body: ShipmentPayments = {
      currencyCode: currency,
      shipments: lines.map(({ row, minor }) => ({
        hawbId: row.hawbId,
        awb: row.awb,
        amount: fromMinor(minor, currency),
        paid: row.chargesPaid,
      })),
      totalDue: fromMinor(
        lines.filter(({ row }) => !row.chargesPaid).reduce((sum, { minor }) => sum + minor, 0),
        currency,
      ),
    };
    return body;
  });

  router.handle(resolveShipmentPaymentUrl, async (c, { query, body: hawbIds }) => {
    const { currencyCode: currency, returnTo, lang: asked } = query;
    if (returnTo === 'tracking' && hawbIds.length !== 1) throw invalid({ returnTo: ['one shipment'] });
    return idempotent(c, { currency, returnTo, hawbIds: [...hawbIds].sort((a, b) => a - b) }, async () => {
      const { db, payments, brand } = c.var.deps;
      const user = await sessionUser(c);
      const rows = await ownShipments(db, user.guid, hawbIds);
      if (rows.length !== hawbIds.length) throw refuse('Some of those shipments are not yours');
      if (rows.some((r) => r.currency !== currency)) throw refuse('Those shipments are charged in another currency');
      if (rows.some((r) => r.chargesPaid || totalMinorOf(r) === 0)) throw refuse('Nothing is due on some of them');
      if (await closeOlderPayments(c, user.guid, hawbIds)) {
        throw conflict('Some of those shipments were paid meanwhile');
      }
      const order = await createShipmentOrder(db, {
        userGuid: user.guid,
        orderNumber: await nextOrderNumber(db, brandOrderPrefix(brand.id), user.guid),
        hawbIds,
        currency,
        amountMinor: rows.reduce((sum, r) => sum + totalMinorOf(r), 0),
      });
      const lang = brandLang(c, asked ?? user.langCode);
      const back = returnTo === 'tracking' ? `tracking/${encodeURIComponent(rows[0]!.awb)}` : 'pending-payments';
      const page = `${linkOrigin(c)}/${lang}/${back}?order=${order.orderNumber}`;
      const started = await payments.startHostedPayment({
        reference: order.id,
        amountMinor: order.amountMinor,
        currency,
        returnUrl: page,
        cancelUrl: `${page}&cancelled=1`,
        lang,
        description: `${brand.name} shipments ${rows.map((r) => r.awb).join(', ')}`,
      });
      await db.update(shipmentPayments).set({ providerToken: started.token }).where(eq(shipmentPayments.id, order.id));
      return { status: 200, body: { absoluteUri: new URL(started.redirectUrl, linkOrigin(c)).href } };
    });
  });

  router.handle(completeShipmentPayment, async (c, { params }) => {
    const user = await sessionUser(c);
    const [order] = await c.var.deps.db
      .select()
      .from(shipmentPayments)
      .where(and(eq(shipmentPayments.orderNumber, params.orderNumber), eq(shipmentPayments.userGuid, user.guid)));
    if (!order) throw notFound();
    const wasPaid = order.state === 'paid';
    // Not ended yet (or being settled by another request, which settle() waits for): ask the provider.
    const now = order.state === 'pending' || order.state === 'charging' ? await settle(c, order) : order;
    if (now.state === 'paid' && !wasPaid)
      await notifyWallet(c.var.deps, user, 'shipments-paid', mailPlace(c, user.langCode));
    return outcomeOf(c, now);
  });
}
