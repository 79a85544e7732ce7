/** Starts the server: configuration from the environment, database, JSON logs, graceful shutdown. */
import { existsSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createApp } from './app.ts';
import { SiteFiles } from './site/site-files.ts';
import { quickPath } from './site/quick-path.ts';
import { HotReads } from './api/hot-reads.ts';
import { ArticleAnswers } from './content/article-answers.ts';
import { listen } from './listen.ts';
import { parseEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { openDatabase } from './db/database.ts';
import { seedIfEmpty } from './dev/seed.ts';
import { refreshReferenceData } from './db/reference-data.ts';
import { forgetPlaceNames } from './reference/place-names.ts';
import { systemClock } from './clock.ts';
import { createMailer } from './mail/mailer.ts';
import { AlertScheduler } from './alerts/alert-scheduler.ts';
import { temporaryUploadDir } from './uploads/storage.ts';
import { brands, type BrandId } from '../src/brands/brands.ts';
import { ArticleStore, loadArticleSource, type ArticleSource } from './content/article-source.ts';
import type { EditorOptions } from './editor/editor-routes.ts';
import { startLocalBackend } from './editor/local-backend.ts';
import { ContentPublisher } from './editor/publisher.ts';
import { ipLocationDbDir, loadIpLocationDb } from './geo/ip-location-db.ts';
import { noCountryByIp, type CountryByIp } from './geo/country-by-ip.ts';
import { createRoutingService } from './routing/create-routing.ts';
import type { ThreeWordService } from './three-words/three-word-service.ts';
import { EmbeddedThreeWords } from './three-words/embedded-three-words.ts';
import { What3wordsThreeWords } from './three-words/what3words.ts';
import { PushSender } from './push/push-sender.ts';
import { DEVELOPMENT_VAPID_KEYS } from './push/vapid.ts';

const env = parseEnv();
const logger = createLogger(env.LOG_LEVEL);

if (!existsSync(env.distDir)) {
  logger.fatal({ distDir: env.distDir }, 'No build of the site here: run `npm run build` (or `npm start`) first');
  process.exit(1);
}

// Migrating and seeding run under an advisory lock on PostgreSQL: of several processes starting together against one
// database, one does the work and the others wait for it (docs/decisions/023).
const startup = { seeded: false };
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  poolSize: env.DATABASE_POOL_SIZE,
  pipelines: env.DATABASE_PIPELINES,
  // On embedded PGlite, which is this process's alone, the hot reads' answers are kept until a write (docs/decisions/043).
  keepReads: true,
  onPoolError: (error) => logger.warn({ err: error }, 'an idle database connection failed'),
  setup: async (db) => {
    if (env.SEED_DEMO_DATA && (await seedIfEmpty(db, systemClock))) {
      startup.seeded = true;
    } else {
      // Databases seeded before the reference files changed (or never seeded) get the current files.
      await refreshReferenceData(db);
    }
  },
});
logger.info({ database: database.kind, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR }, 'database ready');
logger.info(startup.seeded ? 'demo data seeded' : 'reference data loaded');

// The articles of GET api/articles: the site's own content files, checked and rendered once. Content that the
// site's build would refuse stops the server too, with every file at fault named.
let articles: ArticleSource;
try {
  articles = await loadArticleSource(env.contentDir);
} catch (error) {
  logger.fatal({ err: error }, 'the site content in src/content is invalid');
  process.exit(1);
}
logger.info(
  { faqs: articles.faqs.en.length, serviceUpdates: articles.serviceUpdates.en.length, shops: articles.shops.length },
  'articles loaded',
);
// A publish from the content editor replaces them without a restart.
const articleStore = new ArticleStore(articles);
const editor = await startEditor();

// Country by IP for visitors when no trusted edge names their country (the flex article's prices): the offline
// database package, else none (the site then shows the default price list).
let countryByIp: CountryByIp = noCountryByIp;
const ipDir = ipLocationDbDir();
if (ipDir) {
  const started = performance.now();
  countryByIp = loadIpLocationDb(ipDir);
  logger.info({ ms: Math.round(performance.now() - started) }, 'country-by-IP data loaded');
} else {
  logger.warn('no country-by-IP data installed: visitors without a country header get the default prices');
}

const mailer = createMailer({
  db: database.db,
  clock: systemClock,
  brand: brands[env.BRAND],
  logger,
  from: env.MAIL_FROM,
  smtpUrl: env.SMTP_URL,
});
logger.info({ mail: env.SMTP_URL ? 'smtp' : 'outbox' }, 'mail ready');
if (!env.PUBLIC_ORIGIN && env.NODE_ENV === 'production') {
  // Links in e-mails would take the request's Host, which a client can forge to steal reset tokens.
  logger.fatal(
    'Set PUBLIC_ORIGIN (e.g. https://www.example.com) in production: e-mail links must not trust the Host header',
  );
  process.exit(1);
}
if (!env.TOTP_ENCRYPTION_KEY && env.NODE_ENV === 'production') {
  // The development key is in the source: the second step's secrets would be as good as in clear.
  logger.fatal('Set TOTP_ENCRYPTION_KEY (openssl rand -base64 32) in production: it encrypts the two-step secrets');
  process.exit(1);
}
if (!env.vapid && env.NODE_ENV === 'production') {
  // The development pair is in the source: anyone could sign messages to the customers' devices.
  logger.fatal(
    'Set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT in production (npx web-push generate-vapid-keys)',
  );
  process.exit(1);
}
if (env.DEV_TOOLS) {
  const level = env.NODE_ENV === 'production' ? 'warn' : 'info';
  logger[level]('dev tools on: /dev/outbox shows every e-mail with its live links');
}

// With the data in memory, uploads are as short-lived: a temp folder, removed at shutdown.
const uploadDir = env.uploadDir ?? temporaryUploadDir();
if (env.uploadDir) logger.info({ uploadDir }, 'uploads ready');
else logger.warn({ uploadDir }, 'uploads go to a temp folder removed at shutdown: set UPLOAD_DIR to keep them');

// Three-word addresses: what3words with a key, else the embedded encoding (docs/decisions/019). The key is never logged.
const threeWords: ThreeWordService = env.W3W_API_KEY
  ? new What3wordsThreeWords({ apiKey: env.W3W_API_KEY, baseUrl: env.W3W_API_URL })
  : new EmbeddedThreeWords();
logger.info(
  {
    threeWords: threeWords.kind,
    ...(env.W3W_API_KEY && env.W3W_API_URL ? { url: new URL(env.W3W_API_URL).origin } : {}),
  },
  'three-word service ready',
);

// Directions: the routing server at ROUTING_URL, else direct-line estimates (docs/decisions/020).
const routing = createRoutingService({ url: env.ROUTING_URL, engine: env.ROUTING_ENGINE });
if (env.ROUTING_URL) logger.info({ routing: routing.engine, url: new URL(env.ROUTING_URL).origin }, 'routing ready');
else logger.warn({ routing: routing.engine }, 'no ROUTING_URL: directions are direct-line estimates');

// Web Push (issue 26): the VAPID keys of the settings, else the development pair; the push services posted to.
const push = new PushSender({
  db: database.db,
  clock: systemClock,
  logger,
  brand: brands[env.BRAND],
  vapid: env.vapid ?? DEVELOPMENT_VAPID_KEYS,
  serviceHosts: env.pushServiceHosts,
});
logger.info(
  { vapid: env.vapid ? 'configured' : 'development', pushServices: env.pushServiceHosts },
  'push notifications ready',
);

/**
 * The content editor at /admin (docs/decisions/039), when EDITOR is on. With the local backend it edits the files
 * of CONTENT_DIR in place (which must be the `src/content` folder of a working copy) and publishes by rebuilding
 * every brand's site next to this one's and handing the API the new articles.
 */
async function startEditor(): Promise<{ options: EditorOptions; stop: () => void } | undefined> {
  const settings = env.editor;
  if (!settings) return undefined;
  const base = {
    settings,
    brand: brands[env.BRAND],
    distDir: env.distDir,
    editorDir: join(env.distDir, '..', 'editor'),
  };
  if (settings.backend !== 'local') {
    logger.info({ backend: settings.backend, repo: settings.repo }, 'content editor on at /admin');
    return { options: base, stop: () => undefined };
  }
  if (basename(env.contentDir) !== 'content' || basename(dirname(env.contentDir)) !== 'src') {
    logger.fatal(
      { contentDir: env.contentDir },
      "the local editor needs CONTENT_DIR to be a working copy's src/content",
    );
    process.exit(1);
  }
  const backend = await startLocalBackend(dirname(dirname(env.contentDir)), logger);
  const publisher = new ContentPublisher({
    contentDir: env.contentDir,
    distRoot: dirname(env.distDir),
    brands: Object.keys(brands) as BrandId[],
    articles: articleStore,
    logger,
    // The API's reference data (the country rates) follows the repository's own data files.
    // Place names read from those tables are kept a minute: this process forgets them at once.
    afterPublish: env.ownContent
      ? async () => {
          await refreshReferenceData(database.db);
          forgetPlaceNames(database.db);
        }
      : undefined,
  });
  logger[env.NODE_ENV === 'production' ? 'warn' : 'info'](
    { contentDir: env.contentDir },
    'content editor on at /admin: it writes the content files in place',
  );
  return {
    options: { ...base, local: { backend, publisher } },
    stop: () => {
      publisher.close();
      void backend.close();
    },
  };
}

/** Set at SIGTERM: readiness answers 503 from then on (see shutdown below). */
let closing = false;
// The site's files in memory, shared by the app and the quick path in front of it (docs/decisions/040).
const siteFiles = new SiteFiles(env.distDir);
const articleAnswers = new ArticleAnswers();
// The account's hot reads, answered beside the app (docs/decisions/047).
const hotReads = new HotReads();
const app = createApp({
  brand: env.BRAND,
  distDir: env.distDir,
  siteFiles,
  articleAnswers,
  hotReads,
  db: database.db,
  // Embedded PGlite is this process's alone: its sessions can be kept in memory (docs/decisions/041).
  keepSessionsInMemory: database.kind === 'pglite',
  logger,
  trustProxy: env.TRUST_PROXY,
  proxyHops: env.PROXY_HOPS,
  countryHeader: env.COUNTRY_HEADER,
  countryByIp,
  articles: articleStore,
  editor: editor?.options,
  sessionPolicy: { idleMinutes: env.SESSION_IDLE_MINUTES, absoluteHours: env.SESSION_ABSOLUTE_HOURS },
  mailer,
  publicOrigin: env.PUBLIC_ORIGIN,
  totpEncryptionKey: env.TOTP_ENCRYPTION_KEY,
  devTools: env.DEV_TOOLS,
  uploadDir,
  routing,
  threeWords,
  push,
  // A process shutting down leaves the load balancer's rotation before it stops answering.
  readiness: () => (closing ? Promise.resolve('shutting down') : database.problem()),
});
const server = listen(
  app.fetch,
  {
    port: env.PORT,
    hostname: env.HOST,
    quickPath: quickPath({
      files: siteFiles,
      site: { brandSlug: brands[env.BRAND].slug, languages: brands[env.BRAND].languages },
      trustProxy: env.TRUST_PROXY,
      logger,
      articles: { answers: articleAnswers, current: () => articleStore.current },
      hotReads,
    }),
  },
  (info) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    logger.info({ brand: env.BRAND, url: `http://${host}:${info.port}/` }, 'listening');
  },
);

// The package alerts (docs/decisions/034): every process runs them; the database makes each alert go once. Their
// links lead to PUBLIC_ORIGIN, else to this server as a developer opens it.
const local = ['0.0.0.0', '::', '127.0.0.1'].includes(env.HOST) ? 'localhost' : env.HOST;
const alerts =
  env.ALERTS_INTERVAL_SECONDS > 0
    ? new AlertScheduler({
        db: database.db,
        clock: systemClock,
        mailer,
        brand: brands[env.BRAND],
        logger,
        origin: env.PUBLIC_ORIGIN ?? `http://${local}:${env.PORT}`,
        push,
      })
    : undefined;
alerts?.start(env.ALERTS_INTERVAL_SECONDS * 1000);
logger.info({ intervalSeconds: env.ALERTS_INTERVAL_SECONDS }, alerts ? 'package alerts on' : 'package alerts off');

/**
 * SIGTERM (or SIGINT): readiness answers 503 at once while requests are still served for SHUTDOWN_DELAY_SECONDS,
 * so the load balancer stops sending new ones; then the port closes, idle connections end, the requests in flight
 * finish (for at most SHUTDOWN_TIMEOUT_SECONDS), and the mail deliveries and the database close. A second signal
 * skips the delay.
 */
let stopping = false;
let delay: NodeJS.Timeout | undefined;

function shutdown(signal: string): void {
  if (closing) {
    stop();
    return;
  }
  closing = true;
  logger.info({ signal, delaySeconds: env.SHUTDOWN_DELAY_SECONDS }, 'shutting down: not ready any more');
  delay = setTimeout(stop, env.SHUTDOWN_DELAY_SECONDS * 1000);
}

function stop(): void {
  if (stopping) return;
  stopping = true;
  clearTimeout(delay);
  logger.info('closing the port; waiting for the requests in flight');
  const force = setTimeout(() => {
    logger.warn({ seconds: env.SHUTDOWN_TIMEOUT_SECONDS }, 'connections still open; exiting');
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  force.unref();
  editor?.stop();
  server.close(() => {
    // The alerts' round under way and the deliveries still under way finish before the database closes.
    void Promise.resolve(alerts?.stop())
      .then(() => mailer.close?.())
      .then(() => database.close())
      .finally(() => {
        if (!env.uploadDir) rmSync(uploadDir, { recursive: true, force: true });
        logger.info('stopped');
        process.exit(0);
      });
  });
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
