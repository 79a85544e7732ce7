import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { Logger } from './logger.ts';
import { securityHeaders } from './site/security-headers.ts';
import { mountSite } from './site/site-handler.ts';
import { createApi } from './api/api.ts';
import { SessionStore, type SessionPolicy, DEFAULT_SESSION_POLICY } from './auth/sessions.ts';
import { Throttle } from './auth/throttle.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Db } from './db/database.ts';
import { AccountLinks } from './auth/account-links.ts';
import { OutboxMailer, type Mailer } from './mail/mailer.ts';
import { mountDevTools } from './dev/outbox-viewer.ts';
import { UploadStorage, isInside, temporaryUploadDir } from './uploads/storage.ts';
import { brands, type BrandId } from '../src/brands/brands.ts';
import { noCountryByIp, type CountryByIp } from './geo/country-by-ip.ts';
import { defaultArticleSource, type ArticleSource } from './content/article-source.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { SandboxProvider } from './payments/sandbox/sandbox-provider.ts';
import { mountSandbox } from './payments/sandbox/sandbox-pages.ts';
import type { RoutingService } from './routing/routing-service.ts';
import { DirectLineRouting } from './routing/direct-line.ts';
import type { ThreeWordService } from './three-words/three-word-service.ts';
import { EmbeddedThreeWords } from './three-words/embedded-three-words.ts';

export interface AppOptions {
  brand: BrandId;
  distDir: string;
  db: Db;
  logger: Logger;
  clock?: Clock;
  trustProxy?: boolean;
  /** Header of the visitor's country set by the edge in front (trusted with `trustProxy`); default cf-ipcountry. */
  countryHeader?: string;
  /** The visitor's country by IP address when there is no trusted country header; default: none (null). */
  countryByIp?: CountryByIp;
  /** The site's articles, loaded at start (loadArticleSource); default: src/content, loaded on first use. */
  articles?: ArticleSource;
  sessionPolicy?: SessionPolicy;
  /** How e-mails go out; default: into the outbox table (see createMailer for SMTP). */
  mailer?: Mailer;
  /** Origin of the links in e-mails; default: the request's. */
  publicOrigin?: string | undefined;
  /** Serve /dev/outbox; default off. */
  devTools?: boolean;
  /** Folder of uploaded files, outside distDir; default: a fresh temp folder, created on the first upload. */
  uploadDir?: string | undefined;
  /** The payment provider; default: the sandbox, whose pages are then served under /sandbox. */
  payments?: PaymentProvider;
  /** Directions for the office locator; default: the direct-line estimate (docs/decisions/020). */
  routing?: RoutingService;
  /** The three-word address service; default: the embedded encoding (docs/decisions/019). */
  threeWords?: ThreeWordService;
}

/** The whole product on one port: the API under /api and the built site with its URL rules. */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const brand = brands[options.brand];
  const clock = options.clock ?? systemClock;
  const trustProxy = options.trustProxy ?? false;
  const loaded = options.articles;
  const payments = options.payments ?? new SandboxProvider({ clock });
  const uploads = new UploadStorage(options.uploadDir ?? temporaryUploadDir());
  // Files under the web root would be served by the static handler, past the owner check.
  if (isInside(uploads.dir, options.distDir)) {
    throw new Error(`The upload folder ${uploads.dir} must not be inside the site's folder ${options.distDir}`);
  }

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
  app.use('*', compress());

  app.get('/api/health', (c) => c.json({ status: 'ok', brand: brand.id }));
  const api = createApi({
    db: options.db,
    clock,
    logger: options.logger,
    trustProxy,
    countryHeader: options.countryHeader ?? 'cf-ipcountry',
    countryByIp: options.countryByIp ?? noCountryByIp,
    articles: loaded ? () => Promise.resolve(loaded) : defaultArticleSource,
    sessions: new SessionStore(options.db, clock, options.sessionPolicy ?? DEFAULT_SESSION_POLICY),
    throttle: new Throttle(options.db, clock),
    links: new AccountLinks(options.db, clock),
    mailer: options.mailer ?? new OutboxMailer({ db: options.db, clock, brand }),
    brand,
    publicOrigin: options.publicOrigin,
    uploads,
    payments,
    routing: options.routing ?? new DirectLineRouting(),
    threeWords: options.threeWords ?? new EmbeddedThreeWords(),
  });
  app.route('/', api.app);
  mountDevTools(app, options.db, options.devTools ?? false, clock);
  if (payments instanceof SandboxProvider) mountSandbox(app, payments, { trustProxy });

  mountSite(app, options.distDir, { brandSlug: brand.slug, languages: brand.languages });

  app.onError((error, c) => {
    options.logger.error({ err: error, path: new URL(c.req.url).pathname }, 'unhandled error');
    return c.json({ code: 'SERVER_ERROR', message: 'Something went wrong' }, 500);
  });
  return app;
}
