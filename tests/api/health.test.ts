/**
 * Liveness and readiness (docs/decisions/023): live answers while the process runs; ready only while the database
 * answers with this build's migrations and no shutdown is under way. And the startup lock: pools opening one
 * empty PostgreSQL database together migrate and seed one after the other.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { count, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, READINESS_TIMEOUT_MS, type AppOptions } from '../../server/app.ts';
import { migrationProblem, openDatabase, type Database, type Db } from '../../server/db/database.ts';
import { seedIfEmpty } from '../../server/dev/seed.ts';
import { users } from '../../server/db/schema.ts';
import { createLogger } from '../../server/logger.ts';
import { systemClock } from '../../server/clock.ts';
import * as schema from '../../server/db/schema.ts';
import { capturedLogger } from './harness.ts';
import { createScratchDatabase } from './scratch-database.ts';

const MIGRATION_COUNT = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

let distDir: string;
let database: Database;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'dist-'));
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await database.close();
  rmSync(distDir, { recursive: true, force: true });
});

const appOn = (options: Partial<AppOptions> = {}) =>
  createApp({ brand: 'shipbox', distDir, db: database.db, logger: createLogger('silent'), ...options });

/** A database whose every query fails, as one that went away would. */
const unreachable = {
  execute: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')),
} as unknown as Db;

async function probe(app: ReturnType<typeof createApp>, path: string) {
  const res = await app.request(path);
  return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as unknown };
}

describe('GET /api/health/live', () => {
  it('answers 200 while the process runs, whatever the database, and is never cached', async () => {
    expect(await probe(appOn(), '/api/health/live')).toEqual({
      status: 200,
      cache: 'no-store',
      body: { status: 'live' },
    });
    expect((await probe(appOn({ db: unreachable }), '/api/health/live')).status).toBe(200);
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 when the database answers and every migration of this build is applied', async () => {
    expect(await probe(appOn({ readiness: () => database.problem() }), '/api/health/ready')).toEqual({
      status: 200,
      cache: 'no-store',
      body: { status: 'ready' },
    });
    // Without a readiness check of its own, the app asks the database a trivial query.
    expect((await probe(appOn(), '/api/health/ready')).status).toBe(200);
  });

  it('answers 503 with the reason when the database does not answer, logs the cause once, never shows it', async () => {
    const { logger, lines } = capturedLogger();
    const app = appOn({ db: unreachable, logger });
    for (let i = 0; i < 3; i++) {
      expect(await probe(app, '/api/health/ready')).toEqual({
        status: 503,
        cache: 'no-store',
        body: { status: 'unavailable', reason: 'the database does not answer' },
      });
    }
    const notReady = lines.filter((l) => l.includes('"msg":"not ready"'));
    expect(notReady).toHaveLength(1);
    expect(notReady[0]).toContain('ECONNREFUSED');
    // The existing health check and liveness stay up: the load balancer only takes the process out of rotation.
    expect((await app.request('/api/health')).status).toBe(200);
  });

  it('answers 503 once the database is closed, and 200 again from a check that recovers', async () => {
    const closed = await openDatabase({ dataDir: 'memory://' });
    await closed.close();
    const app = appOn({ db: closed.db, readiness: () => closed.problem() });
    expect((await probe(app, '/api/health/ready')).body).toEqual({
      status: 'unavailable',
      reason: 'the database does not answer',
    });
    expect((await probe(appOn({ db: closed.db }), '/api/health/ready')).status).toBe(503);

    let up = false;
    const { logger, lines } = capturedLogger();
    const flapping = appOn({ logger, readiness: () => (up ? Promise.resolve(null) : Promise.reject(new Error('x'))) });
    expect((await probe(flapping, '/api/health/ready')).status).toBe(503);
    up = true;
    expect((await probe(flapping, '/api/health/ready')).status).toBe(200);
    expect(lines.filter((l) => l.includes('"msg":"ready again"'))).toHaveLength(1);
  });

  it('answers 503 with the reason the check gives: shutting down', async () => {
    const app = appOn({ readiness: () => Promise.resolve('shutting down') });
    expect(await probe(app, '/api/health/ready')).toEqual({
      status: 503,
      cache: 'no-store',
      body: { status: 'unavailable', reason: 'shutting down' },
    });
  });

  it('answers 503 when the database takes longer than the time limit', async () => {
    const app = appOn({ readiness: () => new Promise(() => {}) });
    const started = performance.now();
    expect((await probe(app, '/api/health/ready')).body).toEqual({
      status: 'unavailable',
      reason: 'the database did not answer in time',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
  });
});

describe('migration check', () => {
  it('reports a database without the migrations, or without the newest one of this build', async () => {
    const bare = new PGlite();
    expect(await migrationProblem(drizzle(bare, { schema }) as unknown as Db, 'drizzle')).toBe(
      'database migrations are not applied',
    );
    await bare.close();

    const behind = await openDatabase({ dataDir: 'memory://' });
    expect(await behind.problem()).toBeNull();
    await behind.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await behind.problem()).toBe('database migrations are not applied');
    await behind.close();
  });
});

describe('startup lock on PostgreSQL', () => {
  it('two pools opening one empty database at once migrate and seed one after the other', async () => {
    const scratch = await createScratchDatabase('startup');
    const opened: Database[] = [];
    try {
      const spans: { start: number; end: number; seeded: boolean }[] = [];
      const open = (poolSize: number) =>
        openDatabase({
          databaseUrl: scratch.url,
          // A pool of one must not deadlock: the lock is held on a connection of its own.
          poolSize,
          setup: async (db) => {
            const start = performance.now();
            const seeded = await seedIfEmpty(db, systemClock);
            spans.push({ start, end: performance.now(), seeded });
          },
        });
      opened.push(...(await Promise.all([open(1), open(10)])));

      expect(spans.map((s) => s.seeded).sort()).toEqual([false, true]);
      const [first, second] = [...spans].sort((a, b) => a.start - b.start);
      expect(second!.start).toBeGreaterThanOrEqual(first!.end);
      const [people] = await opened[0]!.db.select({ n: count() }).from(users);
      expect(people?.n).toBe(6);
      const migrations = await opened[1]!.db.execute(sql`select count(*)::int as n from public.__drizzle_migrations`);
      expect((migrations as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(MIGRATION_COUNT);
      for (const d of opened) expect(await d.problem()).toBeNull();

      // A closed pool is a database that does not answer.
      await opened[1]!.close();
      const app = appOn({ db: opened[1]!.db, readiness: () => opened[1]!.problem() });
      expect((await probe(app, '/api/health/ready')).status).toBe(503);
      opened.pop();
    } finally {
      for (const d of opened) await d.close();
      await scratch.drop();
    }
  });
});
