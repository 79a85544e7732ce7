/**
 * Opens the database: embedded PGlite under DATA_DIR (or in memory with `memory://`) by default,
 * PostgreSQL through a `pg` pool when a URL is given. Runs the committed migrations either way.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATIONS = join(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite's folder, or `memory://`. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests use one each, so suites don't meet). */
  pgSchema?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pgSchema = options.pgSchema ?? 'public';
    if (!/^[a-z_][a-z0-9_]*$/.test(pgSchema)) throw new Error(`Invalid schema name: ${pgSchema}`);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: `-c search_path=${pgSchema}`,
    });
    await pool.query(`create schema if not exists ${pgSchema}`);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS, migrationsSchema: pgSchema });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  return { db, kind: 'pglite', close: () => client.close() };
}
