/**
 * Opens the database: embedded PGlite under DATA_DIR (or in memory with `memory://`) by default,
 * PostgreSQL through a `pg` pool when a URL is given. Runs the committed migrations either way.
 *
 * On PostgreSQL, several API processes may start at once against one database (docs/decisions/023): the
 * migrations and the caller's `setup` (seeding the demo data) run under a session-level advisory lock, so
 * one process migrates and seeds while the others wait, then find the work done.
 */
import { join } from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { markUnavailable } from './unavailable.ts';
import { KeptReads } from './kept-reads.ts';
import { PipelinedPool } from './pipelines.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A transaction on the database, as `db.transaction(async (tx) => …)` hands it over. It is a Db too: a function
 * that takes a Db runs inside its caller's transaction when given one, with no cast.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Why the database can't serve this build now, or null when it can: it answers a query and every migration
   * of this build is applied. Throws when the database does not answer.
   */
  problem(): Promise<string | null>;
  close(): Promise<void>;
}

/** Every table of the schema by name. */
const tableNames = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table));

const keptReadsByDb = new WeakMap<Db, KeptReads>();

/** The kept answers of the database's hot reads, when it keeps them (`keepReads` on PGlite). */
export function keptReadsOf(db: Db): KeptReads | undefined {
  return keptReadsByDb.get(db);
}

const MIGRATIONS = join(import.meta.dirname, 'migrations');

/** Any fixed number, the same in every process: the advisory lock key of migrating and seeding at start. */
export const STARTUP_LOCK = 8_030_200;

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite's folder, or `memory://`. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests use one each, so suites don't meet). */
  pgSchema?: string;
  /** Connections of the PostgreSQL pool; default 10. */
  poolSize?: number;
  /** Connections the prepared reads are pipelined on (pipelines.ts), beside the pool's; default 2, 0 for none. */
  pipelines?: number;
  /** How long a query waits for a connection of the pool before it fails (503); default 10 s. */
  connectionTimeoutMs?: number;
  /** Errors of idle pooled connections (the server restarting, a failover); without a listener they end the process. */
  onPoolError?: (error: Error) => void;
  /** Work to do once migrated and before anyone else starts it (seeding): under the same lock on PostgreSQL. */
  setup?: (db: Db) => Promise<void>;
  /**
   * On PGlite: keep the answers of the hot reads in memory until a write touches their tables (kept-reads.ts). Only
   * where this process alone uses the database.
   */
  keepReads?: boolean;
  /** Told every statement the app sends, with its parameters (the benchmark replays them without the app). */
  onQuery?: (query: string, params: unknown[]) => void;
}

/**
 * The `when` of the newest migration of this build: what drizzle records as `created_at` once it has run. Read
 * once: the readiness check asks for it on every probe.
 */
let newest: number | undefined;
function newestMigration(): number {
  if (newest === undefined) {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    newest = Math.max(...journal.entries.map((e) => e.when));
  }
  return newest;
}

/** The rows of a raw query: PGlite's and node-postgres's results both carry them as `rows`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** Null when the newest migration of this build is recorded in `migrationsSchema`'s table, else why not. */
export async function migrationProblem(db: Db, migrationsSchema: string): Promise<string | null> {
  const name = `${migrationsSchema}.__drizzle_migrations`;
  const [table] = await rowsOf<{ found: string | null }>(db, sql`select to_regclass(${name})::text as found`);
  if (!table?.found) return 'database migrations are not applied';
  const [row] = await rowsOf<{ last: string | number | null }>(
    db,
    sql`select max(created_at) as last from ${sql.identifier(migrationsSchema)}.${sql.identifier('__drizzle_migrations')}`,
  );
  return Number(row?.last ?? 0) >= newestMigration() ? null : 'database migrations are not applied';
}

/** Runs `work` holding the startup advisory lock on a connection of its own (so a pool of one can't deadlock). */
async function withStartupLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    // Ending the session releases the lock too, should the unlock above have failed.
    await client.end();
  }
}

/**
 * Marks every failure to get a connection (refused, timed out, a database not accepting connections) as the
 * database being unavailable, whatever its code: the API answers those 503. Queries and transactions both get
 * their connection here; a connection that comes back broken is dropped by the pool, so a database that returns
 * is used again without a restart.
 */
function markConnectFailures(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => Promise<unknown> | undefined;
  pool.connect = ((callback?: (error: Error | undefined, ...rest: unknown[]) => void) => {
    if (callback) {
      return connect((error, ...rest) => callback(error ? markUnavailable(error as Error) : undefined, ...rest));
    }
    return connect()?.catch((error: unknown) => {
      throw markUnavailable(error);
    });
  }) as typeof pool.connect;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const pgSchema = options.pgSchema ?? 'public';
    if (!/^[a-z_][a-z0-9_]*$/.test(pgSchema)) throw new Error(`Invalid schema name: ${pgSchema}`);
    const pool = new PipelinedPool({
      connectionString: databaseUrl,
      max: options.poolSize ?? 10,
      pipelines: options.pipelines ?? 2,
      // A database that can't be reached fails the request (and the readiness check) rather than queueing it forever.
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 10_000,
      options: `-c search_path=${pgSchema}`,
    });
    pool.on('error', options.onPoolError ?? (() => {}));
    markConnectFailures(pool);
    const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
    const db = drizzlePg(pool, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
    try {
      await withStartupLock(databaseUrl, async () => {
        await pool.query(`create schema if not exists ${pgSchema}`);
        await migratePg(db as never, { migrationsFolder: MIGRATIONS, migrationsSchema: pgSchema });
        await options.setup?.(db);
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: 'postgres', problem: () => migrationProblem(db, pgSchema), close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const keptReads = options.keepReads ? new KeptReads(tableNames) : undefined;
  keptReads?.attach(client);
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  const db = drizzlePglite(client, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  if (keptReads) keptReadsByDb.set(db, keptReads);
  // One process only: PGlite is embedded, so there is no one to wait for.
  try {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    await options.setup?.(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', problem: () => migrationProblem(db, 'drizzle'), close: () => client.close() };
}
