/** Contract of the upload calls (spec 2 §7: POST api/account/{guid}/upload/1, GET api/customers/{guid}/uploads/1). */
import { z } from '../../zod.ts';
import { customerDetailsSchema } from '../account/contract.ts';

/** Upload purposes by the spec's id. Only the ID document so far. */
export const UPLOAD_PURPOSE = { idDocument: '1' } as const;
export const uploadPurposeSchema = z.enum([UPLOAD_PURPOSE.idDocument]);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/** The multipart field that carries the file(s). */
export const UPLOAD_FIELD = 'file';

/** A file's type as the server detects it from the content. */
export const uploadTypeSchema = z.enum(['png', 'jpeg', 'gif', 'pdf', 'doc', 'docx']);
export type UploadType = z.infer<typeof uploadTypeSchema>;

/** Path parameters of POST api/account/{guid}/upload/{purpose} and GET api/customers/{guid}/uploads/{purpose}. */
export const uploadPathSchema = z.object({ purpose: uploadPurposeSchema });

/** Path parameters of GET api/customers/{guid}/uploads/{purpose}/{uploadId}. */
export const uploadFilePathSchema = z.object({ purpose: uploadPurposeSchema, uploadId: z.uuid() });

/** POST api/account/{guid}/upload/1 answers the customer as the session check does, with isIdUploaded set. */
export const uploadResponseSchema = customerDetailsSchema;

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
