/**
 * Idempotency keys for the payment calls, after the IETF Idempotency-Key header draft: the first request with
 * a key runs; while it runs, the same key is answered 409; once it has answered, the same key and body get the
 * same answer again (Idempotent-Replayed: true) and the same key with another body is 422. Keys are per user and
 * live in the database, so every API process sees the same ones. A request that fails unexpectedly (500), or is
 * told to try again later (429, 503), releases its key so the customer can try again.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_HEADER, PaymentErrorCode } from '../../../src/lib/api/payments/contract.ts';
import type { ApiErrorBody } from '../../../src/lib/api/errors.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, asHttpError, unauthorized } from '../http-errors.ts';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** JSON with sorted keys: the same body hashes the same whatever the order of its fields. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const respond = (c: Context<ApiEnv>, status: number, body: unknown) =>
  c.json(body as object, status as ContentfulStatusCode);

/**
 * Runs `handler` once per Idempotency-Key of the session's user; `payload` is the parsed body the key is bound to.
 * The handler's answer (a JSON body, or an HttpError it throws) is stored and replayed.
 */
export async function idempotent(
  c: Context<ApiEnv>,
  payload: unknown,
  handler: () => Promise<{ status: number; body: unknown }>,
): Promise<Response> {
  const { db, logger } = c.var.deps;
  const userGuid = c.var.userGuid;
  if (!userGuid) throw unauthorized();
  const key = c.req.header(IDEMPOTENCY_HEADER) ?? '';
  if (!KEY.test(key)) {
    throw new HttpError(400, {
      code: PaymentErrorCode.idempotencyKey,
      message: `Send an ${IDEMPOTENCY_HEADER} header (8 to 100 letters, digits, - or _)`,
    });
  }
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${new URL(c.req.url).pathname} ${stableJson(payload)}`)
    .digest('hex');

  const claimed = await db
    .insert(idempotencyKeys)
    .values({ key, userGuid, status: 0, body: {}, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.userGuid, userGuid), eq(idempotencyKeys.key, key));

  if (claimed.length === 0) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) throw new HttpError(409, { code: PaymentErrorCode.inFlight, message: 'Try again' });
    if (row.requestHash !== requestHash) {
      return respond(c, 422, {
        code: PaymentErrorCode.keyReused,
        message: 'This idempotency key was used with another request',
      } satisfies ApiErrorBody);
    }
    if (row.status === 0) {
      throw new HttpError(409, { code: PaymentErrorCode.inFlight, message: 'The first request is still running' });
    }
    c.header('Idempotent-Replayed', 'true');
    return respond(c, row.status, row.body);
  }

  let answer: { status: number; body: unknown };
  try {
    answer = await handler();
  } catch (thrown) {
    const error = asHttpError(thrown);
    // A refusal is the answer to this key; "try again later" (a limit reached, the database unreachable) is not.
    if (error instanceof HttpError && error.status !== 429 && error.status !== 503) {
      answer = { status: error.status, body: error.body };
    } else {
      await db
        .delete(idempotencyKeys)
        .where(where)
        .catch((e: unknown) => logger.error({ err: e }, 'idempotency key not released'));
      throw error;
    }
  }
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, body: answer.body as object })
    .where(where);
  return respond(c, answer.status, answer.body);
}
