/**
 * Uploads (docs/decisions/007): the ID document (spec 2 §7 POST api/account/{guid}/upload/1), the customer's list
 * of them (GET api/customers/{guid}/uploads/1), and the download of an upload to its owner only.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { uploads, users } from '../../db/schema.ts';
import type { ApiEnv } from '../env.ts';
import type { ApiRouter } from '../router.ts';
import { notFound, unauthorized } from '../http-errors.ts';
import { toLoginResponse } from '../account/user-views.ts';
import { sanitiseFileName } from '../../uploads/file-names.ts';
import { uploadDownload } from './download.ts';
import { DEFAULT_QUEUE_LIMIT } from '../../../src/lib/uploads/file-rules.ts';
import { uploadIdDocument } from '../../../src/lib/api/account/contract.ts';
import { downloadUpload, getIdUploads } from '../../../src/lib/api/customers/contract.ts';
import { UPLOAD_FIELD, uploadFilePathSchema, type UploadList } from '../../../src/lib/api/uploads/contract.ts';
import { PURPOSE, checkedFiles, limitBody, multipartFiles } from './upload-checks.ts';

/** A purpose or upload id that can't exist is a 404, like a missing row (not a 400 that would tell them apart). */
const existingPath: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!z.safeParse(uploadFilePathSchema, c.req.param()).success) throw notFound();
  await next();
};

export function uploadsRoutes(router: ApiRouter): void {
  // Spec 2 §7: the ID document (purpose 1). Answers the customer so the site can refresh its session.
  router.handle(
    uploadIdDocument,
    async (c) => {
      const guid = c.var.userGuid;
      const purpose = PURPOSE.idDocument;
      const checked = await checkedFiles(await multipartFiles(c, UPLOAD_FIELD), DEFAULT_QUEUE_LIMIT);
      const { file, bytes, detected } = checked[0]!;

      const { db, uploads: storage, clock, logger } = c.var.deps;
      const key = await storage.put(bytes);
      const id = randomUUID();
      let user: typeof users.$inferSelect;
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
          const [updated] = await tx.update(users).set({ idUploaded: true }).where(eq(users.guid, guid)).returning();
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
      return toLoginResponse(user);
    },
    { before: [limitBody(DEFAULT_QUEUE_LIMIT)] },
  );

  router.handle(getIdUploads, async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.userGuid, c.var.userGuid), eq(uploads.purpose, PURPOSE.idDocument)))
      .orderBy(desc(uploads.createdAt), desc(uploads.id));
    const list: UploadList = rows.map((r) => ({
      id: r.id,
      type: r.type,
      size: r.size,
      name: r.originalName,
      createdAt: r.createdAt.toISOString(),
    }));
    return list;
  });

  // The file itself, only to its owner: the row must belong to the session's user as well as the path's guid.
  // Request attachments (purpose 2) are served the same way.
  router.handle(
    downloadUpload,
    async (c, { params: { purpose, uploadId } }) => {
      const [row] = await c.var.deps.db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, uploadId), eq(uploads.userGuid, c.var.userGuid), eq(uploads.purpose, purpose)));
      if (!row) throw notFound();
      return uploadDownload(c, c.var.deps.uploads, row);
    },
    { before: [existingPath] },
  );
}
