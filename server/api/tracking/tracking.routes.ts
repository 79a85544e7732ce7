/**
 * Tracking (spec 2 §7 Tracking and packages; docs/decisions/017): a shipment by its waybill number, the owner's
 * single-package view, and the owner's invoice (its files, each downloadable, then the form).
 *
 * Public tracking answers the same few fields to everyone; the owner-only fields are added only when the session
 * owns the shipment. Every lookup counts against the caller's address (an IPv6 address by its /64), so waybill
 * numbers can't be harvested by counting through them; a miss costs the same as a hit. The single-package view is
 * the owner's only: anyone else's package, and one that doesn't exist, answer the same 404.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { and, asc, count, eq, sql, type AnyColumn } from 'drizzle-orm';
import {
  MAX_SHIPMENT_INVOICE_FILES,
  TrackingErrorCode,
  awbNumberSchema,
  getInvoiceFile,
  getSinglePackage,
  getTracking,
  saveInvoice,
  uploadInvoiceFiles,
  type InvoiceAttachment,
  type OwnerTracking,
  type Tracking,
} from '../../../src/lib/api/tracking/contract.ts';
import { INVOICE_QUEUE_LIMIT } from '../../../src/lib/uploads/file-rules.ts';
import { fromMinor } from '../../../src/lib/payments/money.ts';
import type { Db } from '../../db/database.ts';
import { returnShipments, shipments, uploads, users, type TrackingEvent } from '../../db/schema.ts';
import { preparedOn } from '../../db/prepared.ts';
import { storageTermsOf } from '../../../src/lib/storage/storage-deadline.ts';
import type { Limit } from '../../auth/throttle.ts';
import { pendingShipmentOf, totalMinorOf } from '../../payments/shipment-orders.ts';
import { uploadDownload } from '../uploads/download.ts';
import { clientAddress } from '../client-address.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, forbidden, notFound, unauthorized } from '../http-errors.ts';
import { throttleFirst } from '../throttle-first.ts';
import type { ApiRouter } from '../router.ts';
import { PURPOSE, checkedFiles, limitBody, multipartFiles } from '../uploads/upload-checks.ts';
import { storeUploads } from '../uploads/store-uploads.ts';
import { brandLang } from '../users/link-mail.ts';
import { historyNamer } from './history-names.ts';
import { shipmentEstimate, type EstimateOwner } from '../../landed-cost/estimates.ts';
import { storageOf } from '../../storage/package-storage.ts';

type ShipmentRow = typeof shipments.$inferSelect;
type Ctx = Context<ApiEnv>;

/** The shipment the owner check found, per request (its HonoRequest: a body limit replaces the raw request). */
const ownedShipments = new WeakMap<object, ShipmentRow>();
const shipmentOf = (c: Ctx): ShipmentRow => {
  const row = ownedShipments.get(c.req);
  if (!row) throw new Error('ownShipment must run first');
  return row;
};

/** Public lookups allowed per address in a window: plenty for a person, too few to walk through numbers. */
export const TRACKING_LIMIT: Limit = { max: 60, windowSeconds: 600 };

/** The throttle key of an address: IPv6 callers by their /64, which one subscriber usually holds whole. */
export function trackingKey(address: string): string {
  const bare = address.replace(/^::ffff:/i, '');
  if (!bare.includes(':')) return `tracking:${bare}`;
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = bare.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `tracking:${groups
    .slice(0, 4)
    .map((g: string) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const byAwb = (awb: string) => sql`upper(${shipments.awb}) = upper(${awb})`;

async function findShipment(db: Db, awb: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(byAwb(awb));
  return row;
}

const amount = (value: string | null) => (value === null ? null : Number(value));

/** A history, newest first. */
const newestFirst = (history: readonly TrackingEvent[]) => [...history].sort((a, b) => b.at.localeCompare(a.at));

function publicView(row: ShipmentRow, isUserOwner: boolean): Tracking {
  return {
    awb: row.awb,
    currentStatus: row.currentStatus,
    lastPI: row.lastPi,
    trackingProgress: row.trackingProgress,
    originCountryCode: row.originCountryCode,
    originEntity: row.originEntity,
    destEntity: row.destEntity,
    history: newestFirst(row.history),
    isUserOwner,
  };
}

async function attachmentsOf(db: Db, awb: string): Promise<InvoiceAttachment[]> {
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.shipmentAwb, awb), eq(uploads.purpose, PURPOSE.shipmentInvoice)))
    .orderBy(asc(uploads.createdAt), asc(uploads.position));
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    size: r.size,
    name: r.originalName,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** What the owner's view adds to a shipment's row, read with it (shipmentsForOwner). */
interface OwnerExtras {
  owner: EstimateOwner | null;
  returned: { id: number; createdAt: number } | null;
  attachments: { id: string; type: InvoiceAttachment['type']; size: number; name: string; createdAt: number }[];
}

const epochMs = (column: AnyColumn) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/** The owner's country and plan, the return shipment and the invoice's files of the shipments row, as subqueries. */
const ownerOfShipment = sql<OwnerExtras['owner']>`(select json_build_object(
    'countryCode', ${users.countryCode}, 'planId', ${users.planId})
  from ${users} where ${users.guid} = ${shipments.userGuid})`;
const returnOfShipment = sql<OwnerExtras['returned']>`(select json_build_object(
    'id', ${returnShipments.id}, 'createdAt', ${epochMs(returnShipments.createdAt)})
  from ${returnShipments} where ${returnShipments.awb} = ${shipments.awb})`;
const invoiceFilesOfShipment = sql<OwnerExtras['attachments']>`(select coalesce(json_agg(json_build_object(
    'id', ${uploads.id}, 'type', ${uploads.type}, 'size', ${uploads.size}, 'name', ${uploads.originalName},
    'createdAt', ${epochMs(uploads.createdAt)}) order by ${uploads.createdAt}, ${uploads.position}), '[]'::json)
  from ${uploads} where ${uploads.shipmentAwb} = ${shipments.awb} and ${uploads.purpose} = ${PURPOSE.shipmentInvoice})`;

/**
 * The session user's shipments of the given waybill numbers (any case), each with what the owner's view adds, in
 * one statement.
 */
const shipmentsForOwner = preparedOn((db) =>
  db
    .select({
      shipment: shipments,
      owner: ownerOfShipment,
      returned: returnOfShipment,
      attachments: invoiceFilesOfShipment,
    })
    .from(shipments)
    .where(
      and(
        sql`upper(${shipments.awb}) = any(${sql.placeholder('awbs')}::text[])`,
        eq(shipments.userGuid, sql.placeholder('userGuid')),
      ),
    )
    .prepare('owned_shipments'),
);

async function ownerView(db: Db, row: ShipmentRow, extras: OwnerExtras, now: Date): Promise<OwnerTracking> {
  const { returned } = extras;
  const dueMinor = row.chargesPaid ? 0 : totalMinorOf(row);
  const declared = amount(row.customsDeclaredValue);
  return {
    ...publicView(row, true),
    id: row.hawbId,
    hawbid: row.hawbId,
    foreignAwb: row.foreignAwb,
    customerID: row.customerId,
    description: row.description,
    merchant: row.merchant,
    weightKg: row.weightKg,
    currency: row.currency,
    customsCurrency: row.currency,
    customsDuty: Number(row.customsDuty),
    importVat: Number(row.importVat),
    customsInvoiced: row.customsInvoiced,
    customsDeclaredValue: declared,
    customsDeclaredCurrency: row.customsDeclaredCurrency,
    isCustomsDeclaredValue: declared !== null && declared > 0,
    chargesDue:
      dueMinor > 0
        ? {
            currencyCode: row.currency,
            charges: pendingShipmentOf(row).charges,
            total: fromMinor(dueMinor, row.currency),
          }
        : null,
    storage: row.userGuid ? storageOf(row, storageTermsOf(extras.owner?.planId ?? 1), now) : null,
    landedCost: await shipmentEstimate(db, row, extras.owner),
    invoice: row.invoice
      ? { cost: Number(row.invoice.cost), hasInvoice: row.invoice.hasInvoice, submittedAt: row.invoice.submittedAt }
      : null,
    attachments: extras.attachments.map((a) => ({ ...a, createdAt: new Date(a.createdAt).toISOString() })),
    returnShipment: returned ? { id: returned.id, createdAt: new Date(returned.createdAt).toISOString() } : null,
  };
}

const isOwner = (c: Context<ApiEnv>, row: ShipmentRow) =>
  !!c.var.userGuid && row.userGuid?.toLowerCase() === c.var.userGuid.toLowerCase();

/**
 * The shipment of the path, which the session must own (401 without a session, 403 for someone else's, 404 for
 * none); checked before a body is read, so a stranger's upload is refused unread.
 */
const ownShipment: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!c.var.userGuid) throw unauthorized();
  const awb = awbNumberSchema.safeParse(c.req.param('awb'));
  if (!awb.success) throw notFound();
  const row = await findShipment(c.var.deps.db, awb.data);
  if (!row) throw notFound();
  if (!isOwner(c, row)) throw forbidden();
  ownedShipments.set(c.req, row);
  await next();
};

const invoiceFileCount = async (db: Db, awb: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.shipmentAwb, awb), eq(uploads.purpose, PURPOSE.shipmentInvoice)));
  return row?.n ?? 0;
};

export function trackingRoutes(router: ApiRouter): void {
  router.handle(
    getTracking,
    async (c, { params, query }) => {
      const { db } = c.var.deps;
      c.header('Cache-Control', 'private, no-store');
      const awb = awbNumberSchema.safeParse(params.awbNumber);
      const row = awb.success ? await findShipment(db, awb.data) : undefined;
      if (!row) throw notFound();
      const owned = isOwner(c, row)
        ? (await shipmentsForOwner(db).execute({ awbs: [row.awb.toUpperCase()], userGuid: c.var.userGuid! }))[0]
        : undefined;
      const view = owned ? await ownerView(db, row, owned, c.var.deps.clock()) : publicView(row, false);
      if (query.language === undefined) return view;
      const named = await historyNamer(db, brandLang(c, query.language));
      return { ...view, history: named(view.history) };
    },
    // Every lookup counts, a refused one too, before anything is read.
    { before: [throttleFirst((c) => trackingKey(clientAddress(c)), TRACKING_LIMIT)] },
  );

  /**
   * The owner's packages, the path's first: anyone else's, or none, is a 404 for the whole call, so the answer
   * never tells whether someone else's waybill number exists. `useXMLTracking` has nothing to choose from.
   */
  router.handle(
    getSinglePackage,
    async (c, { params, query }) => {
      const { db } = c.var.deps;
      c.header('Cache-Control', 'private, no-store');
      const wanted = [...new Set([params.awb, ...(query.awbs ?? [])].map((awb) => awb.toUpperCase()))];
      if (!wanted.every((awb) => awbNumberSchema.safeParse(awb).success)) throw notFound();
      const rows = await shipmentsForOwner(db).execute({ awbs: wanted, userGuid: c.var.userGuid });
      const byAwb = new Map(rows.map((found) => [found.shipment.awb.toUpperCase(), found]));
      const mine = wanted.map((awb) => byAwb.get(awb));
      if (mine.some((found) => !found)) throw notFound();
      const named = await historyNamer(db, brandLang(c, query.language));
      return Promise.all(
        mine.map(async (found) => {
          const view = await ownerView(db, found!.shipment, found!, c.var.deps.clock());
          const history = named(view.history);
          return { ...view, history: query.count === undefined ? history : history.slice(0, query.count) };
        }),
      );
    },
    { hot: true },
  );

  // Files first, then the form (docs/decisions/017); the owner is checked before a body is read.
  router.handle(
    uploadInvoiceFiles,
    async (c) => {
      const { db, logger } = c.var.deps;
      const row = shipmentOf(c);
      const files = await checkedFiles(await multipartFiles(c, uploadInvoiceFiles.body.field), INVOICE_QUEUE_LIMIT);
      const full = () =>
        new HttpError(409, {
          code: TrackingErrorCode.invoiceFilesFull,
          message: `At most ${MAX_SHIPMENT_INVOICE_FILES} invoice files a shipment`,
        });
      if ((await invoiceFileCount(db, row.awb)) + files.length > MAX_SHIPMENT_INVOICE_FILES) throw full();
      await storeUploads(
        c.var.deps,
        files,
        { userGuid: row.userGuid!, purpose: PURPOSE.shipmentInvoice, shipmentAwb: row.awb },
        async (t) => {
          // The shipment locked, so two uploads at once can't pass the limit together.
          await t.select({ awb: shipments.awb }).from(shipments).where(eq(shipments.awb, row.awb)).for('update');
          const existing = await invoiceFileCount(t, row.awb);
          if (existing + files.length > MAX_SHIPMENT_INVOICE_FILES) throw full();
          return existing;
        },
      );
      logger.info({ awb: row.awb, files: files.length }, 'invoice files stored');
      return attachmentsOf(db, row.awb);
    },
    { before: [ownShipment, limitBody(INVOICE_QUEUE_LIMIT)] },
  );

  // One of the shipment's invoice files, with the ID document's download headers.
  router.handle(
    getInvoiceFile,
    async (c, { params }) => {
      const { db, uploads: storage } = c.var.deps;
      const [file] = await db
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.id, params.uploadId),
            eq(uploads.shipmentAwb, shipmentOf(c).awb),
            eq(uploads.purpose, PURPOSE.shipmentInvoice),
          ),
        );
      if (!file) throw notFound();
      return uploadDownload(c, storage, file);
    },
    { before: [ownShipment] },
  );

  router.handle(
    saveInvoice,
    async (c, { body: { commodity } }) => {
      const { db, clock, logger } = c.var.deps;
      const row = shipmentOf(c);
      if (commodity.hasInvoice && (await invoiceFileCount(db, row.awb)) === 0) {
        throw new HttpError(400, {
          code: TrackingErrorCode.invoiceFileMissing,
          message: 'Upload the invoice first',
          fieldErrors: { files: ['Upload the invoice first'] },
        });
      }
      const cost = commodity.cost.toFixed(2);
      await db
        .update(shipments)
        .set({
          invoice: { cost, hasInvoice: commodity.hasInvoice, submittedAt: clock().toISOString() },
          // The declared value is the invoice's: customs (and the GST rule) read it from now on.
          customsDeclaredValue: cost,
          customsDeclaredCurrency: row.currency,
        })
        .where(eq(shipments.awb, row.awb));
      logger.info({ awb: row.awb, hasInvoice: commodity.hasInvoice }, 'shipment invoice saved');
      const [saved] = await shipmentsForOwner(db).execute({ awbs: [row.awb.toUpperCase()], userGuid: row.userGuid! });
      return ownerView(db, saved!.shipment, saved!, clock());
    },
    { before: [ownShipment] },
  );
}
