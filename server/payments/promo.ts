/**
 * Promo codes (spec 2 §3 Promo, §5): a code discounts a plan by a percentage and may add time, within its rules —
 * the plans, card number prefixes (BIN), payment types and countries it applies to, and its end date. The server
 * decides every amount: the pay calls evaluate the code again against the method actually used.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  PromoErrorCode,
  additionalDurationTypeSchema,
  type AdditionalDurationType,
} from '../../src/lib/api/payments/contract.ts';
import { fromMinor, percentOf, toMinor } from '../../src/lib/payments/money.ts';
import type { Plan } from '../../src/lib/reference/schemas.ts';
import type { Db } from '../db/database.ts';
import { promoCodes } from '../db/schema.ts';
import { DomainError } from '../domain-error.ts';

export interface PromoContext {
  plan: Plan;
  /** First six digits of the card paying, or '' when no card is known. */
  cardBin: string;
  /** '' for a new card, else the payment system id. */
  paymentType: string;
  countryCode: string;
  /** Today (YYYY-MM-DD). */
  today: string;
}

export interface Pricing {
  currency: string;
  listMinor: number;
  discountMinor: number;
  amountMinor: number;
  promoCode: string | null;
  additionalDuration: number;
  additionalDurationType: AdditionalDurationType | null;
}

const refused = (code: string, message: string) => new DomainError('invalid', code, message);

/** The normalised form codes are stored in. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** The plan's price with the promo code (if any), or a 400 saying why the code does not apply. */
export async function priceWithPromo(db: Db, code: string, ctx: PromoContext): Promise<Pricing> {
  const listMinor = toMinor(ctx.plan.amount, ctx.plan.currencyCode);
  const base: Pricing = {
    currency: ctx.plan.currencyCode,
    listMinor,
    discountMinor: 0,
    amountMinor: listMinor,
    promoCode: null,
    additionalDuration: 0,
    additionalDurationType: null,
  };
  const wanted = normaliseCode(code);
  if (!wanted) return base;
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, wanted));
  if (!promo) throw refused(PromoErrorCode.unknown, 'No such promo code');
  if (promo.validUntil && promo.validUntil < ctx.today) throw refused(PromoErrorCode.expired, 'The code has ended');
  if (promo.planIds && !promo.planIds.includes(ctx.plan.planId)) {
    throw refused(PromoErrorCode.plan, 'The code is not for this plan');
  }
  if (promo.countryCodes && !promo.countryCodes.includes(ctx.countryCode)) {
    throw refused(PromoErrorCode.country, 'The code is not for this country');
  }
  if (promo.paymentTypes && !promo.paymentTypes.includes(ctx.paymentType)) {
    throw refused(PromoErrorCode.paymentType, 'The code is not for this payment method');
  }
  if (promo.binPrefixes && !promo.binPrefixes.some((prefix) => ctx.cardBin.startsWith(prefix))) {
    throw refused(PromoErrorCode.card, 'The code is not for this card');
  }
  const discountMinor = Math.min(listMinor, percentOf(listMinor, promo.percentOff));
  return {
    ...base,
    discountMinor,
    amountMinor: listMinor - discountMinor,
    promoCode: promo.code,
    additionalDuration: promo.additionalDuration,
    additionalDurationType: z.parse(z.nullable(additionalDurationTypeSchema), promo.additionalDurationType),
  };
}

/** The promo response of spec 2 §3. */
export function promoResponse(p: Pricing) {
  return {
    amount: fromMinor(p.listMinor, p.currency),
    amountAfterDiscount: fromMinor(p.amountMinor, p.currency),
    discount: fromMinor(p.discountMinor, p.currency),
    promoCode: p.promoCode ?? '',
    subscriptionAdditionalDuration: p.additionalDuration,
    subscriptionAdditionalDurationType: p.additionalDurationType,
  };
}

/** Demo promo codes, seeded with the demo data and listed in the README. */
export const DEMO_PROMO_CODES: (typeof promoCodes.$inferInsert)[] = [
  { code: 'WELCOME10', percentOff: 10, planIds: [2, 3, 5] },
  { code: 'FLEXFREE', percentOff: 100, planIds: [2] },
  { code: 'VISA20', percentOff: 20, binPrefixes: ['4'], paymentTypes: ['', '1'] },
  { code: 'BONUS2M', percentOff: 0, planIds: [2], additionalDuration: 2, additionalDurationType: 'Month' },
  { code: 'YEARPLUS', percentOff: 15, planIds: [2], additionalDuration: 1, additionalDurationType: 'Year' },
  { code: 'SUMMER25', percentOff: 25, validUntil: '2025-09-30' },
];
