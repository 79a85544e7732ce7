/** Weight units (spec 2 §9: kg id 0, lb id 1). */
export const KG_TO_LB = 2.2046226218;

export function kgToLb(kg: number): number {
  return Math.round(kg * KG_TO_LB * 100) / 100;
}
