/**
 * What the upload calls share: the multipart field, the types a file can be, the list of a customer's uploads.
 * The calls are declared under their spec 2 §7 headings: POST api/account/{guid}/upload/1 in ../account/contract.ts,
 * GET api/customers/{guid}/uploads/1 and the download in ../customers/contract.ts.
 */
import { z } from '../../zod.ts';

/** Upload purposes by the spec's id: the ID document (1) and request attachments (2). */
export const UPLOAD_PURPOSE = { idDocument: '1', requestAttachment: '2' } as const;

/** The multipart field that carries the file(s). */
export const UPLOAD_FIELD = 'file';

/** A file's type as the server detects it from the content. */
export const uploadTypeSchema = z.enum(['png', 'jpeg', 'gif', 'pdf', 'doc', 'docx']);
export type UploadType = z.infer<typeof uploadTypeSchema>;

/**
 * Path parameters of GET api/customers/{guid}/uploads/{purpose}/{uploadId}: the ID document, or a request's
 * attachment (uploaded through POST api/account/{guid}/requests/{id}/attachFiles).
 */
export const uploadFilePathSchema = z.object({
  guid: z.string(),
  purpose: z.enum([UPLOAD_PURPOSE.idDocument, UPLOAD_PURPOSE.requestAttachment]),
  uploadId: z.uuid(),
});

export const uploadSummarySchema = z.object({
  id: z.uuid(),
  type: uploadTypeSchema,
  size: z.int().check(z.positive()),
  /** The client's file name, sanitised; for display only. */
  name: z.string(),
  createdAt: z.iso.datetime(),
});
export type UploadSummary = z.infer<typeof uploadSummarySchema>;

/** GET api/customers/{guid}/uploads/1: the user's uploads of that purpose, newest first. */
export const uploadListSchema = z.array(uploadSummarySchema);
export type UploadList = z.infer<typeof uploadListSchema>;
