/** Starts the server: configuration from the environment, JSON logs, graceful shutdown. */
import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { parseEnv } from './env.ts';
import { createLogger } from './logger.ts';

const env = parseEnv();
const logger = createLogger(env.LOG_LEVEL);

if (!existsSync(env.distDir)) {
  logger.fatal({ distDir: env.distDir }, 'No build of the site here: run `npm run build` (or `npm start`) first');
  process.exit(1);
}

const app = createApp({ brand: env.BRAND, distDir: env.distDir, logger, trustProxy: env.TRUST_PROXY });
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  logger.info({ brand: env.BRAND, url: `http://${host}:${info.port}/` }, 'listening');
});

let closing = false;
function shutdown(signal: string): void {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.warn('connections still open after 10 s; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(() => {
    logger.info('stopped');
    process.exit(0);
  });
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
