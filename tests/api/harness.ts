/**
 * Builds the app in-process for API tests: a fresh database per suite (in-memory PGlite, or a schema of
 * its own on PostgreSQL), migrated and seeded, a clock the test moves, and helpers for sessions.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../../server/app.ts';
import { SiteFiles } from '../../server/site/site-files.ts';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createLogger, type Logger } from '../../server/logger.ts';
import type { PaymentProvider } from '../../server/payments/provider.ts';
import type { Mailer } from '../../server/mail/mailer.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { seedIfEmpty, DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { brands, type BrandId } from '../../src/brands/brands.ts';
import type { CountryByIp } from '../../server/geo/country-by-ip.ts';
import { PushSender } from '../../server/push/push-sender.ts';
import type { PushServiceHosts } from '../../server/push/push-endpoints.ts';
import { DEVELOPMENT_VAPID_KEYS } from '../../server/push/vapid.ts';
import type { ArticleStore } from '../../server/content/article-source.ts';
import type { EditorOptions } from '../../server/editor/editor-routes.ts';
import type { HotReads } from '../../server/api/hot-reads.ts';

export type Backend = 'pglite' | 'postgres';

/**
 * Both, always. PostgreSQL is the server TEST_DATABASE_URL names: CI's, or the embedded one that
 * tests/api/postgres-global-setup.ts starts for the run when the variable is unset.
 */
export const BACKENDS: Backend[] = ['pglite', 'postgres'];

export const T0 = new Date('2026-11-22T08:00:00Z');

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: Database;
  /** The app's upload folder: a temp folder of its own, removed by close(). */
  uploadDir: string;
  /** The app's site folder. */
  distDir: string;
  /** The site folder's files as the app holds them: `reload()` after writing files there. */
  siteFiles: SiteFiles;
  /** The app's clock. */
  clock: () => Date;
  /** Moves the clock forward. */
  advance(ms: number): void;
  request(path: string, init?: RequestInit & { cookie?: string; from?: string }): Promise<Response>;
  /** A call with a JSON body (if any) as a session (if any). */
  send(method: string, path: string, as?: { cookie: string }, body?: unknown): Promise<Response>;
  /** Logs in and returns the session cookie (`name=value`). */
  login(email: string, from?: string): Promise<{ cookie: string; guid: string }>;
  /** A fresh customer from the dev tools (`POST /dev/customers` with `options`), logged in. */
  newCustomer(options?: Record<string, unknown>): Promise<{ cookie: string; guid: string; email: string }>;
  close(): Promise<void>;
}

async function freshDatabase(
  backend: Backend,
  dataDir?: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    // As the server opens it: the hot reads' answers kept until a write.
    const database = await openDatabase({ dataDir: dataDir ?? 'memory://', keepReads: true });
    return { database, drop: async () => {} };
  }
  // A database of its own per suite, created next to the one TEST_DATABASE_URL names.
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set: run the API tests with vitest');
  const url = new URL(process.env.TEST_DATABASE_URL);
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: own.toString() });
  return { database, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export function cookieOf(response: Response): string | undefined {
  return response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '')[0];
}

export async function createTestApp(
  backend: Backend,
  options: {
    dataDir?: string;
    seed?: boolean;
    /** /dev/outbox on (default) or off. */
    devTools?: boolean;
    publicOrigin?: string;
    brand?: BrandId;
    /** Trust the proxy's headers (default on: the tests speak through X-Forwarded-For). */
    trustProxy?: boolean;
    countryHeader?: string;
    /** The offline country-by-IP lookup (default: none). */
    countryByIp?: CountryByIp;
    /** The payment provider (default: a sandbox of the app's own). */
    payments?: PaymentProvider;
    /** Where the app logs (default: silent unless TEST_LOG_LEVEL). */
    logger?: Logger;
    /** How the app's e-mails go out (default: the outbox table). */
    mailer?: Mailer;
    /** The push services the app's Web Push posts to (default: any http(s) endpoint, as in development). */
    pushServiceHosts?: PushServiceHosts;
    /** The site's folder (default: an empty temp folder of its own, removed by close()). */
    distDir?: string;
    /** The articles (default: src/content's). */
    articles?: ArticleStore;
    /** The content editor at /admin (default off). */
    editor?: EditorOptions;
    /** Sessions kept in memory (default: on PGlite, as the server does; off on PostgreSQL). */
    keepSessionsInMemory?: boolean;
    /** The hot reads the app fills in, for a test that serves them beside the app over HTTP (default none). */
    hotReads?: HotReads;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase(backend, options.dataDir);
  let now = T0.getTime();
  const clock = () => new Date(now);
  if (options.seed !== false) await seedIfEmpty(database.db, clock);
  const logger = options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const distDir = options.distDir ?? mkdtempSync(join(tmpdir(), 'dist-'));
  const uploadDir = mkdtempSync(join(tmpdir(), 'uploads-'));
  const siteFiles = new SiteFiles(distDir);
  const app = createApp({
    brand: options.brand ?? 'shipbox',
    distDir,
    siteFiles,
    uploadDir,
    db: database.db,
    keepSessionsInMemory: options.keepSessionsInMemory ?? backend === 'pglite',
    logger,
    clock,
    trustProxy: options.trustProxy ?? true,
    countryHeader: options.countryHeader,
    countryByIp: options.countryByIp,
    devTools: options.devTools ?? true,
    // Every answer and refusal must be one the call's declaration promises (src/lib/api/endpoint.ts).
    checkContract: true,
    publicOrigin: options.publicOrigin,
    ...(options.articles ? { articles: options.articles } : {}),
    ...(options.hotReads ? { hotReads: options.hotReads } : {}),
    ...(options.editor ? { editor: options.editor } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.pushServiceHosts
      ? {
          push: new PushSender({
            db: database.db,
            clock,
            logger,
            brand: brands[options.brand ?? 'shipbox'],
            vapid: DEVELOPMENT_VAPID_KEYS,
            serviceHosts: options.pushServiceHosts,
          }),
        }
      : {}),
  });
  const request: TestApp['request'] = (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set('cookie', init.cookie);
    headers.set('x-forwarded-for', init.from ?? '203.0.113.10');
    // What a browser sends with a same-origin fetch.
    if (!headers.has('sec-fetch-site')) headers.set('sec-fetch-site', 'same-origin');
    // Strings are the JSON bodies of the tests; FormData brings its own multipart type and boundary.
    if (typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return Promise.resolve(app.request(path, { ...init, headers }));
  };
  const login: TestApp['login'] = async (email, from) => {
    const res = await request('/api/account/login', {
      method: 'POST',
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      ...(from ? { from } : {}),
    });
    if (res.status !== 200) throw new Error(`login ${email} answered ${res.status}`);
    const body = (await res.json()) as { userGuid: string };
    return { cookie: cookieOf(res) ?? '', guid: body.userGuid };
  };
  return {
    app,
    database,
    uploadDir,
    distDir,
    siteFiles,
    clock,
    advance: (ms) => {
      now += ms;
    },
    request,
    send: (method, path, as, body) =>
      request(path, {
        method,
        ...(as ? { cookie: as.cookie } : {}),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    login,
    async newCustomer(options = {}) {
      const res = await request('/dev/customers', { method: 'POST', body: JSON.stringify(options) });
      if (res.status !== 200) throw new Error(`dev customer answered ${res.status}`);
      const { email } = (await res.json()) as { email: string };
      return { ...(await login(email)), email };
    },
    async close() {
      await database.close();
      await drop();
      rmSync(uploadDir, { recursive: true, force: true });
      if (!options.distDir) rmSync(distDir, { recursive: true, force: true });
    },
  };
}

/** A debug logger whose lines the test can read (to prove what never reaches a log). */
export function capturedLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
}
