/** Customer requests as the API answers them, with their attachments. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { uploads, type requests } from '../../db/schema.ts';
import { PURPOSE } from '../uploads/upload-checks.ts';
import { requestCategorySchema, type CustomerRequest } from '../../../src/lib/api/account-home/contract.ts';

export type RequestRow = typeof requests.$inferSelect;
type Attachment = CustomerRequest['attachments'][number];

/** The attachments of each of the requests, in the order they were attached. */
export async function attachmentsOf(db: Db, requestIds: readonly number[]): Promise<Map<number, Attachment[]>> {
  const byRequest = new Map<number, Attachment[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .select({ id: uploads.id, requestId: uploads.requestId, name: uploads.originalName, size: uploads.size })
    .from(uploads)
    .where(and(inArray(uploads.requestId, [...requestIds]), eq(uploads.purpose, PURPOSE.requestAttachment)))
    .orderBy(asc(uploads.position), asc(uploads.createdAt));
  for (const { requestId, ...attachment } of rows) {
    if (requestId === null) continue;
    const list = byRequest.get(requestId) ?? [];
    list.push(attachment);
    byRequest.set(requestId, list);
  }
  return byRequest;
}

export function toRequest(row: RequestRow, attachments: Attachment[] = []): CustomerRequest {
  return {
    id: row.id,
    caseReference: row.caseReference,
    // Rows are only written through the contract's categories (the API and the seed).
    categoryId: requestCategorySchema.parse(row.categoryId),
    subCategory: row.subCategory,
    status: row.status,
    statusDesc: row.statusDesc,
    closeCase: row.closeCase,
    subject: row.subject,
    description: row.description,
    externalString: row.externalString,
    attachments,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The requests with their attachments, in the order given. */
export async function requestViews(db: Db, rows: readonly RequestRow[]): Promise<CustomerRequest[]> {
  const attachments = await attachmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRequest(r, attachments.get(r.id)));
}

/** One request with its attachments. */
export async function requestView(db: Db, row: RequestRow): Promise<CustomerRequest> {
  const [view] = await requestViews(db, [row]);
  return view!;
}
