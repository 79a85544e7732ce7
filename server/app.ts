import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { sql } from 'drizzle-orm';
import type { Logger } from './logger.ts';
import { securityHeaders } from './site/security-headers.ts';
import { mountSite } from './site/site-handler.ts';
import { SiteFiles } from './site/site-files.ts';
import { ArticleAnswers } from './content/article-answers.ts';
import { createApi } from './api/api.ts';
import { COMPRESS_FROM_BYTES } from './api/router.ts';
import type { ApiDeps } from './api/env.ts';
import type { HotReads } from './api/hot-reads.ts';
import { mountApiDocs } from './api/api-docs.ts';
import { openApiDocument } from './api/openapi.ts';
import { SessionStore, type SessionPolicy, DEFAULT_SESSION_POLICY } from './auth/sessions.ts';
import { Throttle } from './auth/throttle.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Db } from './db/database.ts';
import { unavailableCause } from './db/unavailable.ts';
import { serviceUnavailable } from './api/http-errors.ts';
import { AccountLinks } from './auth/account-links.ts';
import { OutboxMailer, type Mailer } from './mail/mailer.ts';
import { mountDevTools } from './dev/outbox-viewer.ts';
import { UploadStorage, isInside, temporaryUploadDir } from './uploads/storage.ts';
import { brands, type BrandId } from '../src/brands/brands.ts';
import { noCountryByIp, type CountryByIp } from './geo/country-by-ip.ts';
import { ArticleStore, defaultArticleSource, type ArticleSource } from './content/article-source.ts';
import { mountEditor, type EditorOptions } from './editor/editor-routes.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { SandboxProvider } from './payments/sandbox/sandbox-provider.ts';
import { mountSandbox } from './payments/sandbox/sandbox-pages.ts';
import type { RoutingService } from './routing/routing-service.ts';
import { DirectLineRouting } from './routing/direct-line.ts';
import type { ThreeWordService } from './three-words/three-word-service.ts';
import { EmbeddedThreeWords } from './three-words/embedded-three-words.ts';
import { totpKeyFrom } from './auth/totp.ts';
import { PushSender } from './push/push-sender.ts';
import { DEVELOPMENT_VAPID_KEYS } from './push/vapid.ts';

export interface AppOptions {
  brand: BrandId;
  distDir: string;
  /** The files of distDir in memory; default: read at creation. Shared with the server's quick path (main.ts). */
  siteFiles?: SiteFiles;
  /** GET api/articles' kept answers; default: a fresh set. Shared with the server's quick path (main.ts). */
  articleAnswers?: ArticleAnswers;
  /**
   * The hot reads answered beside the app (server/api/hot-reads.ts), which the app fills in: shared with the server's
   * quick path (main.ts).
   */
  hotReads?: HotReads;
  db: Db;
  logger: Logger;
  clock?: Clock;
  trustProxy?: boolean;
  /** How many trusted proxies append to X-Forwarded-For in front of the app; default 1. */
  proxyHops?: number;
  /** Header of the visitor's country set by the edge in front (trusted with `trustProxy`); default cf-ipcountry. */
  countryHeader?: string;
  /** The visitor's country by IP address when there is no trusted country header; default: none (null). */
  countryByIp?: CountryByIp;
  /**
   * The site's articles, loaded at start (loadArticleSource), or a store a publish replaces them in; default:
   * src/content, loaded on first use.
   */
  articles?: ArticleSource | ArticleStore;
  /** The content editor at /admin (server/editor); default off. */
  editor?: EditorOptions;
  sessionPolicy?: SessionPolicy;
  /**
   * Keep live sessions in memory, so a request needs no statement to know its user; default off. Only when no other
   * process uses the database (embedded PGlite; main.ts): another process's logout would not be known here.
   */
  keepSessionsInMemory?: boolean;
  /** How e-mails go out; default: into the outbox table (see createMailer for SMTP). */
  mailer?: Mailer;
  /** Origin of the links in e-mails; default: the request's. */
  publicOrigin?: string | undefined;
  /** Serve /dev/outbox; default off. */
  devTools?: boolean;
  /** Answer 500 when a call answers or refuses in a way its declaration doesn't promise (tests); default off. */
  checkContract?: boolean;
  /**
   * TOTP_ENCRYPTION_KEY: what the key of the second step's stored secrets is derived from; default: the development
   * key (server/auth/totp.ts; production refuses to start without the setting).
   */
  totpEncryptionKey?: string | undefined;
  /**
   * Web Push (issue 26): what sends messages to customers' devices, shared with the package alerts; default: one with
   * the development VAPID keys (server/push/vapid.ts) that posts to any http(s) push service.
   */
  push?: PushSender;
  /** Folder of uploaded files, outside distDir; default: a fresh temp folder, created on the first upload. */
  uploadDir?: string | undefined;
  /** The payment provider; default: the sandbox, whose pages are then served under /sandbox. */
  payments?: PaymentProvider;
  /** Directions for the office locator; default: the direct-line estimate (docs/decisions/020). */
  routing?: RoutingService;
  /** The three-word address service; default: the embedded encoding (docs/decisions/019). */
  threeWords?: ThreeWordService;
  /**
   * Why this process should get no traffic now (shutting down, migrations missing), or null; throwing means the
   * database does not answer. Asked by GET /api/health/ready. Default: the database answers `select 1`.
   */
  readiness?: () => Promise<string | null>;
}

/** The API's version in its document: the product's. */
const API_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** How long the readiness check waits for the database before answering 503. */
export const READINESS_TIMEOUT_MS = 2_000;

/** The readiness check's answer: null when ready, else why not (no detail of the database's error). */
async function readinessProblem(
  check: () => Promise<string | null>,
  logger: Logger,
  last: { problem: string | null },
): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('the database did not answer in time'), READINESS_TIMEOUT_MS);
  });
  let problem: string | null;
  let error: unknown;
  try {
    problem = await Promise.race([check(), late]);
  } catch (e) {
    problem = 'the database does not answer';
    error = e;
  } finally {
    clearTimeout(timer);
  }
  // Load balancers ask every few seconds: log the changes, not every answer.
  if (problem !== last.problem) {
    if (problem) logger.warn({ err: error, reason: problem }, 'not ready');
    else logger.info('ready again');
    last.problem = problem;
  }
  return problem;
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
    const path = new URL(c.req.url).pathname;
    // Load balancers' health checks come every few seconds: logged only when debugging.
    const level = path.startsWith('/api/health/') ? 'debug' : 'info';
    options.logger[level](
      {
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use('*', securityHeaders({ trustProxy }));
  app.use('*', compress({ threshold: COMPRESS_FROM_BYTES }));

  app.get('/api/health', (c) => c.json({ status: 'ok', brand: brand.id }));
  // Liveness: the process runs and its event loop answers; nothing else (a database outage is not cured by a restart).
  app.get('/api/health/live', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'live' });
  });
  // Readiness: send traffic here only while the database answers with this build's schema and no shutdown is under way.
  const readiness =
    options.readiness ??
    (async () => {
      await options.db.execute(sql`select 1`);
      return null;
    });
  const lastReadiness = { problem: null as string | null };
  app.get('/api/health/ready', async (c) => {
    c.header('Cache-Control', 'no-store');
    const problem = await readinessProblem(readiness, options.logger, lastReadiness);
    if (problem) return c.json({ status: 'unavailable', reason: problem }, 503);
    return c.json({ status: 'ready' });
  });
  const push =
    options.push ??
    new PushSender({
      db: options.db,
      clock,
      logger: options.logger,
      brand,
      vapid: DEVELOPMENT_VAPID_KEYS,
      serviceHosts: 'any',
    });
  const deps: ApiDeps = {
    db: options.db,
    clock,
    logger: options.logger,
    trustProxy,
    proxyHops: options.proxyHops ?? 1,
    countryHeader: options.countryHeader ?? 'cf-ipcountry',
    countryByIp: options.countryByIp ?? noCountryByIp,
    articles:
      loaded instanceof ArticleStore
        ? () => loaded.get()
        : loaded
          ? () => Promise.resolve(loaded)
          : defaultArticleSource,
    articleAnswers: options.articleAnswers ?? new ArticleAnswers(),
    sessions: new SessionStore(options.db, clock, options.sessionPolicy ?? DEFAULT_SESSION_POLICY, {
      keepInMemory: options.keepSessionsInMemory ?? false,
    }),
    throttle: new Throttle(options.db, clock),
    links: new AccountLinks(options.db, clock),
    mailer: options.mailer ?? new OutboxMailer({ db: options.db, clock, brand }),
    brand,
    publicOrigin: options.publicOrigin,
    uploads,
    payments,
    routing: options.routing ?? new DirectLineRouting(),
    threeWords: options.threeWords ?? new EmbeddedThreeWords(),
    checkContract: options.checkContract ?? false,
    totpKey: totpKeyFrom(options.totpEncryptionKey),
    push,
  };
  const api = createApi(deps);
  options.hotReads?.attach(api, deps);
  // Before the API's own routes, whose last one answers 404 to any other /api/ path.
  mountApiDocs(app, () => openApiDocument(api.endpoints, brand, API_VERSION), `${brand.name} API reference`);
  app.route('/', api.app);
  mountDevTools(app, options.db, options.devTools ?? false, clock, push);
  if (options.editor) mountEditor(app, options.editor);
  if (payments instanceof SandboxProvider) mountSandbox(app, payments, { trustProxy });

  const siteFiles = options.siteFiles ?? new SiteFiles(options.distDir);
  options.editor?.local?.publisher.onPublished(() => siteFiles.reload());
  mountSite(app, siteFiles, { brandSlug: brand.slug, languages: brand.languages });

  app.onError((error, c) => {
    const path = new URL(c.req.url).pathname;
    // The dev tools and the payment sandbox answer a database outage as the API does.
    const cause = unavailableCause(error);
    if (cause) {
      const { status, body, headers } = serviceUnavailable(cause);
      options.logger.warn(
        { code: (cause as { code?: unknown }).code, reason: cause.message, path },
        'database unavailable',
      );
      return c.json(body, status, headers);
    }
    options.logger.error({ err: error, path }, 'unhandled error');
    return c.json({ code: 'SERVER_ERROR', message: 'Something went wrong' }, 500);
  });
  return app;
}
