import { Hono } from 'hono';
import type { Logger } from './logger.ts';
import { securityHeaders } from './site/security-headers.ts';
import { mountSite } from './site/site-handler.ts';
import { createApi } from './api/api.ts';
import { SessionStore, type SessionPolicy, DEFAULT_SESSION_POLICY } from './auth/sessions.ts';
import { Throttle } from './auth/throttle.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Db } from './db/database.ts';
import { brands, type BrandId } from '../src/brands/brands.ts';

export interface AppOptions {
  brand: BrandId;
  distDir: string;
  db: Db;
  logger: Logger;
  clock?: Clock;
  trustProxy?: boolean;
  sessionPolicy?: SessionPolicy;
}

/** The whole product on one port: the API under /api and the built site with its URL rules. */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const brand = brands[options.brand];
  const clock = options.clock ?? systemClock;
  const trustProxy = options.trustProxy ?? false;

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    options.logger.info(
      {
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use('*', securityHeaders({ trustProxy }));

  app.get('/api/health', (c) => c.json({ status: 'ok', brand: brand.id }));
  const api = createApi({
    db: options.db,
    clock,
    logger: options.logger,
    trustProxy,
    sessions: new SessionStore(options.db, clock, options.sessionPolicy ?? DEFAULT_SESSION_POLICY),
    throttle: new Throttle(options.db, clock),
  });
  app.route('/', api.app);

  mountSite(app, options.distDir, { brandSlug: brand.slug, languages: brand.languages });

  app.onError((error, c) => {
    options.logger.error({ err: error, path: new URL(c.req.url).pathname }, 'unhandled error');
    return c.json({ code: 'SERVER_ERROR', message: 'Something went wrong' }, 500);
  });
  return app;
}
