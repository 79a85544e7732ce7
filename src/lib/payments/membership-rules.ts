/**
 * Membership rules of the plans page (spec 1 §4.5): which plans a customer may move to, the expiry window,
 * pending plans and flex. Pure functions, shared by the page and by the server's check of ResolvePaymentUrl.
 *
 * The expiry window: a plan may be renewed, and its end is announced, from `renewalAllowedInLastDays` days
 * before it ends until its last day (0 days left), both inclusive. Spec 1 §4.5 gives only the lower bound for
 * flex annual ("days before expiry >= 0"); we also apply the plan's upper bound, because renewing a year ahead
 * is not what the rule is for, and so the renew choice appears exactly when the expiry notice does. An expired
 * annual plan (days < 0) or one without an end date has no choices, as the spec says ("else none").
 */
import { PLAN_IDS, type Plan } from '../reference/schemas.ts';
import { isBestValue, plansInDisplayOrder } from '../signup/signup-steps.ts';

const DAY_MS = 86_400_000;

/** The calendar day of an ISO date or date-time (`YYYY-MM-DD…`) as a UTC timestamp; null when unreadable. */
function utcDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(y, m - 1, d);
  const check = new Date(time);
  // Rejects 2026-02-30 and the like rather than rolling it over.
  return check.getUTCMonth() === m - 1 && check.getUTCDate() === d ? time : null;
}

/** Whole days from today (its UTC date) to the expiry date: 0 on the last day, negative once it has passed. */
export function daysToExpiry(expiryDate: string | null, today: Date): number | null {
  if (!expiryDate) return null;
  const end = utcDay(expiryDate);
  if (end === null) return null;
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((end - start) / DAY_MS);
}

/** The expiry window: between 0 and `renewalAllowedInLastDays` days left, both inclusive. */
export function showExpiryNotice(days: number | null, renewalAllowedInLastDays: number): boolean {
  return days !== null && days >= 0 && days <= renewalAllowedInLastDays;
}

export interface CurrentPlan {
  planId: number;
  /** From daysToExpiry; null when the plan has no end date. */
  daysToExpiry: number | null;
}

type RulePlan = Pick<Plan, 'planId' | 'renewalAllowedInLastDays'>;

/**
 * The plans the customer may pay for next (spec 1 §4.5), in display order:
 * - lifetime: all but lifetime;
 * - basic: all but basic;
 * - annual: all but basic, only within the expiry window (the annual plan's renewalAllowedInLastDays as listed
 *   for the country, 0 when the country does not list it), else none;
 * - monthly or any other plan: all except the current plan and basic.
 */
export function upgradeChoices<P extends RulePlan>(current: CurrentPlan, plans: readonly P[]): P[] {
  const { planId } = current;
  let choices: P[];
  if (planId === PLAN_IDS.flexLifetime) {
    choices = plans.filter((p) => p.planId !== PLAN_IDS.flexLifetime);
  } else if (planId === PLAN_IDS.basic) {
    choices = plans.filter((p) => p.planId !== PLAN_IDS.basic);
  } else if (planId === PLAN_IDS.flexAnnual) {
    const windowDays = plans.find((p) => p.planId === planId)?.renewalAllowedInLastDays ?? 0;
    choices = showExpiryNotice(current.daysToExpiry, windowDays)
      ? plans.filter((p) => p.planId !== PLAN_IDS.basic)
      : [];
  } else {
    choices = plans.filter((p) => p.planId !== planId && p.planId !== PLAN_IDS.basic);
  }
  return plansInDisplayOrder(choices);
}

/** Spec 1 §4.5: a pending plan is a non-basic subscription that is not active yet. */
export function isPendingPlan(plan: { planId: number; active: boolean } | null | undefined): boolean {
  return plan != null && plan.planId !== PLAN_IDS.basic && !plan.active;
}

/** Spec 1 §4.5: flex is on when the plan is not basic. */
export function flexOn(planId: number): boolean {
  return planId !== PLAN_IDS.basic;
}

/** Auto-renewal applies to plans that end and can be paid again: neither basic (free) nor lifetime. */
export function hasAutoRenewal(planId: number): boolean {
  return planId !== PLAN_IDS.basic && planId !== PLAN_IDS.flexLifetime;
}

/** One plan as the plans page lists it. */
export interface PlanCard<P> {
  plan: P;
  isCurrent: boolean;
  bestValue: boolean;
  /** The customer may pay for it now (an upgrade, a change or, for the current plan, a renewal). */
  canChoose: boolean;
}

/** Every plan in display order, with its marks and whether it may be chosen. */
export function planCards<P extends RulePlan>(current: CurrentPlan, plans: readonly P[]): PlanCard<P>[] {
  const choices = new Set(upgradeChoices(current, plans).map((p) => p.planId));
  return plansInDisplayOrder(plans).map((plan) => ({
    plan,
    isCurrent: plan.planId === current.planId,
    bestValue: isBestValue(plan.planId),
    canChoose: choices.has(plan.planId),
  }));
}

/** Plans from least to most: basic, monthly, annual, lifetime. */
const RANK: Record<number, number> = {
  [PLAN_IDS.basic]: 0,
  [PLAN_IDS.flexMonthly]: 1,
  [PLAN_IDS.flexAnnual]: 2,
  [PLAN_IDS.flexLifetime]: 3,
};

/** How a choice reads on its button: the same plan is a renewal, a bigger one an upgrade, else a switch. */
export function choiceKind(currentPlanId: number, targetPlanId: number): 'renew' | 'upgrade' | 'switch' {
  if (currentPlanId === targetPlanId) return 'renew';
  return (RANK[targetPlanId] ?? 0) > (RANK[currentPlanId] ?? 0) ? 'upgrade' : 'switch';
}

/** A saved card's expiry (`MMYY`) as spec 2 §9 shows it: `MM/YY`; anything else as it came. */
export function cardExpiryLabel(expiryDate: string): string {
  return /^\d{4}$/.test(expiryDate) ? `${expiryDate.slice(0, 2)}/${expiryDate.slice(2)}` : expiryDate;
}
