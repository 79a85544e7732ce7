import { z } from '../zod.ts';
import { DEFAULT_WEIGHT_UNIT, weightUnitNameSchema } from '../weight/weight-unit.ts';

/** The current-user entity of spec 1 §3, as the browser keeps it between pages. */
export const currentUserSchema = z.object({
  isLoggedIn: z.boolean(),
  guid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  langCode: z.string(),
  hasMailboxes: z.boolean(),
  hasLiveChat: z.boolean(),
  hasFlex: z.boolean(),
  confirmedAgreement: z.boolean(),
  countryCode: z.string(),
  gtmClientId: z.optional(z.string()),
  /** 0 cash, 1 AutoPay. */
  paymentMethodId: z.union([z.literal(0), z.literal(1)]),
  city: z.optional(z.string()),
  entity: z.optional(z.string()),
  streetAddressLine1: z.optional(z.string()),
  streetAddressLine2: z.optional(z.string()),
  id: z.object({
    mandatory: z.boolean(),
    uploaded: z.boolean(),
    detailsMandatory: z.boolean(),
    detailsFilled: z.boolean(),
  }),
  membershipPlan: z.nullable(
    z.object({
      id: z.int(),
      startDate: z.nullable(z.string()),
      expiryDate: z.nullable(z.string()),
      expirationDate: z.nullable(z.string()),
      autoRenewal: z.boolean(),
    }),
  ),
  /** The unit every weight is shown in; a session kept from before the choice existed reads as kg. */
  weightUnit: z._default(weightUnitNameSchema, DEFAULT_WEIGHT_UNIT),
});

export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Reads a persisted user; anything that does not parse counts as logged out. */
export function parseCurrentUser(raw: string | undefined | null): CurrentUser | null {
  if (!raw) return null;
  try {
    const parsed = currentUserSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.isLoggedIn ? parsed.data : null;
  } catch {
    return null;
  }
}
