/**
 * Signup steps (spec 1 §2.4): ids 1 to 4. Going back is allowed only to earlier steps and only before the
 * confirmation. The plan chosen in step 1 travels in the session storage and in the payment URL.
 */
import { z } from '../zod.ts';
import { PLAN_IDS, planIdSchema, type Plan, type PlanId } from '../reference/schemas.ts';

/** Confirmation `m` parameter: base64 of this JSON (spec 1 §2.4). */
export const confirmationPaymentSchema = z.object({
  amount: z.union([z.number(), z.string()]),
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  pnref: z.string().check(z.maxLength(100)),
});
export type ConfirmationPayment = z.infer<typeof confirmationPaymentSchema>;

export const SIGNUP_STEPS = [
  { id: 1, name: 'signup', route: 'signup.new' },
  { id: 2, name: 'shipping', route: 'signup.shipping' },
  { id: 3, name: 'payment', route: 'signup.payment' },
  { id: 4, name: 'confirmation', route: 'signup.confirmation' },
] as const;
export type SignupStepId = (typeof SIGNUP_STEPS)[number]['id'];

/** Whether the step `target` may be opened from the step `current`. */
export function canGoBack(current: SignupStepId, target: SignupStepId): boolean {
  return target < current && current < 4;
}

const PLAN_KEY = 'signup.planId';

export function rememberPlan(planId: number): void {
  try {
    sessionStorage.setItem(PLAN_KEY, String(planId));
  } catch {
    // Storage may be unavailable (private mode); the URL still carries the plan.
  }
}

export function rememberedPlan(): number | null {
  try {
    const value = Number(sessionStorage.getItem(PLAN_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function forgetPlan(): void {
  try {
    sessionStorage.removeItem(PLAN_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** Display order of spec 1 §3: basic 1, monthly 2, annual and lifetime 3. */
const DISPLAY_ORDER: Record<number, number> = {
  [PLAN_IDS.basic]: 1,
  [PLAN_IDS.flexMonthly]: 2,
  [PLAN_IDS.flexAnnual]: 3,
  [PLAN_IDS.flexLifetime]: 3,
};

export function plansInDisplayOrder<P extends Pick<Plan, 'planId'>>(plans: readonly P[]): P[] {
  return plans
    .map((plan, index) => ({ plan, index }))
    .sort((a, b) => (DISPLAY_ORDER[a.plan.planId] ?? 9) - (DISPLAY_ORDER[b.plan.planId] ?? 9) || a.index - b.index)
    .map(({ plan }) => plan);
}

/** Annual and lifetime are marked best value. */
export function isBestValue(planId: number): boolean {
  return planId === PLAN_IDS.flexAnnual || planId === PLAN_IDS.flexLifetime;
}

/** The plan chosen: the one asked for if offered, else basic. */
export function choosePlan<P extends Pick<Plan, 'planId'>>(plans: readonly P[], wanted: number | null): P | undefined {
  return plans.find((p) => p.planId === wanted) ?? plans.find((p) => p.planId === PLAN_IDS.basic) ?? plans[0];
}

/** Confirmation `m` parameter: base64 of a JSON object with amount, currency and pnref; null when unreadable. */
export function decodeConfirmationPayment(m: string | null): ConfirmationPayment | null {
  if (!m) return null;
  try {
    const binary = atob(m.replace(/-/g, '+').replace(/_/g, '/'));
    const json: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    const parsed = confirmationPaymentSchema.safeParse(json);
    return parsed.success && Number.isFinite(Number(parsed.data.amount)) ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A plan id from a form or URL value; basic when it is not a plan. */
export function toPlanId(value: string | number | null): PlanId {
  return planIdSchema.safeParse(Number(value)).data ?? PLAN_IDS.basic;
}
