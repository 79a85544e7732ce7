/**
 * Payments of shipment charges (spec 1 §4.10, spec 2 §4 pending payments) on the provider's hosted page: the
 * customer's payable shipments, an order for a selection with the server's amount, and its settlement. Like the
 * membership orders (docs/decisions/015), an order moves pending → charging → paid | failed by conditional
 * updates, so a replayed return or a second process settles it once; paying marks its shipments paid and writes
 * the wallet statement line in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Charge, PendingShipment } from '../../src/lib/api/pending-payments/contract.ts';
import { fromMinor } from '../../src/lib/payments/money.ts';
import { shipmentTotalMinor } from '../../src/lib/payments/pending-charges.ts';
import type { Db } from '../db/database.ts';
import { shipmentPayments, shipments, walletTransactions } from '../db/schema.ts';
import type { OrderDeps } from './orders.ts';
import type { HostedPaymentResult, Refusal } from './provider.ts';

type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentOrder = typeof shipmentPayments.$inferSelect;

/** The charges of a stored shipment, as spec 1 §3 lists them (cc lines, then customs). */
export function chargesOf(row: ShipmentRow): Charge[] {
  const c = row.charges;
  if (!c) return [];
  return [
    {
      type: 'cc',
      details: [
        { name: 'Shipping Charges', amount: Number(c.shipping) },
        { name: 'Additional Services', amount: Number(c.services) },
        { name: 'Tax', amount: Number(c.tax) },
      ],
    },
    { type: 'custom', amount: Number(c.customs) },
  ];
}

export function pendingShipmentOf(row: ShipmentRow): PendingShipment {
  return {
    hawb: { id: row.hawbId, number: row.awb },
    currencyCode: row.currency,
    commodity: { description: row.description, name: row.merchant ?? '' },
    charges: chargesOf(row),
  };
}

export const totalMinorOf = (row: ShipmentRow) => shipmentTotalMinor(pendingShipmentOf(row));

/** The customer's shipments with charges still due, newest first. */
export async function payableShipments(db: Db, userGuid: string): Promise<ShipmentRow[]> {
  const rows = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.userGuid, userGuid), eq(shipments.chargesPaid, false), isNotNull(shipments.charges)));
  return rows.filter((r) => totalMinorOf(r) > 0).sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime());
}

/** The customer's shipments among `hawbIds` (any that are someone else's are simply not there). */
export async function ownShipments(db: Db, userGuid: string, hawbIds: readonly number[]): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.userGuid, userGuid), inArray(shipments.hawbId, [...hawbIds])));
}

/** The customer's orders still open (pending): started on the provider's page, not settled. */
export async function openOrders(db: Db, userGuid: string): Promise<ShipmentOrder[]> {
  return db
    .select()
    .from(shipmentPayments)
    .where(and(eq(shipmentPayments.userGuid, userGuid), eq(shipmentPayments.state, 'pending')));
}

/** The customer's open orders that pay any of `hawbIds`. */
export async function openOrdersFor(db: Db, userGuid: string, hawbIds: readonly number[]): Promise<ShipmentOrder[]> {
  return (await openOrders(db, userGuid)).filter((order) => order.hawbIds.some((id) => hawbIds.includes(id)));
}

export async function createShipmentOrder(
  db: Db,
  o: { userGuid: string; orderNumber: string; hawbIds: number[]; currency: string; amountMinor: number },
): Promise<ShipmentOrder> {
  const [order] = await db
    .insert(shipmentPayments)
    .values({ id: randomUUID(), ...o, state: 'pending' })
    .returning();
  if (!order) throw new Error('shipment order not created');
  return order;
}

/**
 * Settles an order with the provider's word on it, once. `open` (not paid yet on the provider's page) leaves it
 * pending; a success marks its shipments paid; a failure ends it. Answers the order as it now stands.
 */
export async function settleShipmentOrder(
  deps: OrderDeps,
  order: ShipmentOrder,
  outcome: () => Promise<HostedPaymentResult>,
): Promise<ShipmentOrder> {
  const { db, clock, logger } = deps;
  const [claimed] = await db
    .update(shipmentPayments)
    .set({ state: 'charging', updatedAt: clock() })
    .where(and(eq(shipmentPayments.id, order.id), eq(shipmentPayments.state, 'pending')))
    .returning();
  if (!claimed) return settledBySomeoneElse(db, order);
  let result: HostedPaymentResult;
  try {
    result = await outcome();
  } catch (error) {
    await db.update(shipmentPayments).set({ state: 'pending' }).where(eq(shipmentPayments.id, claimed.id));
    throw error;
  }
  if (result.status === 'open') {
    const [reopened] = await db
      .update(shipmentPayments)
      .set({ state: 'pending', updatedAt: clock() })
      .where(eq(shipmentPayments.id, claimed.id))
      .returning();
    return reopened ?? claimed;
  }
  let ended: ShipmentOrder;
  if (result.status === 'failed') ended = await fail(db, claimed, result, clock());
  else {
    const { paid, alreadyPaid } = await markPaid(db, claimed, result.providerRef, clock());
    if (alreadyPaid > 0) logger.error({ order: paid.orderNumber, alreadyPaid }, 'shipments paid twice: refund due');
    ended = paid;
  }
  logger.info(
    { order: ended.orderNumber, amountMinor: ended.amountMinor, currency: ended.currency, state: ended.state },
    'shipment payment',
  );
  return ended;
}

/** How long a second request for the same order waits for the first one to settle it. */
const IN_FLIGHT_WAIT_MS = 5_000;
const IN_FLIGHT_POLL_MS = 100;

/**
 * The order as another request leaves it: a second return of the same payment (a reload, two tabs) waits for the
 * first to finish settling, so both tell the customer the same outcome.
 */
async function settledBySomeoneElse(db: Db, order: ShipmentOrder): Promise<ShipmentOrder> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const [now] = await db.select().from(shipmentPayments).where(eq(shipmentPayments.id, order.id));
    if (!now || now.state !== 'charging' || Date.now() > deadline) return now ?? order;
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
  }
}

async function fail(db: Db, order: ShipmentOrder, refusal: Refusal, now: Date): Promise<ShipmentOrder> {
  const [failed] = await db
    .update(shipmentPayments)
    .set({ state: 'failed', gatewayMessage: refusal.message, gatewayCode: refusal.code, updatedAt: now })
    .where(and(eq(shipmentPayments.id, order.id), eq(shipmentPayments.state, 'charging')))
    .returning();
  return failed ?? order;
}

/** Closes an order the customer replaced with a new one before paying it. */
export async function abandonShipmentOrder(db: Db, order: ShipmentOrder, now: Date): Promise<void> {
  await db
    .update(shipmentPayments)
    .set({ state: 'failed', gatewayMessage: 'Replaced by a newer payment', gatewayCode: 'cancelled', updatedAt: now })
    .where(and(eq(shipmentPayments.id, order.id), eq(shipmentPayments.state, 'pending')));
}

/**
 * Marks the order paid with its shipments and writes its statement line. A shipment another order paid first is
 * counted: the provider took this money too, and staff must refund it (the order says how many it paid).
 */
async function markPaid(
  db: Db,
  order: ShipmentOrder,
  providerRef: string,
  now: Date,
): Promise<{ paid: ShipmentOrder; alreadyPaid: number }> {
  return db.transaction(async (t) => {
    const paidNow = await t
      .update(shipments)
      .set({ chargesPaid: true })
      .where(
        and(
          eq(shipments.userGuid, order.userGuid),
          inArray(shipments.hawbId, order.hawbIds),
          eq(shipments.chargesPaid, false),
        ),
      )
      .returning({ awb: shipments.awb });
    const [paid] = await t
      .update(shipmentPayments)
      .set({ state: 'paid', providerRef, updatedAt: now })
      .where(and(eq(shipmentPayments.id, order.id), eq(shipmentPayments.state, 'charging')))
      .returning();
    if (!paid) throw new Error('shipment order changed while charging');
    const awbs = (await ownShipments(t, order.userGuid, order.hawbIds)).map((s) => s.awb).sort();
    await t.insert(walletTransactions).values({
      userGuid: order.userGuid,
      kind: 'shipmentPayment',
      amountMinor: order.amountMinor,
      currency: order.currency,
      reference: `${order.orderNumber}: ${awbs.join(', ')}`,
      createdAt: now,
    });
    return { paid, alreadyPaid: order.hawbIds.length - paidNow.length };
  });
}

export const amountOf = (order: ShipmentOrder) => fromMinor(order.amountMinor, order.currency);
