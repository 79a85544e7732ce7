/** Contract of the account and users calls (spec 2 §7 Account, Users). */
import { z } from 'zod';

const email = z.string().trim().toLowerCase().pipe(z.email().max(254));

export const loginRequestSchema = z.object({
  email,
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

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
  city: z.string().nullable(),
  entity: z.string().nullable(),
  streetAddressLine1: z.string().nullable(),
  streetAddressLine2: z.string().nullable(),
  isIdAttachmentMandatory: z.boolean(),
  isIdUploaded: z.boolean(),
  areIdDetailsMandatory: z.boolean(),
  idType: z.string().nullable(),
  idTypeValue: z.string().nullable(),
  /** 0 cash, 1 AutoPay. */
  paymentMethod: z.union([z.literal(0), z.literal(1)]),
  planId: z.number().int(),
  planStartDate: isoDate.nullable(),
  planExpiryDate: isoDate.nullable(),
  planAutoRenewal: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET api/account/GetCustomerDetails: the session's user, as at login. */
export const customerDetailsSchema = loginResponseSchema;
export type CustomerDetails = LoginResponse;

export const sendActivationEmailRequestSchema = z.object({
  email,
  langCode: z.enum(['en', 'ar']),
});
export type SendActivationEmailRequest = z.infer<typeof sendActivationEmailRequestSchema>;

export const sentResponseSchema = z.object({ sent: z.literal(true) });

/** Spec 2 §9: the action id of a save that confirms the agreement. */
export const CONFIRM_AGREEMENT_ACTION = 2;

/**
 * POST api/account/{guid}/save. Action 2 confirms the service agreement; the profile save (action 1)
 * arrives with the edit-profile page.
 */
export const saveAccountRequestSchema = z.object({ action: z.literal(CONFIRM_AGREEMENT_ACTION) });
export type SaveAccountRequest = z.infer<typeof saveAccountRequestSchema>;
