import { Hono } from 'hono';
import type { Logger } from './logger.ts';
import { securityHeaders } from './site/security-headers.ts';
import { mountSite } from './site/site-handler.ts';
import { brands } from '../src/brands/brands.ts';
import type { BrandId } from '../src/brands/brands.ts';

export interface AppOptions {
  brand: BrandId;
  distDir: string;
  logger: Logger;
  trustProxy?: boolean;
}

/** The whole product on one port: the API under /api and the built site with its URL rules. */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const brand = brands[options.brand];

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
  app.use('*', securityHeaders({ trustProxy: options.trustProxy ?? false }));

  app.get('/api/health', (c) => c.json({ status: 'ok', brand: brand.id }));
  app.all('/api/*', (c) => c.json({ code: 'NOT_FOUND', message: 'No such API call' }, 404));

  mountSite(app, options.distDir, { brandSlug: brand.slug, languages: brand.languages });

  app.onError((error, c) => {
    options.logger.error({ err: error, path: new URL(c.req.url).pathname }, 'unhandled error');
    return c.json({ code: 'SERVER_ERROR', message: 'Something went wrong' }, 500);
  });
  return app;
}
