/**
 * Contract of the tracking calls (spec 2 §7 Tracking and packages): GET api/tracking/{awbNumber}, the invoice's
 * files (POST api/tracking/{awb}/upload) and form (POST api/tracking/{awb}/uploadInvoice).
 *
 * Public tracking answers everyone the same few fields; the owner-only fields (spec 1 §3 shipment) are sent only
 * to the shipment's owner and are absent, not null, for anyone else (docs/decisions/017).
 */
import { z } from '../../zod.ts';
import { chargeSchema } from '../pending-payments/contract.ts';
import { uploadTypeSchema } from '../uploads/contract.ts';

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
  /** The invoice form as last sent. */
  invoice: z.nullable(z.object({ cost: z.number(), hasInvoice: z.boolean(), submittedAt: z.iso.datetime() })),
  attachments: invoiceAttachmentsSchema,
  /** The return shipment made of it, if any. */
  returnShipment: z.nullable(z.object({ id: z.int(), createdAt: z.iso.datetime() })),
});

/** GET api/tracking/{awbNumber}: the public fields, plus the owner's when the session owns the shipment. */
export const trackingSchema = z.extend(publicTrackingSchema, z.partial(ownerTrackingSchema).shape);
export type Tracking = z.infer<typeof trackingSchema>;
export type OwnerTracking = z.infer<typeof publicTrackingSchema> & z.infer<typeof ownerTrackingSchema>;

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
