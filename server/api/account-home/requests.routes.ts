/**
 * Customer requests (cases) and claims (spec 1 §3 and §4.3, spec 2 §7 Account): search, read, create, update or
 * close, attach files (at either of the spec's two paths: api/account/{guid}/requests/{id}/attachFiles and
 * api/customers/{userGuid}/uploads/2/{requestId}); and the user's claim cases.
 */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { requests, shipments, uploads, type ClaimData } from '../../db/schema.ts';
import type { SessionContext } from '../env.ts';
import { conflict, invalid, notFound } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { isUniqueViolation } from '../signup/validation.ts';
import { PURPOSE, checkedFiles, limitBody, multipartFiles, queueLimit } from '../uploads/upload-checks.ts';
import { storeUploads } from '../uploads/store-uploads.ts';
import { existingRowId, isRowId, offsetOf, setPagination } from './paging.ts';
import { requestView, requestViews, type RequestRow } from './request-views.ts';
import { countLookup, expectedClaimSubCategory, isOwnMailbox, openClaimOf } from './claims.routes.ts';
import {
  CLAIM_EXISTS,
  CLOSED_STATUS,
  REQUEST_ATTACHMENTS_MAX,
  REQUEST_ATTACHMENT_FIELD,
  REQUEST_ATTACHMENT_QUEUE_LIMIT,
  REQUEST_CATEGORIES,
  attachRequestFiles,
  claimSubCategorySchema,
  getClaimCases,
  getRequest,
  saveRequest,
  searchRequests,
  uploadRequestFiles,
  type CustomerRequest,
  type RequestCategory,
  type requestSearchSchema,
  type saveRequestSchema,
} from '../../../src/lib/api/account-home/contract.ts';

const OPEN_STATUS = 1;
const STATUS_DESC = { open: 'Open', closed: 'Closed' } as const;

/** Categories whose requests are about a shipment: their externalString is its waybill number. */
const ABOUT_A_SHIPMENT: readonly RequestCategory[] = [REQUEST_CATEGORIES.inquiry, REQUEST_CATEGORIES.claim];

type SearchLine = ReturnType<typeof requestSearchSchema.parse>['SearchLines'][number];

const NUMBER_COLUMNS = {
  SubCategoryID: requests.subCategory,
  CategoryID: requests.categoryId,
  Status: requests.status,
} as const;

/** The condition of one search line; numbers come as strings, and one that is not a number is a 400. */
function searchCondition(line: SearchLine, index: number): SQL {
  if (line.Field === 'ExternalString') {
    // Waybill numbers are compared whatever their case; "ne" keeps requests without one.
    return line.Operator === 'eq'
      ? sql`upper(${requests.externalString}) = upper(${line.Value})`
      : sql`upper(${requests.externalString}) is distinct from upper(${line.Value})`;
  }
  const value = line.Value.trim();
  if (!/^-?\d{1,9}$/.test(value)) throw invalid({ [`SearchLines.${index}.Value`]: ['not a number'] });
  const column = NUMBER_COLUMNS[line.Field];
  return line.Operator === 'eq' ? eq(column, Number(value)) : sql`${column} is distinct from ${Number(value)}`;
}

/** The user's request `id`, locked for the transaction when `lock`; 404 when it is none of theirs. */
async function ownRequest(db: Db, userGuid: string, id: number, lock = false): Promise<RequestRow> {
  const query = db
    .select()
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.userGuid, userGuid)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

const closedConflict = () => conflict('The request is closed and can no longer be changed');

type SaveRequest = ReturnType<typeof saveRequestSchema.parse>;

/** The fields of a new request, checked: claims carry their claim data and a claim subcategory. */
function newRequestFields(body: SaveRequest) {
  const errors: Record<string, string[]> = {};
  const isClaim = body.categoryId === REQUEST_CATEGORIES.claim;
  // A claim about a tracked shipment names it by its waybill number (subcategory 830); others carry claim data.
  const byWaybill = isClaim && !body.claim && !!body.externalString && body.subCategory === REQUEST_CATEGORIES.claim;
  if (isClaim && !body.claim && !byWaybill) errors.claim = ['required for a claim'];
  if (!isClaim && body.claim) errors.claim = ['only for a claim'];
  if (isClaim && !claimSubCategorySchema.safeParse(body.subCategory).success) {
    errors.subCategory = ['not a claim subcategory'];
  }
  if (body.closeCase) errors.closeCase = ['a new request is open'];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const claim: ClaimData | null = isClaim && body.claim ? body.claim : null;
  const awb = body.externalString || claim?.Package.AWB || null;
  return {
    categoryId: body.categoryId,
    subCategory: body.subCategory,
    subject: body.subject,
    description: body.description,
    externalString: ABOUT_A_SHIPMENT.includes(body.categoryId) ? awb : null,
    claim,
  };
}

/** The user has an open claim of this package already: one case per package. */
const claimExists = () => conflict('You have an open claim of this package already', CLAIM_EXISTS);

/**
 * A claim must come from one of the user's mailboxes and carry the subcategory its package's state gives
 * (spec 1 §4.4), so a claim can't be filed under another process than the one the package is in; and a package
 * the user has an open claim of is not claimed twice.
 */
async function checkClaim(db: Db, userGuid: string, fields: ReturnType<typeof newRequestFields>): Promise<void> {
  const { claim } = fields;
  if (fields.categoryId === REQUEST_CATEGORIES.claim && !claim) {
    // By waybill, from a tracking page: a shipment that exists and is not the user's (an owner has no claim).
    const [shipment] = await db
      .select({
        userGuid: shipments.userGuid,
        awb: shipments.awb,
        foreignAwb: shipments.foreignAwb,
        originEntity: shipments.originEntity,
      })
      .from(shipments)
      .where(sql`upper(${shipments.awb}) = upper(${fields.externalString ?? ''})`);
    if (!shipment) throw invalid({ externalString: ['no shipment with that waybill number'] });
    if (shipment.userGuid === userGuid) throw invalid({ externalString: ['your own shipment: send an inquiry'] });
    if (await openClaimOf(db, userGuid, shipment)) throw claimExists();
    return;
  }
  if (!claim) return;
  if (!(await isOwnMailbox(db, userGuid, claim.Address.MailboxNumber))) {
    throw invalid({ 'claim.Address.MailboxNumber': ['not your mailbox'] });
  }
  const expected = await expectedClaimSubCategory(db, userGuid, claim.Package.OriginEntity, claim.Package.ForeignAWB);
  if (expected.subCategory === null) throw invalid({ subCategory: ['this package cannot be claimed'] });
  // The right subcategory is not named: that would tell a package's state without the look-up's limit.
  if (expected.subCategory !== fields.subCategory) throw invalid({ subCategory: ['does not fit the package'] });
  if (expected.found && (await openClaimOf(db, userGuid, expected.found))) throw claimExists();
}

/** Creates the request with a new case reference, CAS- and six digits, unique. */
async function createRequest(c: SessionContext, body: SaveRequest): Promise<RequestRow> {
  const { db, clock } = c.var.deps;
  const fields = newRequestFields(body);
  if (fields.claim?.Package.ForeignAWB?.trim()) await countLookup(c);
  await checkClaim(db, c.var.userGuid, fields);
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await db
        .insert(requests)
        .values({
          ...fields,
          userGuid: c.var.userGuid,
          caseReference: `CAS-${randomInt(100_000, 1_000_000)}`,
          status: OPEN_STATUS,
          statusDesc: STATUS_DESC.open,
          closeCase: false,
          createdAt: clock(),
        })
        .returning();
      return row!;
    } catch (error) {
      // Another request has that reference: draw again.
      if (!isUniqueViolation(error) || attempt >= 10) throw error;
    }
  }
}

/** Updates the description and closes the request when asked; a closed request can't change (409). */
async function updateRequest(c: SessionContext, id: number, body: SaveRequest): Promise<RequestRow> {
  const guid = c.var.userGuid;
  return c.var.deps.db.transaction(async (tx) => {
    const row = await ownRequest(tx, guid, id, true);
    if (row.status === CLOSED_STATUS) throw closedConflict();
    const [updated] = await tx
      .update(requests)
      .set({
        description: body.description,
        closeCase: body.closeCase,
        ...(body.closeCase ? { status: CLOSED_STATUS, statusDesc: STATUS_DESC.closed } : {}),
      })
      .where(eq(requests.id, row.id))
      .returning();
    return updated!;
  });
}

/**
 * Attaches the files of the body to the customer's request `id`: one or two a call, at most five a request, each
 * checked like the ID document (docs/decisions/007). The one handler of both spec paths of the call.
 */
async function attachFiles(c: SessionContext, id: number): Promise<CustomerRequest> {
  const { db, logger } = c.var.deps;
  const guid = c.var.userGuid;
  const request = await ownRequest(db, guid, existingRowId(id));
  if (request.status === CLOSED_STATUS) throw closedConflict();
  const files = await checkedFiles(await multipartFiles(c, REQUEST_ATTACHMENT_FIELD), REQUEST_ATTACHMENT_QUEUE_LIMIT);
  const tooMany = () => queueLimit(`At most ${REQUEST_ATTACHMENTS_MAX} attachments a request`);
  const attached = async (t: Db) => {
    const [row] = await t
      .select({ n: count() })
      .from(uploads)
      .where(and(eq(uploads.requestId, request.id), eq(uploads.purpose, PURPOSE.requestAttachment)));
    return row?.n ?? 0;
  };
  if ((await attached(db)) + files.length > REQUEST_ATTACHMENTS_MAX) throw tooMany();

  await storeUploads(
    c.var.deps,
    files,
    { userGuid: guid, purpose: PURPOSE.requestAttachment, requestId: request.id },
    async (t) => {
      // Locked, so two uploads at once can't pass the limit together, nor attach to a request being closed.
      const locked = await ownRequest(t, guid, request.id, true);
      if (locked.status === CLOSED_STATUS) throw closedConflict();
      const existing = await attached(t);
      if (existing + files.length > REQUEST_ATTACHMENTS_MAX) throw tooMany();
      return existing;
    },
  );
  logger.info({ userGuid: guid, requestId: request.id, files: files.length }, 'request attachments stored');
  return requestView(db, await ownRequest(db, guid, request.id));
}

/** Strangers' bodies are refused unread: the limit runs after the owner check. */
const attachmentBodyLimit = { before: [limitBody(REQUEST_ATTACHMENT_QUEUE_LIMIT)] };

export function requestsRoutes(router: ApiRouter): void {
  router.handle(searchRequests, async (c, { body }) => {
    const { db } = c.var.deps;
    const where = and(eq(requests.userGuid, c.var.userGuid), ...body.SearchLines.map(searchCondition));
    const [total] = await db.select({ n: count() }).from(requests).where(where);
    const page = { pageIndex: body.pageIndex, pageSize: body.pageSize };
    const rows = await db
      .select()
      .from(requests)
      .where(where)
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(page.pageSize)
      .offset(offsetOf(page));
    setPagination(c, total?.n ?? 0, page);
    return requestViews(db, rows);
  });

  router.handle(getRequest, async (c, { params }) => {
    const { db } = c.var.deps;
    return requestView(db, await ownRequest(db, c.var.userGuid, existingRowId(params.id)));
  });

  // Without id: a new request (201). With id: the user's request updated (200).
  router.handle(saveRequest, async (c, { body }) => {
    if (body.id === undefined) return requestView(c.var.deps.db, await createRequest(c, body));
    if (!isRowId(body.id)) throw notFound();
    const row = await updateRequest(c, body.id, body);
    return c.json(await requestView(c.var.deps.db, row), 200);
  });

  // Spec 2 §7 names two paths for it; both answer alike (the site's forms use attachFiles).
  router.handle(attachRequestFiles, (c, { params }) => attachFiles(c, params.id), attachmentBodyLimit);
  router.handle(uploadRequestFiles, (c, { params }) => attachFiles(c, params.requestId), attachmentBodyLimit);

  // The user's claims (category 830), newest first.
  router.handle(getClaimCases, async (c) => {
    const { db } = c.var.deps;
    const rows = await db
      .select()
      .from(requests)
      .where(and(eq(requests.userGuid, c.var.userGuid), eq(requests.categoryId, REQUEST_CATEGORIES.claim)))
      .orderBy(desc(requests.createdAt), desc(requests.id));
    return requestViews(db, rows);
  });
}
