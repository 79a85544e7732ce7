/** Spec 1 §4.5: flex is available in a country if its first plan is lifetime (5), else when it offers more than one plan. */
export function flexAvailable(plans: readonly { planId: number }[]): boolean {
  const [first] = plans;
  if (!first) return false;
  return first.planId === 5 || plans.length > 1;
}
