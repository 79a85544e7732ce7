/**
 * Marketing contacts and mailing-list subscriptions (spec 1 §3, spec 2 §7 Signup and marketing). A contact
 * belongs to the user whose login e-mail it is: nobody reads or writes another person's contact.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  CONTACT_EXISTS,
  marketingContactSchema,
  subscriptionChangesSchema,
  type MarketingContact,
} from '../../../src/lib/api/marketing/contract.ts';
import { marketingContacts, users } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, fieldErrorsOf, forbidden, invalid, jsonBody, notFound, unauthorized } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { brandLists, setSubscription, subscriptionsOf } from './subscriptions.ts';

const emailQuerySchema = marketingContactSchema.shape.email;

type ContactRow = typeof marketingContacts.$inferSelect;

const toContact = (r: ContactRow): MarketingContact =>
  marketingContactSchema.parse({
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    countryCode: r.countryCode,
    langCode: r.langCode,
    optin: r.optin,
    formStage: r.formStage,
    planId: r.planId,
  });

/** 403 unless `email` is the session user's own login e-mail. */
async function requireOwnEmail(c: Context<ApiEnv>, email: string): Promise<void> {
  const [user] = await c.var.deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.guid, c.var.userGuid ?? ''));
  if (!user) throw unauthorized();
  if (user.email !== email) throw forbidden();
}

async function contactOf(db: Db, email: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(marketingContacts).where(eq(marketingContacts.email, email));
  return row;
}

/** Moves the contact of `email`, if there is one, to a later form stage (spec 2 §9). */
export async function advanceFormStage(db: Db, email: string, formStage: number, now: Date): Promise<void> {
  await db.update(marketingContacts).set({ formStage, updatedAt: now }).where(eq(marketingContacts.email, email));
}

export function marketingRoutes(router: ApiRouter): void {
  router.get(
    '/api/v1/emarsysContact',
    async (c) => {
      const parsed = emailQuerySchema.safeParse(c.req.query('email') ?? '');
      if (!parsed.success) throw invalid({ email: Object.values(fieldErrorsOf(parsed.error)).flat() });
      await requireOwnEmail(c, parsed.data);
      const row = await contactOf(c.var.deps.db, parsed.data);
      if (!row) throw notFound();
      return c.json(toContact(row));
    },
    { auth: true },
  );

  router.post(
    '/api/v1/emarsysContact',
    async (c) => {
      const { db, clock } = c.var.deps;
      const body = await jsonBody(c, marketingContactSchema);
      await requireOwnEmail(c, body.email);
      const [row] = await db
        .insert(marketingContacts)
        .values({ ...body, updatedAt: clock() })
        .onConflictDoNothing()
        .returning();
      // The client updates instead when it hears this (spec 2 §7).
      if (!row) throw new HttpError(400, { code: CONTACT_EXISTS, message: CONTACT_EXISTS });
      return c.json(toContact(row), 201);
    },
    { auth: true },
  );

  router.put(
    '/api/v1/emarsysContact',
    async (c) => {
      const { db, clock } = c.var.deps;
      const body = await jsonBody(c, marketingContactSchema);
      await requireOwnEmail(c, body.email);
      const [row] = await db
        .update(marketingContacts)
        .set({ ...body, updatedAt: clock() })
        .where(eq(marketingContacts.email, body.email))
        .returning();
      if (!row) throw notFound();
      return c.json(toContact(row));
    },
    { auth: true },
  );

  const list = async (c: Context<ApiEnv>) =>
    c.json(await subscriptionsOf(c.var.deps.db, c.var.deps.brand, c.var.userGuid ?? ''));
  router.get('/api/customers/:guid/subscriptions', list);
  router.get('/api/account/:guid/subscriptions', list);

  router.put('/api/customers/:guid/subscriptions', async (c) => {
    const { db, brand, clock } = c.var.deps;
    const changes = await jsonBody(c, subscriptionChangesSchema);
    const lists = brandLists(brand);
    const fieldErrors: Record<string, string[]> = {};
    const resolved = changes.map((change, i) => {
      const target = lists.find((l) => l.type === change.type);
      if (!target) fieldErrors[`${i}.type`] = ['type'];
      return { listId: target?.listId ?? 0, subscribed: change.action === '1' };
    });
    if (Object.keys(fieldErrors).length > 0) throw invalid(fieldErrors);
    const userGuid = c.var.userGuid ?? '';
    const now = clock();
    await db.transaction(async (tx) => {
      for (const change of resolved) await setSubscription(tx as unknown as Db, { userGuid, ...change, now });
    });
    return c.json(await subscriptionsOf(db, brand, userGuid));
  });
}
