/**
 * Whether an error means the database can't be reached now: down, restarting, refusing connections, or the pool
 * out of connections for longer than its time-out. The API answers such a failure 503 with Retry-After rather than
 * 500: nothing is wrong with the request, and the same request works once the database is back, which the pool
 * notices by itself (docs/decisions/030).
 */

const UNAVAILABLE = Symbol('database unavailable');

/** Connection exceptions (class 08), shutdowns and a server still starting (57P01 to 57P03), no free connection slot. */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** The network's refusals and time-outs. */
const SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** Failures the drivers report without a code: a connection that ended, a pool time-out, a closed pool or PGlite. */
const MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end/,
  /^PGlite is closed/,
];

/**
 * Marks an error raised while getting a connection: whatever its code (a database that refuses connections, an
 * unknown database, a password no longer accepted), the request could not reach the database.
 */
export function markUnavailable<E>(error: E): E {
  if (typeof error === 'object' && error !== null && !Object.isFrozen(error)) {
    Object.defineProperty(error, UNAVAILABLE, { value: true });
  }
  return error;
}

function matches(error: object): boolean {
  if ((error as { [UNAVAILABLE]?: boolean })[UNAVAILABLE]) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (PG_CODES.has(code) || code.startsWith('08') || SYSTEM_CODES.has(code))) {
    return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * The error that shows the database can't be reached, found in `error` or its causes (the query builder wraps the
 * driver's error, whose message holds no query parameters), or undefined when the failure is of another kind.
 */
export function unavailableCause(error: unknown): Error | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    // A service called over HTTP that can't be reached is not the database (its callers answer 502 or 504).
    if (current instanceof TypeError && current.message === 'fetch failed') return undefined;
    if (matches(current)) return current as Error;
    // A connection to a name with several addresses fails with each of them.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((e) => typeof e === 'object' && e !== null && matches(e))) {
      return current as Error;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isDatabaseUnavailable = (error: unknown): boolean => unavailableCause(error) !== undefined;
