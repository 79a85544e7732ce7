/**
 * The customer as login and the session check answer it (spec 1 §3), apart from the session calls' contract
 * (./contract.ts), so that the contracts that answer the same customer (signup, account) carry this schema alone.
 */
import { z } from '../../zod.ts';
import { weightUnitNameSchema } from '../../weight/weight-unit.ts';

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** Login response fields (spec 1 §3), plus what the current user keeps of the profile. */
export const loginResponseSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userGuid: z.uuid(),
  langCode: z.string(),
  hasMailboxes: z.boolean(),
  confirmedAgreement: z.boolean(),
  isLiveChatEnabled: z.boolean(),
  countryCode: z.string(),
  city: z.nullable(z.string()),
  entity: z.nullable(z.string()),
  streetAddressLine1: z.nullable(z.string()),
  streetAddressLine2: z.nullable(z.string()),
  isIdAttachmentMandatory: z.boolean(),
  isIdUploaded: z.boolean(),
  areIdDetailsMandatory: z.boolean(),
  idType: z.nullable(z.string()),
  idTypeValue: z.nullable(z.string()),
  /** 0 cash, 1 AutoPay. */
  paymentMethod: z.union([z.literal(0), z.literal(1)]),
  planId: z.int(),
  planStartDate: z.nullable(isoDate),
  planExpiryDate: z.nullable(isoDate),
  planAutoRenewal: z.boolean(),
  /** The unit the customer sees weights in (issue 24). */
  weightUnit: weightUnitNameSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET api/account/GetCustomerDetails: the session's user, as at login. */
export const customerDetailsSchema = loginResponseSchema;
export type CustomerDetails = LoginResponse;
