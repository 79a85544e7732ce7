/** Contract of the marketing contact and subscription calls (spec 1 §3, spec 2 §7 Signup and marketing, §9). */
import { z } from '../../zod.ts';

/** Form stages sent with the marketing contact (spec 2 §9): signup, shipping, payment, profile. */
export const FORM_STAGE = { signup: 1, shipping: 2, payment: 3, profile: 4 } as const;

/** Marketing contact (spec 1 §3). */
export const marketingContactSchema = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  lastName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  email: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email().check(z.maxLength(254))),
  countryCode: z.string().check(z.regex(/^[A-Z]{2}$/)),
  langCode: z.enum(['en', 'ar']),
  optin: z.boolean(),
  formStage: z.literal([1, 2, 3, 4]),
  planId: z.int(),
});
export type MarketingContact = z.infer<typeof marketingContactSchema>;

/** The error message of a create for an e-mail that already has a contact: the client updates instead. */
export const CONTACT_EXISTS = '2009';

/** Subscription (spec 1 §3): action '1' subscribe, '2' unsubscribe, for the brand's list of that type. */
export const subscriptionChangeSchema = z.object({
  action: z.enum(['1', '2']),
  type: z.int(),
});
export const subscriptionChangesSchema = z.array(subscriptionChangeSchema).check(z.minLength(1), z.maxLength(10));
export type SubscriptionChange = z.infer<typeof subscriptionChangeSchema>;

/** GET api/customers/{guid}/subscriptions: the brand's mailing lists and whether the user is on each. */
export const subscriptionSchema = z.object({
  listId: z.int(),
  type: z.int(),
  /** Which list this is, for its label. */
  kind: z.enum(['promo', 'serviceUpdate']),
  subscribed: z.boolean(),
});
export const subscriptionsResponseSchema = z.array(subscriptionSchema);
export type Subscription = z.infer<typeof subscriptionSchema>;
