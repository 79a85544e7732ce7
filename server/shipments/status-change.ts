/**
 * A shipment's status moving on (a warehouse scan, a carrier's event): the shipment takes the new status and its
 * tracking history the event, and its owner's devices get a push message (issue 26, scope 3) once the change is
 * written. Two changes racing on one shipment can't both win: the update names the status it replaces.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Brand } from '../../src/brands/brands.ts';
import { statusById } from '../../src/lib/reference/shipment-statuses.ts';
import { statusTiming } from '../../src/lib/push/push-timing.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { shipments, users, type TrackingEvent } from '../db/schema.ts';
import { DomainError } from '../domain-error.ts';
import { WAREHOUSES } from '../mailboxes/warehouses.ts';
import { statusPushMessage } from '../push/push-messages.ts';
import type { PushOutcome, PushSender } from '../push/push-sender.ts';

type ShipmentRow = typeof shipments.$inferSelect;

export interface StatusChange {
  shipment: ShipmentRow;
  /** False when the shipment had that status already: nothing was written or sent. */
  changed: boolean;
  /** What the owner's devices were sent; null when nothing was sent (no change, no owner, an inactive owner). */
  pushed: PushOutcome | null;
}

export interface StatusChangeDeps {
  db: Db;
  clock: Clock;
  push: PushSender;
  brand: Brand;
}

/** Where an event happened when the caller doesn't say: the origin warehouse's city, else its code. */
const defaultLocation = (shipment: Pick<ShipmentRow, 'originEntity'>) =>
  WAREHOUSES.find((w) => w.entity === shipment.originEntity)?.city.en ?? shipment.originEntity;

type ShipmentStatus = NonNullable<ReturnType<typeof statusById>>;

/** An update's values for a shipment taking a status: the status, and its event added to the tracking history. */
export function statusUpdate(
  shipment: Pick<ShipmentRow, 'originEntity'>,
  status: ShipmentStatus,
  at: Date,
  location?: string,
) {
  const event: TrackingEvent = {
    statusId: status.id,
    status: status.name,
    location: location ?? defaultLocation(shipment),
    at: at.toISOString(),
  };
  return {
    lastPi: status.id,
    currentStatus: status.name,
    trackingProgress: status.progress,
    history: sql`${shipments.history} || ${JSON.stringify([event])}::jsonb`,
  };
}

export async function changeShipmentStatus(
  deps: StatusChangeDeps,
  awb: string,
  statusId: number,
  location?: string,
): Promise<StatusChange> {
  const { db, clock, push, brand } = deps;
  const status = statusById(statusId);
  if (!status) throw new DomainError('invalid', 'VALIDATION', `No status ${statusId}`);
  const [shipment] = await db.select().from(shipments).where(eq(shipments.awb, awb));
  if (!shipment) throw new DomainError('not-found', 'NOT_FOUND', 'No such shipment');
  if (shipment.lastPi === status.id) return { shipment, changed: false, pushed: null };

  const now = clock();
  const [updated] = await db
    .update(shipments)
    .set(statusUpdate(shipment, status, now, location))
    .where(and(eq(shipments.awb, awb), eq(shipments.lastPi, shipment.lastPi)))
    .returning();
  if (!updated) throw new DomainError('conflict', 'CONFLICT', 'The shipment changed meanwhile; try again');

  // Written: now the owner hears of it. A message that fails is logged by the sender; the change stands.
  if (!updated.userGuid) return { shipment: updated, changed: true, pushed: null };
  const [owner] = await db.select({ status: users.status }).from(users).where(eq(users.guid, updated.userGuid));
  if (owner?.status !== 'active') return { shipment: updated, changed: true, pushed: null };
  const pushed = await push.notify(
    updated.userGuid,
    (language) => statusPushMessage(updated, brand, language),
    statusTiming(status.id, now),
    { awb: updated.awb, statusId: status.id },
  );
  return { shipment: updated, changed: true, pushed };
}
