import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout. Request bodies are never logged: they may hold card data or passwords. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'web' },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
  });
}
