/**
 * Contract of the account-home calls (spec 2 §7 Account, Users and customers, v1 account, Tracking and
 * packages): addresses and their services, packages, messages, requests and claims. Every call but the claim
 * look-ups names the customer in its path (403 for anyone else's); the claim calls need a session.
 */
import { z } from '../../zod.ts';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { endpoint, multipart } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';
import { landedCostSchema } from '../landed-cost/contract.ts';
import { packageStorageSchema } from '../../storage/storage-schema.ts';

/** Page index (from 0) and size; the default page size is 10 (spec 2 §9). */
export const PAGE_SIZE = 10;
export const pageQuerySchema = z.object({
  pageIndex: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000)), 0),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), PAGE_SIZE),
});

/** The X-Pagination response header: JSON with the total and the page. */
export const PAGINATION_HEADER = 'X-Pagination';
export const paginationSchema = z.object({
  TotalCount: z.int().check(z.nonnegative()),
  PageSize: z.int().check(z.positive()),
  CurrentPage: z.int().check(z.nonnegative()),
  TotalPages: z.int().check(z.nonnegative()),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * The language of the names and of the product's own messages in an answer (docs/decisions/031); left out, the
 * English names and the messages as sent.
 */
export const languageQuerySchema = z.object({ language: z.optional(z.enum(LANGUAGES)) });

// ---------------------------------------------------------------------------
// Addresses (GET api/v1/account/{guid}/ShippingAddresses/)

/** Service codes (spec 2 §9): wallet SS001, AutoPay SS002, service SS008, location SS009. */
export const SERVICE_CODES = ['SS001', 'SS002', 'SS008', 'SS009'] as const;
export const serviceCodeSchema = z.enum(SERVICE_CODES);

export const addressSchema = z.object({
  id: z.int(),
  /** The mailbox's name (its warehouse's), in the language asked for. */
  alias: z.string(),
  /** Origin entity (warehouse code). */
  entity: z.string(),
  /**
   * Country name in English, as the postal address prints it: the postal fields (street lines, city, state, zip
   * code, country, telephone) stay in Latin script whatever the language, for merchants to read.
   */
  country: z.string(),
  countryCode: z.string(),
  /** The customer's name as printed before the '/' of the mailbox line. */
  usMailbox: z.string(),
  streetAddressLine1: z.string(),
  streetAddressLine2: z.nullable(z.string()),
  city: z.string(),
  state: z.nullable(z.string()),
  zipCode: z.nullable(z.string()),
  telephone: z.string(),
  mailBoxCustomerEntity: z.string(),
  mailBoxCustomerNumber: z.string(),
  availableServices: z.array(z.object({ code: serviceCodeSchema, isSelected: z.boolean() })),
});
export const addressesSchema = z.array(addressSchema);
export type Address = z.infer<typeof addressSchema>;

/** POST ShippingAddresses/{addressId}/Services/{serviceCode}/Activate/{value} ('true' or 'false'): the address. */
export const serviceActivateResponseSchema = addressSchema;

// ---------------------------------------------------------------------------
// Packages (GET api/customers/{guid}/packages/getAllPackages?pageIndex&pageSize)

/**
 * GET …/packages/getAllPackages: a page, with `search` matching the merchant or the description (any case, any
 * part). Packages near their storage deadline come first, the fewest free days left first; then the newest.
 * `language` is that of the landed-cost estimates' sources (the brand's first when left out).
 */
export const packagesQuerySchema = z.extend(pageQuerySchema, {
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  ...languageQuerySchema.shape,
});

/** GET …/packages/summary: counts for the account home's notices. */
export const packagesSummarySchema = z.object({
  /** Packages kept at a mailbox. */
  inMailbox: z.int().check(z.nonnegative()),
  /** Of those, near their storage deadline (or past it). */
  nearDeadline: z.int().check(z.nonnegative()),
  /** Shipments held for unpaid charges. */
  heldForCharges: z.int().check(z.nonnegative()),
});
export type PackagesSummary = z.infer<typeof packagesSummarySchema>;

export const packageSchema = z.object({
  awb: z.string(),
  hawbId: z.int(),
  foreignAwb: z.nullable(z.string()),
  currentStatus: z.string(),
  /** Last status id (lastPI). */
  lastPi: z.int(),
  originCountryCode: z.string(),
  originEntity: z.string(),
  destEntity: z.string(),
  /** Merchant or supplier. */
  merchant: z.nullable(z.string()),
  description: z.string(),
  weightKg: z.number().check(z.nonnegative()),
  receivedAt: z.iso.datetime({ offset: true }),
  /** Free storage at the mailbox (src/lib/storage), for a package kept there; null for any other. */
  storage: z.nullable(packageStorageSchema),
  /**
   * What the package will cost to land (src/lib/landed-cost), from its declared value, weight and merchant, while it
   * has not shipped; null once it has left its mailbox, or for a route without rates.
   */
  landedCost: z.nullable(landedCostSchema),
  /** Charges the shipment is held for (shipping, services, tax, customs), unpaid; null when none are due. */
  heldForCharges: z.nullable(z.object({ total: z.number(), currency: z.string() })),
});
export const packagesSchema = z.array(packageSchema);
export type Package = z.infer<typeof packageSchema>;

// ---------------------------------------------------------------------------
// Messages (GET api/customers/{guid}/messages?pageIndex&pageSize; GET and DELETE …/messages/{messageGuid})

export const messageSummarySchema = z.object({
  guid: z.uuid(),
  id: z.int(),
  subject: z.string(),
  isRead: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;

/** A page of messages and the number still unread (all pages). */
export const messagesPageSchema = z.object({
  messages: z.array(messageSummarySchema),
  unreadCount: z.int().check(z.nonnegative()),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** Reading a message marks it read; the answer carries the new unread count. */
export const messageSchema = z.extend(messageSummarySchema, {
  body: z.string(),
  unreadCount: z.int().check(z.nonnegative()),
});
export type Message = z.infer<typeof messageSchema>;

// ---------------------------------------------------------------------------
// Requests (POST {guid}/requests/search, GET {guid}/requests/{id}, POST {guid}/requests,
// POST {guid}/requests/{id}/attachFiles)

/** Categories (spec 1 §3): Activate Mailbox, Deactivate Account, Inquiry about a shipment (attachment), Edit
 * Profile, Claim Shipment (attachment), Cancel Flex. */
export const REQUEST_CATEGORIES = {
  activateMailbox: 559,
  deactivateAccount: 560,
  inquiry: 562,
  editProfile: 563,
  claim: 830,
  cancelFlex: 6407,
} as const;
export const requestCategorySchema = z.literal([559, 560, 562, 563, 830, 6407]);
export type RequestCategory = z.infer<typeof requestCategorySchema>;
/** Categories whose requests need an attachment. */
export const CATEGORIES_WITH_ATTACHMENT: readonly RequestCategory[] = [562, 830];

/** Claim subcategories (spec 2 §9). */
export const claimSubCategorySchema = z.literal([566, 567, 830, 831, 8198, 8633]);
export type ClaimSubCategory = z.infer<typeof claimSubCategorySchema>;

/** Status 3 is Closed. */
export const CLOSED_STATUS = 3;

export const searchLineSchema = z.object({
  Field: z.enum(['ExternalString', 'SubCategoryID', 'CategoryID', 'Status']),
  Operator: z.enum(['eq', 'ne']),
  Value: z.string().check(z.maxLength(100)),
});
export const requestSearchSchema = z.object({
  SearchLines: z._default(z.array(searchLineSchema).check(z.maxLength(10)), []),
  pageIndex: z._default(z.int().check(z.gte(0), z.lte(10_000)), 0),
  pageSize: z._default(z.int().check(z.gte(1), z.lte(100)), PAGE_SIZE),
});
export type RequestSearch = z.input<typeof requestSearchSchema>;

/**
 * POST {guid}/requests/{id}/attachFiles: multipart, the files under this field, one or two a call, at most five
 * per request; each checked like the ID document (FILE_REQUIRED, FILE_QUEUE_LIMIT, FILE_TOO_LARGE, FILE_FORMAT).
 * An attachment downloads from GET api/customers/{guid}/uploads/2/{attachment id}, to its owner only.
 */
export const REQUEST_ATTACHMENT_FIELD = 'files';
export const REQUEST_ATTACHMENT_QUEUE_LIMIT = 2;
export const REQUEST_ATTACHMENTS_MAX = 5;

export const attachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.int(),
});

export const requestSchema = z.object({
  id: z.int(),
  caseReference: z.string(),
  categoryId: requestCategorySchema,
  subCategory: z.nullable(z.int()),
  status: z.int(),
  statusDesc: z.string(),
  closeCase: z.boolean(),
  subject: z.string(),
  description: z.string(),
  /** The shipment's waybill number, where the request is about one. */
  externalString: z.nullable(z.string()),
  attachments: z.array(attachmentSchema),
  createdAt: z.iso.datetime({ offset: true }),
});
export const requestsSchema = z.array(requestSchema);
export type CustomerRequest = z.infer<typeof requestSchema>;

/** POST {guid}/requests: creates a request, or with `id` updates one (description, closeCase). */
export const saveRequestSchema = z.object({
  id: z.optional(z.int()),
  categoryId: requestCategorySchema,
  subCategory: z._default(z.nullable(z.int()), null),
  subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(150)),
  description: z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)),
  externalString: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(40))), null),
  closeCase: z._default(z.boolean(), false),
  /** Claims (spec 1 §3 claim model). */
  claim: z.optional(
    z.object({
      Package: z.object({
        ForeignAWB: z.nullable(z.string().check(z.maxLength(60))),
        AWB: z.nullable(z.string().check(z.maxLength(40))),
        OriginEntity: z.string().check(z.maxLength(10)),
        DestinationCity: z.nullable(z.string().check(z.maxLength(80))),
      }),
      Address: z.object({ MailboxNumber: z.string().check(z.maxLength(40)) }),
    }),
  ),
});
export type SaveRequest = z.input<typeof saveRequestSchema>;

// ---------------------------------------------------------------------------
// Claims

/**
 * GET api/tracking//{originEntity}/GetByShipmentByFAWB/{fawb} (login): the package with that foreign waybill
 * number received at that origin, whoever owns it, with only what the claim needs; 404 when there is none.
 */
export const claimPackageSchema = z.object({
  package: z.object({
    id: z.int(),
    awb: z.string(),
    foreignAwb: z.string(),
    originEntity: z.string(),
    destinationCity: z.nullable(z.string()),
    /**
     * 0 when the package belongs to no customer; the customer number only to its owner; -1 when it belongs to
     * another customer (the number is never disclosed to others).
     */
    customerId: z.int(),
    lastPi: z.int(),
  }),
  isUserOwner: z.boolean(),
  /** The session user's open claim of this package, if they have filed one: a second is not taken. */
  ownClaim: z.nullable(z.object({ caseReference: z.string() })),
});
export type ClaimPackage = z.infer<typeof claimPackageSchema>;

/** 409 on a new claim: the customer already has an open claim of that package. */
export const CLAIM_EXISTS = 'CLAIM_EXISTS';

/** GET api/account/GetClaimMyPackagesGcsCases: the user's claim requests. */
export const claimCasesSchema = requestsSchema;

/**
 * POST api/tracking//{packageId}/updateStatus/{mailboxid}: after a claim with subCategory 8198, status 28.
 * `packageId` is `package.id` above; `mailboxid` one of the user's mailbox numbers (an address's
 * mailBoxCustomerNumber, its part after the '/', or that part's digits).
 */
export const updateStatusResponseSchema = z.object({ lastPi: z.int(), currentStatus: z.string() });

// ---------------------------------------------------------------------------
// The calls

const tag = 'Account home';

/**
 * A row id in a path: digits, else 400. The handlers answer 404 for digits no row can have (beyond PostgreSQL's
 * integer), as for a row that isn't there.
 */
export const rowIdSchema = z.pipe(z.string().check(z.regex(/^\d+$/, 'not an id')), z.transform(Number));

/** The X-Pagination header of a paged list (spec 2 §7 messages, §9 paging). */
const paged = {
  [PAGINATION_HEADER]: {
    description: 'The page: JSON with TotalCount, PageSize, CurrentPage (from 0) and TotalPages',
    schema: paginationSchema,
  },
} as const;

/** A closed request can't change; a package no longer unidentified can't be claimed. */
const CONFLICT = 'CONFLICT';

/** What the checks of every upload answer (docs/decisions/007): by content, size and count. */
const fileErrors = {
  400: [ErrorCode.fileRequired, ErrorCode.fileQueueLimit],
  404: [ErrorCode.notFound],
  409: [CONFLICT],
  413: [ErrorCode.fileTooLarge],
  415: [ErrorCode.fileFormat],
} as const;

const attachDescription =
  `Multipart, ${REQUEST_ATTACHMENT_QUEUE_LIMIT} files at most a call under \`${REQUEST_ATTACHMENT_FIELD}\`, ` +
  `${REQUEST_ATTACHMENTS_MAX} at most a request, each checked like the ID document. Answers the request with ` +
  'its attachments; 404 for a request that is not the customer’s, 409 for a closed one. An attachment downloads ' +
  'from GET api/customers/{guid}/uploads/2/{attachment id}.';

export const getAddresses = endpoint({
  tag,
  summary: "The customer's mailbox addresses and their services, in id order",
  description: '`language` names the mailboxes (`alias`) in that language; the postal fields stay as printed.',
  method: 'GET',
  path: 'api/v1/account/{guid}/ShippingAddresses/',
  query: languageQuerySchema,
  answer: addressesSchema,
});

export const setAddressService = endpoint({
  tag,
  summary: "Turns one of an address's services on or off; answers the address",
  description:
    "Another customer's address is a 404, never a 403. A service the address doesn't offer is a 400. " +
    '`language` names the mailbox as the addresses’ list does.',
  method: 'POST',
  path: 'api/v1/account/{guid}/ShippingAddresses/{addressId}/Services/{serviceCode}/Activate/{value}',
  query: languageQuerySchema,
  params: z.object({
    guid: z.string(),
    addressId: rowIdSchema,
    serviceCode: serviceCodeSchema,
    value: z.enum(['true', 'false']),
  }),
  answer: serviceActivateResponseSchema,
  errors: { 404: [ErrorCode.notFound] },
});

export const getPackages = endpoint({
  tag,
  summary: "A page of the customer's packages, those near their storage deadline first, then the newest",
  method: 'GET',
  path: 'api/customers/{guid}/packages/getAllPackages',
  query: packagesQuerySchema,
  answer: packagesSchema,
  answerHeaders: paged,
});

export const getPackagesSummary = endpoint({
  tag,
  summary:
    'How many packages are at a mailbox, how many are near their storage deadline, how many are held for charges',
  method: 'GET',
  path: 'api/customers/{guid}/packages/summary',
  answer: packagesSummarySchema,
});

export const getMessages = endpoint({
  tag,
  summary: "A page of the customer's messages, newest first, and how many are unread",
  description: '`language` gives the product’s own messages in that language; others read as they were written.',
  method: 'GET',
  path: 'api/customers/{guid}/messages',
  query: z.extend(pageQuerySchema, languageQuerySchema.shape),
  answer: messagesPageSchema,
  answerHeaders: paged,
});

/** The message's GUID (spec 1 §2.1: anything else is not loaded), in lower case. */
const messagePath = z.object({ guid: z.string(), messageGuid: z.uuid('not a GUID').check(z.toLowerCase()) });

export const getMessage = endpoint({
  tag,
  summary: 'Reads a message, which marks it read; answers it with the unread count after that',
  description: '`language` gives a message the product sent in that language; others read as they were written.',
  method: 'GET',
  path: 'api/customers/{guid}/messages/{messageGuid}',
  params: messagePath,
  query: languageQuerySchema,
  answer: messageSchema,
  errors: { 404: [ErrorCode.notFound] },
});

export const deleteMessage = endpoint({
  tag,
  summary: 'Deletes a message: it is neither listed nor served any more',
  method: 'DELETE',
  path: 'api/customers/{guid}/messages/{messageGuid}',
  params: messagePath,
  answer: null,
  errors: { 404: [ErrorCode.notFound] },
});

export const searchRequests = endpoint({
  tag,
  summary: "A page of the customer's requests that match every search line, newest first",
  method: 'POST',
  path: 'api/account/{guid}/requests/search',
  body: requestSearchSchema,
  answer: requestsSchema,
  answerHeaders: paged,
});

export const getRequest = endpoint({
  tag,
  summary: 'One of the customer’s requests, with its attachments',
  method: 'GET',
  path: 'api/account/{guid}/requests/{id}',
  params: z.object({ guid: z.string(), id: rowIdSchema }),
  answer: requestSchema,
  errors: { 404: [ErrorCode.notFound] },
});

export const saveRequest = endpoint({
  tag,
  summary: 'Creates a request (201), or with `id` changes its description or closes it (200)',
  description:
    'A claim must come from one of the customer’s mailboxes and carry the subcategory its package gives ' +
    '(spec 1 §4.4); naming a package by its foreign waybill number counts as a claim look-up. A second open claim ' +
    'of the same package is a 409 CLAIM_EXISTS. A closed request is a 409.',
  method: 'POST',
  path: 'api/account/{guid}/requests',
  body: saveRequestSchema,
  answer: requestSchema,
  // 201 for a new request, 200 for a change to one (a body with `id`).
  status: [201, 200],
  errors: { 404: [ErrorCode.notFound], 409: [CONFLICT, CLAIM_EXISTS], 429: [ErrorCode.tooManyAttempts] },
});

export const attachRequestFiles = endpoint({
  tag,
  summary: 'Attaches one or two files to one of the customer’s requests',
  description: attachDescription,
  method: 'POST',
  path: 'api/account/{guid}/requests/{id}/attachFiles',
  params: z.object({ guid: z.string(), id: rowIdSchema }),
  body: multipart(REQUEST_ATTACHMENT_FIELD, REQUEST_ATTACHMENT_QUEUE_LIMIT),
  answer: requestSchema,
  errors: fileErrors,
});

export const uploadRequestFiles = endpoint({
  tag,
  summary: 'Attaches one or two files to one of the customer’s requests (the uploads service’s path)',
  description: `The same call as POST api/account/{guid}/requests/{id}/attachFiles. ${attachDescription}`,
  method: 'POST',
  path: 'api/customers/{userGuid}/uploads/2/{requestId}',
  params: z.object({ userGuid: z.string(), requestId: rowIdSchema }),
  body: multipart(REQUEST_ATTACHMENT_FIELD, REQUEST_ATTACHMENT_QUEUE_LIMIT),
  answer: requestSchema,
  errors: fileErrors,
});

export const getClaimCases = endpoint({
  tag,
  summary: "The customer's claims (category 830), newest first",
  method: 'GET',
  path: 'api/account/GetClaimMyPackagesGcsCases',
  auth: true,
  answer: claimCasesSchema,
});

export const findClaimPackage = endpoint({
  tag,
  summary: 'The package with a foreign waybill number at an origin, whoever owns it, with only what a claim reads',
  description:
    'Both the number and the origin must match, whatever their case. `ownClaim` is the customer’s open claim of ' +
    'the package, if any. Each customer may look up 30 packages in 5 minutes (filing a claim that names one ' +
    'counts too), then 429 with Retry-After.',
  method: 'GET',
  path: 'api/tracking//{originEntity}/GetByShipmentByFAWB/{fawb}',
  auth: true,
  params: z.object({
    originEntity: z.string().check(z.regex(/^[A-Za-z0-9]{2,10}$/)),
    fawb: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  }),
  answer: claimPackageSchema,
  errors: { 404: [ErrorCode.notFound], 429: [ErrorCode.tooManyAttempts] },
});

export const updatePackageStatus = endpoint({
  tag,
  summary: 'Marks an unidentified package the customer has claimed (subCategory 8198) as claimed (status 28)',
  description:
    'Needs an open 8198 claim of the customer naming the package, else 403 (the same for a package that does ' +
    'not exist); `mailboxid` must be one of the customer’s mailboxes (400). A package no longer unidentified is a ' +
    '409; a second call answers the same and records nothing more.',
  method: 'POST',
  path: 'api/tracking//{packageId}/updateStatus/{mailboxid}',
  auth: true,
  params: z.object({ packageId: rowIdSchema, mailboxid: z.string() }),
  answer: updateStatusResponseSchema,
  errors: { 409: [CONFLICT] },
});
