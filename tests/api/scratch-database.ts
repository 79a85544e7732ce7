/**
 * An empty PostgreSQL database of its own next to the one TEST_DATABASE_URL names, for tests that open it
 * themselves (several processes, or several pools at once) rather than through the harness.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** postgres://… of the new database. */
  url: string;
  /** Drops it, ending any connection still open. */
  drop(): Promise<void>;
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>`; `prefix` is lower-case letters and underscores. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  if (!/^[a-z_]+$/.test(prefix)) throw new Error(`Invalid prefix: ${prefix}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(base, `create database ${name}`);
  const own = new URL(base);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(base, `drop database if exists ${name} with (force)`) };
}
