/**
 * Attachment rules of spec 1 §5 and spec 2 §5: types png, jpg, jpeg, pdf, doc, docx, gif; at most 4,194,304
 * bytes; one file in the queue by default (five for invoices). The server decides a file's type by its
 * content; the browser checks the name first so a customer hears at once.
 */
export const MAX_FILE_BYTES = 4_194_304;
export const DEFAULT_QUEUE_LIMIT = 1;
export const INVOICE_QUEUE_LIMIT = 5;
export const ALLOWED_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf', 'doc', 'docx', 'gif'] as const;

export type FileProblem = 'fileSizeLimit' | 'fileFormat' | 'fileQueueLimit' | 'fileRequired';

/** The translation key of a problem. */
export const fileProblemKey = (problem: FileProblem): string => `validation.${problem}`;

interface FileLike {
  name: string;
  size: number;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Problems of a set of files about to be uploaded, in the order a customer should fix them. */
export function fileProblems(
  files: readonly FileLike[],
  options: { required: boolean; limit?: number },
): FileProblem[] {
  const limit = options.limit ?? DEFAULT_QUEUE_LIMIT;
  if (files.length === 0) return options.required ? ['fileRequired'] : [];
  const problems: FileProblem[] = [];
  if (files.length > limit) problems.push('fileQueueLimit');
  if (files.some((f) => !(ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(f.name))))
    problems.push('fileFormat');
  if (files.some((f) => f.size > MAX_FILE_BYTES || f.size === 0)) problems.push('fileSizeLimit');
  return problems;
}
