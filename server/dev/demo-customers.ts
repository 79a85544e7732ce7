/**
 * POST /dev/customers: a fresh active customer with mailboxes, for a developer or a browser test that changes a
 * customer (an upgrade, a saved card) without touching the shared demo personas. Only with DEV_TOOLS on.
 * Body (JSON, all optional): countryCode (default JO), savedCard (a sandbox Visa on file, with or without
 * mailboxes), autoPay (deliveries paid with that card), pendingShipments (0 to 5 shipments with charges due),
 * deliveredShipments (0 to 5 delivered, which can be returned) and invoiceShipments (0 to 5 waiting for an
 * e-invoice, with no declared value); mailboxes: false leaves the customer without mailboxes, half-way through
 * signup. Answers the e-mail, the password and the guid.
 */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { savedCards, shipments, users } from '../db/schema.ts';
import { DEMO_PASSWORD } from './seed.ts';
import { hashPassword } from '../auth/passwords.ts';
import { openMailboxes } from '../mailboxes/open-mailboxes.ts';
import { customerEntity, findCountry, planList } from '../reference/lookups.ts';

const bodySchema = z.object({
  countryCode: z.string().default('JO'),
  savedCard: z.boolean().default(false),
  /** Deliveries paid with AutoPay (needs savedCard). */
  autoPay: z.boolean().default(false),
  /** Shipments held until their charges are paid (Pending payments). */
  pendingShipments: z.number().int().min(0).max(5).default(0),
  /** Delivered shipments, free to be returned (Return shipment). */
  deliveredShipments: z.number().int().min(0).max(5).default(0),
  /** Shipments that need an e-invoice and have no declared value (the GST rule of tracking). */
  invoiceShipments: z.number().int().min(0).max(5).default(0),
  /** false: no mailboxes yet (signup's shipping and payment steps); the shipment options need mailboxes. */
  mailboxes: z.boolean().default(true),
});

type ShipmentKind = 'pending' | 'delivered' | 'invoice';

const KIND_STATUS: Record<ShipmentKind, { lastPi: number; currentStatus: string; trackingProgress: number }> = {
  pending: { lastPi: 18, currentStatus: 'Held at customs', trackingProgress: 75 },
  delivered: { lastPi: 22, currentStatus: 'Delivered', trackingProgress: 100 },
  invoice: { lastPi: 6, currentStatus: 'need e-invoice', trackingProgress: 25 },
};

const DAY = 86_400_000;

/** Shipments of the new customer (with charges due, delivered, or waiting for an invoice), each different. */
async function shipmentRows(db: Db, clock: Clock, userGuid: string, entity: string, kind: ShipmentKind, count: number) {
  const status = KIND_STATUS[kind];
  const due = kind === 'pending';
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const [next] = await db
        .select({ n: sql<number>`nextval('hawb_id_seq')::int` })
        .from(users)
        .where(eq(users.guid, userGuid));
      const hawbId = next?.n ?? 0;
      const receivedAt = new Date(clock().getTime() - (count - i) * DAY);
      return {
        awb: `SB${8_000_000 + hawbId}`,
        hawbId,
        foreignAwb: `1Z${9_000_000_000 + hawbId}`,
        userGuid,
        customerId: 0,
        originCountryCode: 'US',
        originEntity: 'NYC',
        destEntity: entity,
        merchant: 'Northwind Outfitters',
        description: ['Running shoes', 'Winter jacket', 'Paperback books', 'Vitamins', 'Kitchen knives'][i % 5]!,
        weightKg: (1.2 + i * 0.4).toFixed(2),
        ...status,
        currency: 'USD',
        customsDuty: due ? (10 + i * 2.5).toFixed(2) : '0',
        importVat: due ? (6.4 + i).toFixed(2) : '0',
        customsDeclaredValue: kind === 'invoice' ? null : (60 + i * 15).toFixed(2),
        customsDeclaredCurrency: kind === 'invoice' ? null : 'USD',
        charges: due
          ? {
              shipping: (12.35 + i * 3.1).toFixed(2),
              services: '2.00',
              tax: (1.15 + i * 0.1).toFixed(2),
              customs: (16.4 + i * 3.5).toFixed(2),
            }
          : null,
        chargesPaid: !due,
        history: [
          { statusId: status.lastPi, status: status.currentStatus, location: entity, at: receivedAt.toISOString() },
        ],
        receivedAt,
      };
    }),
  );
}

/** A capital per country the tests use, so the customer's office exists. */
const CITY: Record<string, string> = { JO: 'Amman', SA: 'Riyadh', KW: 'Kuwait City', ZA: 'Johannesburg', AE: 'Dubai' };

export function mountDemoCustomers(app: Hono, db: Db, clock: Clock): void {
  app.post('/dev/customers', async (c) => {
    const parsed = bodySchema.safeParse(await c.req.json().catch(() => ({})));
    if (!parsed.success) return c.json({ code: 'VALIDATION' }, 400);
    const country = await findCountry(db, parsed.data.countryCode);
    if (!country) return c.json({ code: 'VALIDATION', message: 'Unknown country' }, 400);
    const guid = randomUUID();
    const email = `customer-${guid.slice(0, 8)}@example.com`;
    const city = CITY[country.code] ?? null;
    const [user] = await db
      .insert(users)
      .values({
        guid,
        email,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        status: 'active',
        firstName: 'Test',
        lastName: 'Customer',
        countryCode: country.code,
        city,
        streetAddressLine1: '1 Test Street',
        birthDate: '1990-01-01',
        confirmedAgreement: true,
        hasMailboxes: false,
      })
      .returning();
    const basic = (await planList(db, country.code)).plans.find((p) => p.planId === 1);
    if (!user || !basic) return c.json({ code: 'SERVER_ERROR' }, 500);
    // A card on file before the mailboxes too: the signup's payment step offers it.
    if (parsed.data.savedCard) {
      const year = String((clock().getUTCFullYear() + 2) % 100).padStart(2, '0');
      await db.insert(savedCards).values({
        userGuid: guid,
        providerToken: 'sandbox_tok_test_visa',
        type: '1',
        first6Digits: '411111',
        last4Digits: '1111',
        expiryDate: `09${year}`,
        name: 'Test Customer',
        isDefault: true,
      });
    }
    if (!parsed.data.mailboxes) return c.json({ email, password: DEMO_PASSWORD, guid });
    const entity = (await customerEntity(db, country.code, city)) ?? 'AMM';
    await openMailboxes(db, clock, user, basic, entity);
    if (parsed.data.autoPay && parsed.data.savedCard) {
      await db.update(users).set({ paymentMethod: 1, autoPayAgreedAt: clock() }).where(eq(users.guid, guid));
    }
    const counts: Record<ShipmentKind, number> = {
      pending: parsed.data.pendingShipments,
      delivered: parsed.data.deliveredShipments,
      invoice: parsed.data.invoiceShipments,
    };
    for (const kind of ['pending', 'delivered', 'invoice'] as const) {
      if (counts[kind] > 0) {
        await db.insert(shipments).values(await shipmentRows(db, clock, guid, entity, kind, counts[kind]));
      }
    }
    return c.json({ email, password: DEMO_PASSWORD, guid });
  });
}
