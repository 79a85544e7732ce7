import { z } from '../zod.ts';

/** Every error body of the API. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.optional(z.string()),
  /** Per field, the problems found (400). */
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
  /** Why a payment provider refused (src/lib/payments/gateway-messages.ts), when it did. */
  reason: z.optional(z.string()),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ErrorCode = {
  validation: 'VALIDATION',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  serverError: 'SERVER_ERROR',
  /** 503: the database can't be reached for a moment; Retry-After says when to try again. */
  unavailable: 'SERVICE_UNAVAILABLE',
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
  /** 413: a JSON body larger than any form of the product sends (MAX_JSON_BYTES). */
  bodyTooLarge: 'BODY_TOO_LARGE',
} as const;

/** An API failure as the site sees it, with the translation key to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messageKey: string;
  readonly fieldErrors: Record<string, string[]>;
  /** Why a payment provider refused, as the body says (a gateway code). */
  readonly reason: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: ApiErrorBody | null, retryAfterSeconds?: number) {
    const code = body?.code ?? (status === 0 ? 'NETWORK' : ErrorCode.serverError);
    super(body?.message ?? code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.messageKey = messageKeyFor(status, code);
    this.fieldErrors = body?.fieldErrors ?? {};
    this.reason = body?.reason;
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
  BODY_TOO_LARGE: 'errors.bodyTooLarge',
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
  // Ours (SERVICE_UNAVAILABLE), or a proxy's while the servers restart: either way, worth trying again shortly.
  if (status === 503) return 'errors.unavailable';
  if (status === 400) return 'errors.validation';
  return 'errors.500';
}

/**
 * A page's load failure (spec 2 §8 "Wallet load 401 / other"): errors.unauthorized for a 401, errors.unavailable
 * while the service is down for a moment (503), else errors.500.
 */
export function loadErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.500';
  if (error.status === 401) return 'errors.unauthorized';
  return error.status === 503 ? 'errors.unavailable' : 'errors.500';
}
