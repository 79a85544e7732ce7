/**
 * The customer's weight unit (issue 24): kept in the profile, it is the unit every weight on the site is shown in
 * and the rate calculator's first choice. Weights are stored and sent in kilograms; only what is shown changes.
 */
import { z } from '../zod.ts';

export const WEIGHT_UNIT_NAMES = ['kg', 'lb'] as const;
export type WeightUnitName = (typeof WEIGHT_UNIT_NAMES)[number];
export const weightUnitNameSchema = z.enum(WEIGHT_UNIT_NAMES);

/** The unit of a customer who has not chosen one. */
export const DEFAULT_WEIGHT_UNIT: WeightUnitName = 'kg';
