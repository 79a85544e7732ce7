import { z } from '../zod.ts';

/** Every error body of the API. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.optional(z.string()),
  /** Per field, the problems found (400). */
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ErrorCode = {
  validation: 'VALIDATION',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  serverError: 'SERVER_ERROR',
  /** Login: account not active (deactivated or never activated). */
  accountInactive: 'AE001',
  /** Login: e-mail or password wrong. */
  loginFailed: 'AE002',
  /** Login: drop-and-ship account. */
  dropShip: 'AE003',
  /** Uploads: a file over the size limit, or empty. */
  fileTooLarge: 'FILE_TOO_LARGE',
  /** Uploads: a type (by content) not accepted, or a body that is not multipart. */
  fileFormat: 'FILE_FORMAT',
  /** Uploads: more files than the queue allows. */
  fileQueueLimit: 'FILE_QUEUE_LIMIT',
  /** Uploads: no file. */
  fileRequired: 'FILE_REQUIRED',
} as const;

/** An API failure as the site sees it, with the translation key to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messageKey: string;
  readonly fieldErrors: Record<string, string[]>;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: ApiErrorBody | null, retryAfterSeconds?: number) {
    const code = body?.code ?? (status === 0 ? 'NETWORK' : ErrorCode.serverError);
    super(body?.message ?? code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.messageKey = messageKeyFor(status, code);
    this.fieldErrors = body?.fieldErrors ?? {};
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Codes whose message is always the same, whatever the status. */
const CODE_KEYS: Record<string, string> = {
  ACCOUNT_NOT_RESOLVED: 'errors.accountNotResolved',
  ALREADY_ACTIVE: 'notifications.accountAlreadyActive',
  SAME_PASSWORD: 'notifications.samePassword',
  WRONG_PASSWORD: 'errors.wrongPassword',
  FILE_TOO_LARGE: 'validation.fileSizeLimit',
  FILE_FORMAT: 'validation.fileFormat',
  FILE_QUEUE_LIMIT: 'validation.fileQueueLimit',
  FILE_REQUIRED: 'validation.fileRequired',
};

/** The spec's message key for a failure (spec 2 §8). */
export function messageKeyFor(status: number, code: string): string {
  if (code === ErrorCode.accountInactive || code === ErrorCode.loginFailed || code === ErrorCode.dropShip) {
    return `errors.login.${code}`;
  }
  const known = CODE_KEYS[code];
  if (known) return known;
  if (status === 0) return 'errors.network';
  if (status === 401) return 'errors.unauthorized';
  if (status === 429) return 'errors.tooManyAttempts';
  if (status === 400) return 'errors.validation';
  return 'errors.500';
}

/** A page's load failure (spec 2 §8 "Wallet load 401 / other"): errors.unauthorized for a 401, else errors.500. */
export const loadErrorKey = (error: unknown): string =>
  error instanceof ApiError && error.status === 401 ? 'errors.unauthorized' : 'errors.500';
