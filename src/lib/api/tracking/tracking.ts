/** The tracking calls (spec 2 §7 Tracking and packages). */
import { http } from '../http.ts';
import { call } from '../call.ts';
import {
  INVOICE_FILE_FIELD,
  invoiceAttachmentsSchema,
  trackingSchema,
  type InvoiceAttachment,
  type InvoiceCommodity,
  type Tracking,
} from './contract.ts';

/** Answers already fetched on this page, by waybill number: a second look costs no request (spec 2 §7 "cached"). */
const cache = new Map<string, Tracking>();

/** The shipment `awb`; `cache: false` asks the server again (after a payment or an invoice). */
export async function getTracking(awb: string, options: { cache?: boolean } = {}): Promise<Tracking> {
  const key = awb.toUpperCase();
  const kept = options.cache === false ? undefined : cache.get(key);
  if (kept) return kept;
  const tracking = await call(trackingSchema, () =>
    http.get(`tracking/${encodeURIComponent(awb)}`, { retry: 0, cache: 'no-store' }),
  );
  cache.set(key, tracking);
  return tracking;
}

/** Up to five invoice files; answers every invoice file the shipment now holds. */
export function uploadInvoiceFiles(awb: string, files: readonly File[]): Promise<InvoiceAttachment[]> {
  const body = new FormData();
  for (const file of files) body.append(INVOICE_FILE_FIELD, file, file.name);
  return call(invoiceAttachmentsSchema, () =>
    http.post(`tracking/${encodeURIComponent(awb)}/upload`, { body, retry: 0, timeout: 60_000 }),
  );
}

/** The invoice form; answers the shipment as its owner now sees it. */
export async function saveInvoice(awb: string, commodity: InvoiceCommodity): Promise<Tracking> {
  const tracking = await call(trackingSchema, () =>
    http.post(`tracking/${encodeURIComponent(awb)}/uploadInvoice`, { json: { commodity }, retry: 0 }),
  );
  cache.set(awb.toUpperCase(), tracking);
  return tracking;
}
