/**
 * What the landed-cost estimate takes of a parcel (issue 24): its sides' units and limits, the largest declared
 * value, and the volumetric weight the rates charge when it is more than the actual one. Small and free of schemas,
 * so the rate calculator checks its form with the same limits without loading the contract.
 */

/** Units of a parcel's sides. */
export const DIMENSION_UNITS = ['cm', 'in'] as const;
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

export const SIDES = ['length', 'width', 'height'] as const;
export type Side = (typeof SIDES)[number];

/** The longest side the estimate takes, per unit (a parcel larger than this ships as freight, not a parcel). */
export const MAX_SIDE = { cm: 300, in: 118 } as const;
/** The largest declared value the estimate takes, in any currency's major units. */
export const MAX_DECLARED_VALUE = 1_000_000;
/**
 * Cubic centimetres per kilogram of volumetric weight, as the country rates use; the rules read it from
 * src/content/data/landed-cost.json, which a test keeps equal to this.
 */
export const VOLUMETRIC_DIVISOR = 5000;
export const CM_PER_IN = 2.54;

/** The volumetric weight in kilograms of a parcel with these sides. */
export function volumetricKg(sides: Readonly<Record<Side, number>>, unit: DimensionUnit): number {
  const cm = unit === 'in' ? CM_PER_IN : 1;
  return SIDES.reduce((volume, side) => volume * sides[side] * cm, 1) / VOLUMETRIC_DIVISOR;
}
