/**
 * The membership (spec 1 §4.5, spec 2 §7 POST api/v1/account/{guid}/membership?autorenewal, POST
 * api/account/ResolvePaymentUrl): the plan in force and a plan chosen at signup and not yet paid, its
 * auto-renewal, and the payment page of an upgrade.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  getMembership,
  resolveMembershipPaymentUrl,
  setAutoRenewal,
  type MembershipResponse,
  type MembershipState,
} from '../../../src/lib/api/payments/contract.ts';
import { planIdSchema } from '../../../src/lib/reference/schemas.ts';
import { savedCards, users } from '../../db/schema.ts';
import { payablePlan, type User } from '../../payments/orders.ts';
import { conflict, invalid } from '../http-errors.ts';
import { offeredPlan } from '../../reference/lookups.ts';
import type { ApiRouter } from '../router.ts';
import { sessionUser } from '../session-user.ts';
import { brandLang, linkOrigin } from '../users/link-mail.ts';

function membershipOf(user: User): MembershipResponse {
  return {
    planId: z.safeParse(planIdSchema, user.planId).data ?? 1,
    startDate: user.planStartDate,
    expiryDate: user.planExpiryDate,
    autoRenewal: user.planAutoRenewal,
  };
}

export function membershipRoutes(router: ApiRouter): void {
  router.handle(getMembership, async (c) => {
    const user = await sessionUser(c);
    const pendingId = user.signupPlanId ?? user.planId;
    const pending = user.planId === 1 && pendingId !== 1 ? z.safeParse(planIdSchema, pendingId).data : undefined;
    const body: MembershipState = {
      current: { ...membershipOf(user), active: true },
      pending: pending ? { planId: pending, active: false } : null,
    };
    return body;
  });

  router.handle(setAutoRenewal, async (c, { query }) => {
    const { db } = c.var.deps;
    const wanted = query.autorenewal === 'true';
    const user = await sessionUser(c);
    if (user.planId === 1 || user.planId === 5) throw invalid({ autorenewal: ['this plan does not renew'] });
    const plan = await offeredPlan(db, user.countryCode, user.planId);
    if (!wanted && plan?.mandateAutoRenew) {
      throw conflict('This plan renews automatically: cancel Flex with a request instead');
    }
    if (wanted) {
      const [option] = await db
        .select({ id: savedCards.id })
        .from(savedCards)
        .where(eq(savedCards.userGuid, user.guid));
      if (!option) throw conflict('Add a card to renew automatically');
    }
    const [saved] = await db
      .update(users)
      .set({ planAutoRenewal: wanted })
      .where(eq(users.guid, user.guid))
      .returning();
    return membershipOf(saved ?? user);
  });

  router.handle(resolveMembershipPaymentUrl, async (c, { query }) => {
    const user = await sessionUser(c);
    const plan = await payablePlan(c.var.deps.db, c.var.deps.clock, user, query.planID);
    if (plan.currencyCode !== query.currencyCode) throw invalid({ currencyCode: ['currency'] });
    const lang = brandLang(c, query.lang);
    return { absoluteUri: `${linkOrigin(c)}/${lang}/account/membership-payment?id=${plan.planId}` };
  });
}
