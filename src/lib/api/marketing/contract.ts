/**
 * Contract of the marketing contact calls (spec 1 §3, spec 2 §7 Signup and marketing, §9), and the mailing-list
 * schemas the subscription calls answer (declared under their headings: ../customers/contract.ts and
 * ../account/contract.ts). A contact is the logged-in customer's own: its e-mail must be their login e-mail (403).
 */
import { z } from '../../zod.ts';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';

/** Form stages sent with the marketing contact (spec 2 §9): signup, shipping, payment, profile. */
export const FORM_STAGE = { signup: 1, shipping: 2, payment: 3, profile: 4 } as const;

/** Marketing contact (spec 1 §3). */
export const marketingContactSchema = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  lastName: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  email: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email().check(z.maxLength(254))),
  countryCode: z.string().check(z.regex(/^[A-Z]{2}$/)),
  langCode: z.enum(LANGUAGES),
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

// ---------------------------------------------------------------------------
// The calls

const tag = 'Marketing';
const contact = 'api/v1/emarsysContact';

export const getContact = endpoint({
  tag,
  summary: "The customer's marketing contact, by their login e-mail",
  method: 'GET',
  path: contact,
  auth: true,
  query: z.object({ email: marketingContactSchema.shape.email }),
  answer: marketingContactSchema,
  errors: { 403: [ErrorCode.forbidden], 404: [ErrorCode.notFound] },
});

export const createContact = endpoint({
  tag,
  summary: "Creates the customer's marketing contact",
  description: `Error ${CONTACT_EXISTS} when the e-mail has one already: the site updates it instead (spec 2 §7).`,
  method: 'POST',
  path: contact,
  auth: true,
  body: marketingContactSchema,
  answer: marketingContactSchema,
  status: 201,
  errors: { 400: [CONTACT_EXISTS] },
});

export const updateContact = endpoint({
  tag,
  summary: "Updates the customer's marketing contact",
  method: 'PUT',
  path: contact,
  auth: true,
  body: marketingContactSchema,
  answer: marketingContactSchema,
  errors: { 404: [ErrorCode.notFound] },
});
