/**
 * POST /dev/customers: a fresh active customer with mailboxes, for a developer or a browser test that changes a
 * customer (an upgrade, a saved card) without touching the shared demo personas. Only with DEV_TOOLS on.
 * Body (JSON, all optional): countryCode (default JO), savedCard (a sandbox Visa on file). Answers the e-mail,
 * the password and the guid.
 */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { savedCards, users } from '../db/schema.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { hashPassword } from '../auth/passwords.ts';
import { openMailboxes } from '../mailboxes/open-mailboxes.ts';
import { customerEntity, findCountry, planList } from '../api/reference/lookups.ts';

const bodySchema = z.object({
  countryCode: z.string().default('JO'),
  savedCard: z.boolean().default(false),
});

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
    await openMailboxes(db, clock, user, basic, (await customerEntity(db, country.code, city)) ?? 'AMM');
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
    return c.json({ email, password: DEMO_PASSWORD, guid });
  });
}
