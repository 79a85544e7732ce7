/**
 * Contract of the account-home calls (spec 2 §7 Account, Users and customers, v1 account, Tracking and
 * packages): addresses and their services, packages, messages, requests and claims.
 */
import { z } from '../../zod.ts';

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

// ---------------------------------------------------------------------------
// Addresses (GET api/v1/account/{guid}/ShippingAddresses/)

/** Service codes (spec 2 §9): wallet SS001, AutoPay SS002, service SS008, location SS009. */
export const SERVICE_CODES = ['SS001', 'SS002', 'SS008', 'SS009'] as const;
export const serviceCodeSchema = z.enum(SERVICE_CODES);

export const addressSchema = z.object({
  id: z.int(),
  alias: z.string(),
  /** Origin entity (warehouse code). */
  entity: z.string(),
  /** Country name in English. */
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
});
export type ClaimPackage = z.infer<typeof claimPackageSchema>;

/** GET api/account/GetClaimMyPackagesGcsCases: the user's claim requests. */
export const claimCasesSchema = requestsSchema;

/**
 * POST api/tracking//{packageId}/updateStatus/{mailboxid}: after a claim with subCategory 8198, status 28.
 * `packageId` is `package.id` above; `mailboxid` one of the user's mailbox numbers (an address's
 * mailBoxCustomerNumber, its part after the '/', or that part's digits).
 */
export const updateStatusResponseSchema = z.object({ lastPi: z.int(), currentStatus: z.string() });
