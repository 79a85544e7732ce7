/**
 * Contract of the tracking calls (spec 2 §7 Tracking and packages): GET api/tracking/{awbNumber}, the owner's
 * single-package view (GET api/packages/{awb}/singlePackage), the invoice's files (POST api/tracking/{awb}/upload,
 * each downloaded from GET api/tracking/{awb}/upload/{uploadId}) and form (POST api/tracking/{awb}/uploadInvoice).
 *
 * Public tracking answers everyone the same few fields; the owner-only fields (spec 1 §3 shipment) are sent only
 * to the shipment's owner and are absent, not null, for anyone else (docs/decisions/017).
 */
import { z } from '../../zod.ts';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { INVOICE_QUEUE_LIMIT } from '../../uploads/file-rules.ts';
import { endpoint, fileAnswer, multipart } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';
import { chargeSchema } from '../pending-payments/contract.ts';
import { uploadTypeSchema } from '../uploads/contract.ts';
import { landedCostSchema } from '../landed-cost/contract.ts';
import { packageStorageSchema } from '../../storage/storage-schema.ts';

/** A waybill number as customers type it: letters and digits, 6 to 20 characters. */
export const awbNumberSchema = z.string().check(z.regex(/^[A-Za-z0-9]{6,20}$/));

export const trackingEventSchema = z.object({
  /** Status id (lastPI of that moment); the page names it in the reader's language. */
  statusId: z.int(),
  status: z.string(),
  location: z.string(),
  at: z.iso.datetime({ offset: true }),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** What anyone may see of a shipment. */
export const publicTrackingSchema = z.object({
  awb: z.string(),
  currentStatus: z.string(),
  lastPI: z.int(),
  /** 0 to 100: how far along its way the shipment is (the truck bar). */
  trackingProgress: z.int().check(z.gte(0), z.lte(100)),
  originCountryCode: z.string(),
  originEntity: z.string(),
  destEntity: z.string(),
  /** Newest first. */
  history: z.array(trackingEventSchema),
  isUserOwner: z.boolean(),
});

export const invoiceAttachmentSchema = z.object({
  id: z.uuid(),
  type: uploadTypeSchema,
  size: z.int().check(z.positive()),
  /** The client's file name, sanitised; for display only. */
  name: z.string(),
  createdAt: z.iso.datetime(),
});
export type InvoiceAttachment = z.infer<typeof invoiceAttachmentSchema>;
export const invoiceAttachmentsSchema = z.array(invoiceAttachmentSchema);

const decimalString = z.string().check(z.regex(/^\d+(\.\d{1,2})?$/));

/** The fields only the owner receives. */
export const ownerTrackingSchema = z.object({
  id: z.int(),
  hawbid: z.int(),
  foreignAwb: z.nullable(z.string()),
  customerID: z.int(),
  description: z.string(),
  merchant: z.nullable(z.string()),
  weightKg: decimalString,
  currency: z.string(),
  customsCurrency: z.string(),
  customsDuty: z.number(),
  importVat: z.number(),
  customsInvoiced: z.boolean(),
  customsDeclaredValue: z.nullable(z.number()),
  customsDeclaredCurrency: z.nullable(z.string()),
  isCustomsDeclaredValue: z.boolean(),
  /** Charges still to pay, as pending payments lists them; null when nothing is due. */
  chargesDue: z.nullable(z.object({ currencyCode: z.string(), charges: z.array(chargeSchema), total: z.number() })),
  /** Free storage at the mailbox while the package is kept there (issue 24); null otherwise. */
  storage: z.nullable(packageStorageSchema),
  /** What the package will cost to land, while it has not shipped (issue 24); null otherwise. */
  landedCost: z.nullable(landedCostSchema),
  /** The invoice form as last sent. */
  invoice: z.nullable(z.object({ cost: z.number(), hasInvoice: z.boolean(), submittedAt: z.iso.datetime() })),
  attachments: invoiceAttachmentsSchema,
  /** The return shipment made of it, if any. */
  returnShipment: z.nullable(z.object({ id: z.int(), createdAt: z.iso.datetime() })),
});

/** GET api/tracking/{awbNumber}: the public fields, plus the owner's when the session owns the shipment. */
export const trackingSchema = z.extend(publicTrackingSchema, z.partial(ownerTrackingSchema).shape);
export type Tracking = z.infer<typeof trackingSchema>;

/** A shipment as its owner sees it: every public field and every owner field. */
export const ownerTrackingViewSchema = z.extend(publicTrackingSchema, ownerTrackingSchema.shape);
export type OwnerTracking = z.infer<typeof ownerTrackingViewSchema>;

/** The owner-only field names: public tracking must carry none of them. */
export const OWNER_ONLY_FIELDS = Object.keys(ownerTrackingSchema.shape) as (keyof typeof ownerTrackingSchema.shape)[];

/** POST api/tracking/{awb}/uploadInvoice: the commodity of the invoice form (spec 2 §3 shipment invoice). */
export const invoiceCommoditySchema = z.object({
  /** The commodity's cost in the shipment's currency, up to 2 decimals, more than 0. */
  cost: z.number().check(
    z.positive(),
    z.lte(1_000_000),
    z.refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'At most 2 decimals'),
  ),
  hasInvoice: z.boolean(),
  /** The customer confirms the declaration: required. */
  agreement: z.literal(true),
});
export const uploadInvoiceBodySchema = z.object({ commodity: invoiceCommoditySchema });
export type InvoiceCommodity = z.infer<typeof invoiceCommoditySchema>;

/** The multipart field of POST api/tracking/{awb}/upload. */
export const INVOICE_FILE_FIELD = 'files';
/** Invoice files a shipment may hold in all (five a time, spec 2 §9). */
export const MAX_SHIPMENT_INVOICE_FILES = 20;

export const TrackingErrorCode = {
  /** uploadInvoice with hasInvoice but no file uploaded. */
  invoiceFileMissing: 'INVOICE_FILE_MISSING',
  /** The shipment holds as many invoice files as it may. */
  invoiceFilesFull: 'INVOICE_FILES_FULL',
} as const;

// ---------------------------------------------------------------------------
// GET api/packages/{awb}/singlePackage: the owner's view of one package (or a few)

/** How many packages one single-package call answers: the path's and up to nine more of `awbs`. */
export const SINGLE_PACKAGE_MAX = 10;
/** The most history events `count` can ask for (a history holds a dozen). */
export const HISTORY_COUNT_MAX = 100;

/** Waybill numbers separated by commas, spaces around them ignored. */
const awbListSchema = z.pipe(
  z.pipe(
    z.string().check(z.maxLength(SINGLE_PACKAGE_MAX * 22)),
    z.transform((list: string) =>
      list
        .split(',')
        .map((awb) => awb.trim())
        .filter(Boolean),
    ),
  ),
  z.array(awbNumberSchema).check(z.maxLength(SINGLE_PACKAGE_MAX - 1)),
);

export const singlePackageQuerySchema = z.object({
  /** Only the newest `count` events of each history (1 to 100); the whole history when left out. */
  count: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(HISTORY_COUNT_MAX))),
  /**
   * Accepted and ignored: a history is one feed of events, and nothing stored tells the carrier's events from
   * ours, so there is nothing to include or leave out.
   */
  useXMLTracking: z.optional(z.enum(['true', 'false'])),
  /** More of the customer's packages, by waybill number, comma-separated: up to nine besides the path's. */
  awbs: z.optional(awbListSchema),
  /** The language of the history's status and place names; the brand's first language when left out. */
  language: z.optional(z.enum(LANGUAGES)),
});
export type SinglePackageQuery = z.input<typeof singlePackageQuerySchema>;

export const trackingQuerySchema = z.object({
  /** The language of the history's status and place names; as stored when left out. */
  language: z.optional(z.enum(LANGUAGES)),
});

/** The path's package first, then those of `awbs` in the order given, each once. */
export const singlePackagesSchema = z.array(ownerTrackingViewSchema);

// ---------------------------------------------------------------------------
// The calls

const tag = 'Tracking';

/** What the checks of every upload answer (docs/decisions/007): by content, size and count. */
const fileErrors = {
  400: [ErrorCode.fileRequired, ErrorCode.fileQueueLimit],
  413: [ErrorCode.fileTooLarge],
  415: [ErrorCode.fileFormat],
} as const;

export const getTracking = endpoint({
  tag,
  summary: 'A shipment by its waybill number: the public fields, and the owner-only ones for its owner',
  description:
    'Open to anyone. Every look-up, found or not, counts against the caller’s address (an IPv6 one by its /64): ' +
    '60 in 10 minutes, then 429 with Retry-After. An unknown or malformed number is a 404. `language` names the ' +
    'history’s statuses and places in that language (as stored when left out).',
  method: 'GET',
  path: 'api/tracking/{awbNumber}',
  query: trackingQuerySchema,
  answer: trackingSchema,
  errors: { 404: [ErrorCode.notFound], 429: [ErrorCode.tooManyAttempts] },
});

export const getSinglePackage = endpoint({
  tag,
  summary: "The owner's view of a package: customs, charges due, invoice and its files, return, status history",
  description:
    'What the private section of the tracking page shows (spec 1 §4.9), for the logged-in owner only. A package ' +
    'that is not the customer’s answers 404 as one that does not exist, so waybill numbers are not confirmed to ' +
    'anyone else. `awbs` asks for up to nine more of the customer’s packages at once (comma-separated; the answer ' +
    'lists the path’s first, then those in the order given, each once); any one of them that is not the ' +
    'customer’s makes the whole call a 404. ' +
    '`count` (1 to 100) keeps the newest events of each history, all when left out. `language` names the ' +
    'history’s statuses and places in that language, the brand’s first when left out (`currentStatus` keeps its ' +
    'stored name, which the rules of spec 1 §4.9 read). ' +
    '`useXMLTracking` is accepted and changes nothing: the stored history does not tell the carrier’s events ' +
    'from ours.',
  method: 'GET',
  path: 'api/packages/{awb}/singlePackage',
  auth: true,
  query: singlePackageQuerySchema,
  answer: singlePackagesSchema,
  errors: { 404: [ErrorCode.notFound] },
});

export const uploadInvoiceFiles = endpoint({
  tag,
  summary: "Adds files to the owner's invoice of a shipment; answers every invoice file it holds",
  description:
    `Multipart, 1 to ${INVOICE_QUEUE_LIMIT} files a call under \`${INVOICE_FILE_FIELD}\`, ` +
    `${MAX_SHIPMENT_INVOICE_FILES} at most a shipment, each checked by its content. 403 for someone else’s ` +
    'shipment, checked before the body is read.',
  method: 'POST',
  path: 'api/tracking/{awb}/upload',
  auth: true,
  body: multipart(INVOICE_FILE_FIELD, INVOICE_QUEUE_LIMIT),
  answer: invoiceAttachmentsSchema,
  errors: { ...fileErrors, 404: [ErrorCode.notFound], 409: [TrackingErrorCode.invoiceFilesFull] },
});

export const getInvoiceFile = endpoint({
  tag,
  summary: 'One of the invoice files of a shipment, to its owner only',
  description:
    'Saved (Content-Disposition: attachment) under its name with the extension of the type its content has, ' +
    'with that type and nosniff, and never cached. 403 for someone else’s shipment; 404 for a file that is not ' +
    'one of this shipment’s invoice files.',
  method: 'GET',
  path: 'api/tracking/{awb}/upload/{uploadId}',
  auth: true,
  params: z.object({ awb: z.string(), uploadId: z.uuid() }),
  answer: fileAnswer('The invoice file as uploaded: PNG, JPEG, GIF, PDF, DOC or DOCX'),
  errors: { 403: [ErrorCode.forbidden], 404: [ErrorCode.notFound] },
});

export const saveInvoice = endpoint({
  tag,
  summary: "Saves the owner's invoice form; its cost becomes the customs declared value",
  description:
    'With `hasInvoice` a file must have been uploaded first. Answers the shipment as its owner sees it. 403 for ' +
    'someone else’s shipment.',
  method: 'POST',
  path: 'api/tracking/{awb}/uploadInvoice',
  auth: true,
  body: uploadInvoiceBodySchema,
  answer: ownerTrackingViewSchema,
  errors: { 400: [TrackingErrorCode.invoiceFileMissing], 404: [ErrorCode.notFound] },
});
