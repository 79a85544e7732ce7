/**
 * POST /dev/shipments/{awb}/status: moves a shipment to another status, as a warehouse scan or a carrier's event
 * would, so that a developer or a test can watch the tracking page and the owner's push notifications follow
 * (issue 26, scope 3). Body (JSON): statusId (one of src/lib/reference/shipment-statuses.ts), location (optional:
 * where it happened; default the origin warehouse's city). Answers the shipment's new status and what its owner's
 * devices were sent. Only with DEV_TOOLS on.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Brand } from '../../src/brands/brands.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { DomainError } from '../domain-error.ts';
import type { PushSender } from '../push/push-sender.ts';
import { changeShipmentStatus } from '../shipments/status-change.ts';

const bodySchema = z.object({
  statusId: z.number().int(),
  location: z.string().trim().min(1).max(100).optional(),
});

const STATUS_OF_REFUSAL = { invalid: 400, 'not-found': 404, conflict: 409, unprocessable: 422 } as const;

export function mountShipmentStatus(app: Hono, deps: { db: Db; clock: Clock; push: PushSender; brand: Brand }): void {
  app.post('/dev/shipments/:awb/status', async (c) => {
    const parsed = bodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ code: 'VALIDATION' }, 400);
    try {
      const { shipment, changed, pushed } = await changeShipmentStatus(
        deps,
        c.req.param('awb'),
        parsed.data.statusId,
        parsed.data.location,
      );
      return c.json({
        awb: shipment.awb,
        lastPi: shipment.lastPi,
        currentStatus: shipment.currentStatus,
        changed,
        pushed,
      });
    } catch (error) {
      if (error instanceof DomainError) {
        return c.json({ code: error.code, message: error.message }, STATUS_OF_REFUSAL[error.kind]);
      }
      throw error;
    }
  });
}
