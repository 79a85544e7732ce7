import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { uploads, users } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import type { ApiEnv } from '../env.ts';
import type { ApiRouter } from '../router.ts';
import { HttpError, notFound, unauthorized } from '../http-errors.ts';
import { toLoginResponse } from '../account/user-views.ts';
import { detectFileType, MIME_TYPES } from '../../uploads/file-type.ts';
import { attachmentDisposition, downloadName, sanitiseFileName } from '../../uploads/file-names.ts';
import { ErrorCode } from '../../../src/lib/api/errors.ts';
import { DEFAULT_QUEUE_LIMIT, MAX_FILE_BYTES } from '../../../src/lib/uploads/file-rules.ts';
import {
  UPLOAD_FIELD,
  UPLOAD_PURPOSE,
  uploadFilePathSchema,
  uploadPathSchema,
  type UploadList,
  type UploadPurpose,
} from '../../../src/lib/api/uploads/contract.ts';

/** Room for the multipart boundaries and part headers (a long file name) around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () =>
  new HttpError(413, { code: ErrorCode.fileTooLarge, message: `Files must be 1 to ${MAX_FILE_BYTES} bytes` });
const badFormat = (message: string) => new HttpError(415, { code: ErrorCode.fileFormat, message });

/** Path parameters by the contract; a purpose or upload id that can't exist is a 404, like a missing row. */
function pathParams<S extends z.ZodType>(c: Context<ApiEnv>, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.param());
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** Unknown purposes are refused before the body is read. */
const knownPurpose: MiddlewareHandler<ApiEnv> = async (c, next) => {
  pathParams(c, uploadPathSchema);
  await next();
};

// The limit is enforced while the body streams in (or from Content-Length), so a huge body is never buffered.
const limitBody = bodyLimit({
  maxSize: MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

/** The session's user; the owner check has already matched it with the path's guid. */
function owner(c: Context<ApiEnv>): string {
  const guid = c.var.userGuid;
  if (!guid) throw unauthorized();
  return guid;
}

/** The files of the `file` field of a multipart body. */
async function multipartFiles(c: Context<ApiEnv>): Promise<File[]> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
    throw badFormat('Send the file as multipart/form-data');
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new HttpError(400, { code: ErrorCode.validation, message: 'Malformed multipart body' });
  }
  return form.getAll(UPLOAD_FIELD).filter((value): value is File => typeof value !== 'string');
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
      const files = await multipartFiles(c);
      if (files.length === 0) throw new HttpError(400, { code: ErrorCode.fileRequired, message: 'Send a file' });
      if (files.length > DEFAULT_QUEUE_LIMIT) {
        throw new HttpError(400, {
          code: ErrorCode.fileQueueLimit,
          message: `At most ${DEFAULT_QUEUE_LIMIT} file(s) at a time`,
        });
      }
      const [file] = files as [File];
      if (file.size === 0 || file.size > MAX_FILE_BYTES) throw tooLarge();
      const bytes = new Uint8Array(await file.arrayBuffer());
      const detected = detectFileType(bytes);
      if (!detected) throw badFormat('Accepted: png, jpg, gif, pdf, doc, docx');

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
    { before: [knownPurpose, limitBody] },
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
  router.get('/api/customers/:guid/uploads/:purpose/:uploadId', async (c) => {
    const { purpose, uploadId } = pathParams(c, uploadFilePathSchema);
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
      // Identity documents: no shared cache, and no copy left on the customer's disk.
      'Cache-Control': 'private, no-store',
    });
  });
}
