import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { uploads, users } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { ApiEnv } from '../env.ts';
import type { ApiRouter } from '../router.ts';
import { notFound, unauthorized } from '../http-errors.ts';
import { toLoginResponse } from '../account/user-views.ts';
import { MIME_TYPES } from '../../uploads/file-type.ts';
import { attachmentDisposition, downloadName, sanitiseFileName } from '../../uploads/file-names.ts';
import { DEFAULT_QUEUE_LIMIT } from '../../../src/lib/uploads/file-rules.ts';
import {
  UPLOAD_FIELD,
  UPLOAD_PURPOSE,
  uploadPathSchema,
  type UploadList,
  type UploadPurpose,
} from '../../../src/lib/api/uploads/contract.ts';
import { PURPOSE, checkedFiles, limitBody, multipartFiles } from './upload-checks.ts';

/**
 * Path parameters of a download: the ID document (purpose 1) and request attachments (purpose 2, uploaded
 * through POST api/account/{guid}/requests/{id}/attachFiles).
 */
const downloadPathSchema = z.object({
  purpose: z.enum([PURPOSE.idDocument, PURPOSE.requestAttachment]),
  uploadId: z.uuid(),
});

/** Path parameters by the contract; a purpose or upload id that can't exist is a 404, like a missing row. */
function pathParams<S extends z.core.$ZodType>(c: Context<ApiEnv>, schema: S): z.core.output<S> {
  const parsed = z.safeParse(schema, c.req.param());
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** Unknown purposes are refused before the body is read. */
const knownPurpose: MiddlewareHandler<ApiEnv> = async (c, next) => {
  pathParams(c, uploadPathSchema);
  await next();
};

/** The session's user; the owner check has already matched it with the path's guid. */
function owner(c: Context<ApiEnv>): string {
  const guid = c.var.userGuid;
  if (!guid) throw unauthorized();
  return guid;
}

/** What an upload of each purpose changes on the user, in the transaction that records it. */
async function applyPurpose(tx: Db, guid: string, purpose: UploadPurpose) {
  const change = { [UPLOAD_PURPOSE.idDocument]: { idUploaded: true } }[purpose];
  const [user] = await tx.update(users).set(change).where(eq(users.guid, guid)).returning();
  return user;
}

export function uploadsRoutes(router: ApiRouter): void {
  // Spec 2 §7: the ID document (purpose 1). Answers the customer so the site can refresh its session.
  router.post(
    '/api/account/:guid/upload/:purpose',
    async (c) => {
      const { purpose } = pathParams(c, uploadPathSchema);
      const guid = owner(c);
      const checked = await checkedFiles(await multipartFiles(c, UPLOAD_FIELD), DEFAULT_QUEUE_LIMIT);
      const { file, bytes, detected } = checked[0]!;

      const { db, uploads: storage, clock, logger } = c.var.deps;
      const key = await storage.put(bytes);
      const id = randomUUID();
      let user: NonNullable<Awaited<ReturnType<typeof applyPurpose>>>;
      try {
        user = await db.transaction(async (tx) => {
          await tx.insert(uploads).values({
            id,
            userGuid: guid,
            purpose,
            storageKey: key,
            type: detected.type,
            size: bytes.length,
            originalName: sanitiseFileName(file.name),
            createdAt: clock(),
          });
          const updated = await applyPurpose(tx as unknown as Db, guid, purpose);
          // The session outlived its user: nothing is recorded.
          if (!updated) throw unauthorized();
          return updated;
        });
      } catch (error) {
        // No row points at the file: it would never be served or cleaned up.
        await storage.remove(key);
        throw error;
      }
      logger.info({ userGuid: guid, uploadId: id, purpose, type: detected.type, size: bytes.length }, 'upload stored');
      return c.json(toLoginResponse(user));
    },
    { before: [knownPurpose, limitBody(DEFAULT_QUEUE_LIMIT)] },
  );

  router.get('/api/customers/:guid/uploads/:purpose', async (c) => {
    const { purpose } = pathParams(c, uploadPathSchema);
    const rows = await c.var.deps.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.userGuid, owner(c)), eq(uploads.purpose, purpose)))
      .orderBy(desc(uploads.createdAt), desc(uploads.id));
    const list: UploadList = rows.map((r) => ({
      id: r.id,
      type: r.type,
      size: r.size,
      name: r.originalName,
      createdAt: r.createdAt.toISOString(),
    }));
    return c.json(list);
  });

  // The file itself, only to its owner: the row must belong to the session's user as well as the path's guid.
  // Request attachments (purpose 2) are served the same way.
  router.get('/api/customers/:guid/uploads/:purpose/:uploadId', async (c) => {
    const { purpose, uploadId } = pathParams(c, downloadPathSchema);
    const [row] = await c.var.deps.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, uploadId), eq(uploads.userGuid, owner(c)), eq(uploads.purpose, purpose)));
    if (!row) throw notFound();
    const bytes = await c.var.deps.uploads.read(row.storageKey);
    return c.body(bytes, 200, {
      'Content-Type': MIME_TYPES[row.type],
      'Content-Length': String(bytes.length),
      'Content-Disposition': attachmentDisposition(downloadName(row.originalName, row.type)),
      // The browser must take the type we detected, never guess one (an HTML-looking PDF stays a PDF).
      'X-Content-Type-Options': 'nosniff',
      // Identity documents and claim evidence: no shared cache, and no copy left on the customer's disk.
      'Cache-Control': 'private, no-store',
    });
  });
}
