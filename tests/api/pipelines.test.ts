/**
 * The prepared reads pipelined beside the pool (server/db/pipelines.ts, docs/decisions/048), on a PostgreSQL
 * database of their own: statements sent together each get their own answer, on the pipelines' connections and not
 * the pool's; an error ends its own statement alone; a pipeline whose connection ends is opened again, and one that
 * can't be opened fails as the database being unavailable (503).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PipelinedPool } from '../../server/db/pipelines.ts';
import { isDatabaseUnavailable } from '../../server/db/unavailable.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

const postgres = process.env.TEST_DATABASE_URL;

interface Row {
  n: number;
  pid: number;
}

describe.skipIf(!postgres)('prepared reads pipelined beside the pool', () => {
  let scratch: ScratchDatabase;
  let pool: PipelinedPool;
  let admin: pg.Client;
  /** What the pool reported of connections that failed while idle or pipelining (the app logs them). */
  const reported: Error[] = [];
  const named = (n: number) =>
    pool.query(
      { name: 'numbered', text: 'select $1::int as n, pg_backend_pid() as pid' } as never,
      [n] as never,
    ) as unknown as Promise<pg.QueryResult<Row>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase('pipelines');
    pool = new PipelinedPool({ connectionString: scratch.url, max: 3, pipelines: 2, connectionTimeoutMillis: 2000 });
    pool.on('error', (error) => reported.push(error));
    admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
  });

  afterAll(async () => {
    await pool?.end();
    await admin?.end();
    await scratch?.drop();
  });

  it('answers each of many statements sent in one turn with its own rows, on two connections apart from the pool', async () => {
    const answers = await Promise.all(Array.from({ length: 300 }, (_, n) => named(n)));
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(Array.from({ length: 300 }, (_, n) => n));
    // Two connections of their own answered them all; the pool opened none.
    expect(new Set(answers.map((answer) => answer.rows[0]!.pid)).size).toBe(2);
    expect(pool.totalCount).toBe(0);
    await pool.query('select 1');
    expect(pool.totalCount).toBe(1);
  });

  it('keeps prepared writes and locking reads in the pool', async () => {
    // Which connections each statement was sent on, by name: pipelined ones or the pool's.
    const sent = new Map<string, boolean>();
    const realQuery = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client & { pipeline?: boolean },
      ...args: unknown[]
    ) {
      const config = args[0] as { name?: string };
      if (typeof config === 'object' && config?.name) sent.set(config.name, Boolean(this.pipeline));
      return (realQuery as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    try {
      const send = (name: string, text: string) =>
        (pool.query as (config: unknown, values: unknown) => Promise<unknown>)({ name, text }, []);
      await pool.query('create table if not exists written (pid int)');
      await send('write', 'insert into written values (pg_backend_pid()) returning pid');
      await send('locking', 'select pid from written limit 1 for update');
      await send('locking_share', 'SELECT pid FROM written LIMIT 1\n  FOR  SHARE');
      await send('with', 'with w as (select 1) select * from w');
      await send('plain', '  SELECT pid FROM written');
    } finally {
      spy.mockRestore();
    }
    expect(Object.fromEntries(sent)).toEqual({
      write: false,
      locking: false,
      locking_share: false,
      with: false,
      plain: true,
    });
  });

  it('ends only the statement that fails; the others sent with it are answered', async () => {
    const divide = (by: number) =>
      pool.query({ name: 'divided', text: 'select 10 / $1::int as n' } as never, [by] as never) as unknown as Promise<
        pg.QueryResult<{ n: number }>
      >;
    const results = await Promise.allSettled([divide(5), divide(0), divide(2), named(7)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[0] as PromiseFulfilledResult<pg.QueryResult<{ n: number }>>).value.rows[0]!.n).toBe(2);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/division by zero/);
    expect((results[2] as PromiseFulfilledResult<pg.QueryResult<{ n: number }>>).value.rows[0]!.n).toBe(5);
    expect(isDatabaseUnavailable((results[1] as PromiseRejectedResult).reason)).toBe(false);
  });

  it('opens a pipeline again once its connection is ended, and fails as unavailable while none can be opened', async () => {
    const before = new Set((await Promise.all([named(1), named(2)])).map((answer) => answer.rows[0]!.pid));
    const name = new URL(scratch.url).pathname.slice(1);
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    // The ended connections are noticed, then none can be opened: each read fails as the database being away.
    await expect.poll(async () => isDatabaseUnavailable(await named(3).catch((error: unknown) => error))).toBe(true);
    const failures = await Promise.all([named(4), named(5)].map((p) => p.catch((error: unknown) => error)));
    expect(failures.every((error) => isDatabaseUnavailable(error))).toBe(true);
    // Both pipelines' ends were reported, as the pool reports its idle connections' (never thrown at the process).
    expect(reported.filter((error) => (error as { code?: string }).code === '57P01').length).toBeGreaterThanOrEqual(2);

    await admin.query(`alter database ${name} allow_connections true`);
    const after = await Promise.all([named(6), named(7)]);
    expect(after.map((answer) => answer.rows[0]!.n)).toEqual([6, 7]);
    for (const answer of after) expect(before.has(answer.rows[0]!.pid)).toBe(false);
  });
});
