import type { Context } from 'hono';
import type { z } from 'zod';
import { ErrorCode, type ApiErrorBody } from '../../src/lib/api/errors.ts';

/** An error answer the API gives on purpose; the app's error handler turns it into JSON. */
export class HttpError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;
  readonly body: ApiErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: HttpError['status'], body: ApiErrorBody, headers: Record<string, string> = {}) {
    super(body.message ?? body.code);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const unauthorized = () => new HttpError(401, { code: ErrorCode.unauthorized, message: 'Log in first' });
export const forbidden = () => new HttpError(403, { code: ErrorCode.forbidden, message: 'Not yours' });
export const notFound = () => new HttpError(404, { code: ErrorCode.notFound, message: 'Not found' });
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    { code: ErrorCode.tooManyAttempts, message: 'Too many failed attempts' },
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** Reads and validates a JSON body; a malformed or invalid one is a 400 with field errors, never a 500. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  if (!c.req.header('content-type')?.toLowerCase().startsWith('application/json')) {
    throw new HttpError(415, { code: ErrorCode.validation, message: 'Send JSON' });
  }
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new HttpError(400, { code: ErrorCode.validation, message: 'Malformed JSON' });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') || '_';
      (fieldErrors[field] ??= []).push(issue.message);
    }
    throw new HttpError(400, { code: ErrorCode.validation, message: 'Invalid request', fieldErrors });
  }
  return parsed.data;
}
