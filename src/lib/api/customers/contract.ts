/**
 * Contract of the customers calls (spec 2 §7 Users and customers): the profile, the ID uploads and the mailing
 * lists. Every path names the customer: another customer's is refused (403).
 */
import { z } from '../../zod.ts';
import { endpoint, fileAnswer } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';
import { subscriptionChangesSchema, subscriptionsResponseSchema } from '../marketing/contract.ts';
import { uploadFilePathSchema, uploadListSchema } from '../uploads/contract.ts';
import { weightUnitNameSchema } from '../../weight/weight-unit.ts';

/** Profile (spec 1 §3). */
export const profileSchema = z.object({
  userGuid: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailHash: z.string(),
  countryCode: z.string(),
  birthDate: z.nullable(z.object({ day: z.int(), month: z.int(), year: z.int() })),
  gender: z.nullable(z.enum(['Male', 'Female'])),
  city: z.nullable(z.string()),
  entity: z.nullable(z.string()),
  state: z.nullable(z.string()),
  nationality: z.nullable(z.string()),
  idType: z.nullable(z.string()),
  idTypeValue: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  tel1: z.nullable(z.string()),
  streetAddressLine1: z.nullable(z.string()),
  streetAddressLine2: z.nullable(z.string()),
  zipCode: z.nullable(z.string()),
  w3wAddress: z.nullable(z.string()),
  planId: z.int(),
  status: z.enum(['pending', 'active', 'deactivated']),
  /** The unit weights are shown in (issue 24). */
  weightUnit: weightUnitNameSchema,
});
export type Profile = z.infer<typeof profileSchema>;

// ---------------------------------------------------------------------------
// The calls

const tag = 'Customers';
const customer = 'api/customers/{guid}';

export const getProfile = endpoint({
  tag,
  summary: "The customer's profile",
  method: 'GET',
  path: customer,
  answer: profileSchema,
  errors: { 404: [ErrorCode.notFound] },
});

export const getIdUploads = endpoint({
  tag,
  summary: "The customer's ID documents, newest first",
  method: 'GET',
  path: `${customer}/uploads/1`,
  answer: uploadListSchema,
});

export const downloadUpload = endpoint({
  tag,
  summary: 'An ID document (purpose 1) or a request attachment (purpose 2), to its owner only',
  description: 'A purpose or id that cannot exist is a 404, as an upload of someone else is.',
  method: 'GET',
  path: `${customer}/uploads/{purpose}/{uploadId}`,
  params: uploadFilePathSchema,
  answer: fileAnswer('The file as uploaded: png, jpeg, gif, pdf, doc or docx'),
  answerHeaders: {
    'Content-Disposition': { description: 'attachment, with the name the customer gave the file' },
  },
  errors: { 404: [ErrorCode.notFound] },
});

export const getSubscriptions = endpoint({
  tag,
  summary: "The brand's mailing lists and whether the customer is on each",
  method: 'GET',
  path: `${customer}/subscriptions`,
  answer: subscriptionsResponseSchema,
  aliases: [{ path: 'api/account/{guid}/subscriptions', why: 'spec 2 §7 lists the same call under Account too' }],
});

export const changeSubscriptions = endpoint({
  tag,
  summary: "Puts the customer on or off the brand's lists; answers the lists as they are now",
  method: 'PUT',
  path: `${customer}/subscriptions`,
  body: subscriptionChangesSchema,
  answer: subscriptionsResponseSchema,
});
