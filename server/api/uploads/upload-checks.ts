/**
 * The checks every upload goes through (docs/decisions/007): a multipart body, a number of files, each 1 to
 * 4,194,304 bytes and of an accepted type by its content. Shared by the ID document and request attachments.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiEnv } from '../env.ts';
import { HttpError } from '../http-errors.ts';
import { detectFileType, type DetectedType } from '../../uploads/file-type.ts';
import { ErrorCode } from '../../../src/lib/api/errors.ts';
import { UPLOAD_PURPOSE } from '../../../src/lib/api/uploads/contract.ts';
import { MAX_FILE_BYTES } from '../../../src/lib/uploads/file-rules.ts';

/**
 * Upload purposes the server stores: the ID document, request attachments (spec 2 §7 uploads/2) and a shipment's
 * invoice files (api/tracking/{awb}/upload).
 */
export const PURPOSE = { ...UPLOAD_PURPOSE, shipmentInvoice: '3' } as const;
export type StoredPurpose = (typeof PURPOSE)[keyof typeof PURPOSE];

/** Room for the multipart boundaries and part headers (a long file name) around each file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const tooLarge = () =>
  new HttpError(413, { code: ErrorCode.fileTooLarge, message: `Files must be 1 to ${MAX_FILE_BYTES} bytes` });
export const badFormat = (message: string) => new HttpError(415, { code: ErrorCode.fileFormat, message });
export const fileRequired = () => new HttpError(400, { code: ErrorCode.fileRequired, message: 'Send a file' });
export const queueLimit = (message: string) => new HttpError(400, { code: ErrorCode.fileQueueLimit, message });

/**
 * A body limit for `files` files of the maximum size, enforced while the body streams in (or from
 * Content-Length), so a huge body is never buffered.
 */
export function limitBody(files: number): MiddlewareHandler<ApiEnv> {
  return bodyLimit({
    maxSize: files * (MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES),
    onError: () => {
      throw tooLarge();
    },
  });
}

/** The files of the `field` field of a multipart body (415 unless the body is multipart). */
export async function multipartFiles(c: Context<ApiEnv>, field: string): Promise<File[]> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
    throw badFormat('Send the file as multipart/form-data');
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new HttpError(400, { code: ErrorCode.validation, message: 'Malformed multipart body' });
  }
  return form.getAll(field).filter((value): value is File => typeof value !== 'string');
}

export interface CheckedFile {
  file: File;
  bytes: Uint8Array;
  detected: DetectedType;
}

/**
 * The files, checked in the order a customer should fix them: none (FILE_REQUIRED), too many
 * (FILE_QUEUE_LIMIT), a size out of bounds (FILE_TOO_LARGE), a type not accepted by content (FILE_FORMAT).
 */
export async function checkedFiles(files: readonly File[], limit: number): Promise<CheckedFile[]> {
  if (files.length === 0) throw fileRequired();
  if (files.length > limit) throw queueLimit(`At most ${limit} file(s) at a time`);
  if (files.some((f) => f.size === 0 || f.size > MAX_FILE_BYTES)) throw tooLarge();
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const detected = detectFileType(bytes);
    if (!detected) throw badFormat('Accepted: png, jpg, gif, pdf, doc, docx');
    checked.push({ file, bytes, detected });
  }
  return checked;
}
