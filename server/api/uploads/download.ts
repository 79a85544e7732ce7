/**
 * A stored upload answered as a download, as the ID document and request attachments are
 * (./uploads.routes.ts): the type its content was detected as, saved under its name with that
 * type's extension, never sniffed, never cached.
 */
import type { Context } from 'hono';
import type { UploadType } from '../../../src/lib/api/uploads/contract.ts';
import { attachmentDisposition, downloadName } from '../../uploads/file-names.ts';
import { MIME_TYPES } from '../../uploads/file-type.ts';
import type { UploadStorage } from '../../uploads/storage.ts';

export async function uploadDownload(
  c: Context,
  storage: UploadStorage,
  upload: { storageKey: string; type: UploadType; originalName: string },
): Promise<Response> {
  const bytes = await storage.read(upload.storageKey);
  return c.body(bytes, 200, {
    'Content-Type': MIME_TYPES[upload.type],
    'Content-Length': String(bytes.length),
    'Content-Disposition': attachmentDisposition(downloadName(upload.originalName, upload.type)),
    // The browser must take the type we detected, never guess one (an HTML-looking PDF stays a PDF).
    'X-Content-Type-Options': 'nosniff',
    // Customers' documents: no shared cache, and no copy left on the customer's disk.
    'Cache-Control': 'private, no-store',
  });
}
