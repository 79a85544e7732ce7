import type { Context } from 'hono';
import { z } from 'zod';
import { ErrorCode, type ApiErrorBody } from '../../src/lib/api/errors.ts';
import { DomainError, type RefusalKind } from '../domain-error.ts';
import { unavailableCause } from '../db/unavailable.ts';
import type { ErrorStatus } from '../../src/lib/api/endpoint.ts';

/** The status that answers each kind of domain refusal. */
const REFUSAL_STATUS: Record<RefusalKind, HttpError['status']> = {
  invalid: 400,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
};

/** A domain refusal, or a database that can't be reached (503), as the API answers it; anything else as it is. */
export function asHttpError(error: unknown): unknown {
  if (error instanceof DomainError) {
    return new HttpError(REFUSAL_STATUS[error.kind], { code: error.code, message: error.message });
  }
  const cause = unavailableCause(error);
  return cause ? serviceUnavailable(cause) : error;
}

/** An error answer the API gives on purpose; the app's error handler turns it into JSON. */
export class HttpError extends Error {
  readonly status: ErrorStatus;
  readonly body: ApiErrorBody;
  readonly headers: Record<string, string>;

  constructor(
    status: HttpError['status'],
    body: ApiErrorBody,
    headers: Record<string, string> = {},
    options?: { cause: unknown },
  ) {
    super(body.message ?? body.code, options);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const unauthorized = () => new HttpError(401, { code: ErrorCode.unauthorized, message: 'Log in first' });
export const forbidden = () => new HttpError(403, { code: ErrorCode.forbidden, message: 'Not yours' });
export const notFound = () => new HttpError(404, { code: ErrorCode.notFound, message: 'Not found' });
/** A change the object's state doesn't allow (a closed request, a package no longer claimable). */
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, { code, message });
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    { code: ErrorCode.tooManyAttempts, message: 'Too many failed attempts' },
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** Seconds a client waits before trying again while the database can't be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The database can't be reached now (`cause` says how, for the log); the same request works once it is back. */
export const serviceUnavailable = (cause?: Error) =>
  new HttpError(
    503,
    { code: ErrorCode.unavailable, message: 'The service is unavailable for a moment; try again shortly' },
    { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    cause ? { cause } : undefined,
  );

/** The error of an invalid request: 400 with the problems per field. */
export const invalid = (fieldErrors: Record<string, string[]>, code: string = ErrorCode.validation) =>
  new HttpError(400, { code, message: code === ErrorCode.validation ? 'Invalid request' : code, fieldErrors });

/** The body as JSON: 415 unless sent as JSON, 400 when malformed. */
export async function readJson(c: Context): Promise<unknown> {
  if (!c.req.header('content-type')?.toLowerCase().startsWith('application/json')) {
    throw new HttpError(415, { code: ErrorCode.validation, message: 'Send JSON' });
  }
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, { code: ErrorCode.validation, message: 'Malformed JSON' });
  }
}

/** A failed parse's problems per field (dotted paths; '_' for the body itself). */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** Reads and validates a JSON body; a malformed or invalid one is a 400 with field errors, never a 500. */
export async function jsonBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.core.output<S>> {
  const parsed = z.safeParse(schema, await readJson(c));
  if (!parsed.success) throw invalid(fieldErrorsOf(parsed.error));
  return parsed.data;
}
