/**
 * Marketing contacts and mailing-list subscriptions (spec 1 §3, spec 2 §7 Signup and marketing). A contact
 * belongs to the user whose login e-mail it is: nobody reads or writes another person's contact.
 */
import { eq } from 'drizzle-orm';
import {
  CONTACT_EXISTS,
  createContact,
  getContact,
  marketingContactSchema,
  updateContact,
  type MarketingContact,
} from '../../../src/lib/api/marketing/contract.ts';
import { changeSubscriptions, getSubscriptions } from '../../../src/lib/api/customers/contract.ts';
import { marketingContacts, users } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { SessionContext } from '../env.ts';
import { HttpError, forbidden, invalid, notFound, unauthorized } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { brandLists, setSubscription, subscriptionsOf } from './subscriptions.ts';

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
async function requireOwnEmail(c: SessionContext, email: string): Promise<void> {
  const [user] = await c.var.deps.db.select({ email: users.email }).from(users).where(eq(users.guid, c.var.userGuid));
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
  router.handle(getContact, async (c, { query: { email } }) => {
    await requireOwnEmail(c, email);
    const row = await contactOf(c.var.deps.db, email);
    if (!row) throw notFound();
    return toContact(row);
  });

  router.handle(createContact, async (c, { body }) => {
    const { db, clock } = c.var.deps;
    await requireOwnEmail(c, body.email);
    const [row] = await db
      .insert(marketingContacts)
      .values({ ...body, updatedAt: clock() })
      .onConflictDoNothing()
      .returning();
    // The client updates instead when it hears this (spec 2 §7).
    if (!row) throw new HttpError(400, { code: CONTACT_EXISTS, message: CONTACT_EXISTS });
    return toContact(row);
  });

  router.handle(updateContact, async (c, { body }) => {
    const { db, clock } = c.var.deps;
    await requireOwnEmail(c, body.email);
    const [row] = await db
      .update(marketingContacts)
      .set({ ...body, updatedAt: clock() })
      .where(eq(marketingContacts.email, body.email))
      .returning();
    if (!row) throw notFound();
    return toContact(row);
  });

  // Also at the Account path of spec 2 §7 (the declaration's alias).
  router.handle(getSubscriptions, (c) => subscriptionsOf(c.var.deps.db, c.var.deps.brand, c.var.userGuid));

  router.handle(changeSubscriptions, async (c, { body: changes }) => {
    const { db, brand, clock } = c.var.deps;
    const lists = brandLists(brand);
    const fieldErrors: Record<string, string[]> = {};
    const resolved = changes.map((change, i) => {
      const target = lists.find((l) => l.type === change.type);
      if (!target) fieldErrors[`${i}.type`] = ['type'];
      return { listId: target?.listId ?? 0, subscribed: change.action === '1' };
    });
    if (Object.keys(fieldErrors).length > 0) throw invalid(fieldErrors);
    const userGuid = c.var.userGuid;
    const now = clock();
    await db.transaction(async (tx) => {
      for (const change of resolved) await setSubscription(tx, { userGuid, ...change, now });
    });
    return subscriptionsOf(db, brand, userGuid);
  });
}
