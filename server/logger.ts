import { pino, type Logger } from 'pino';

export type { Logger };

/** A failed query as the query builder reports it: its message and stack carry the query's parameters. */
interface QueryError extends Error {
  query: string;
  params: unknown[];
}

function isQueryError(value: unknown): value is QueryError {
  return value instanceof Error && typeof (value as Partial<QueryError>).query === 'string' && 'params' in value;
}

/**
 * Errors as pino writes them, except a failed query's parameters: they are the values a customer sent (a wallet
 * token, an e-mail address), so the log keeps the statement, how many parameters it had and the driver's error.
 */
export function serializeError(error: unknown): unknown {
  if (!isQueryError(error)) return error instanceof Error ? pino.stdSerializers.err(error) : error;
  const message = `Failed query: ${error.query}`;
  return {
    type: error.name,
    message,
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
    paramCount: Array.isArray(error.params) ? error.params.length : undefined,
    cause: serializeError(error.cause),
  };
}

/** JSON logs on stdout. Request bodies are never logged: they may hold card data or passwords. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'web' },
      serializers: { err: serializeError },
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        remove: true,
      },
    },
    destination ?? pino.destination(1),
  );
}
