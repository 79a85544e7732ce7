/**
 * Answers of the hot reads kept in memory on embedded PGlite (issue 28; docs/decisions/043): a kept answer is given
 * again until a write touches a table it read, whatever way the write is sent (the query builder, raw SQL, a
 * transaction that commits or rolls back, a write sent while the read runs), and no one can change what is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { keptReadsOf, openDatabase, type Database } from '../../server/db/database.ts';
import { preparedOn } from '../../server/db/prepared.ts';
import { KeptReads } from '../../server/db/kept-reads.ts';
import { sessions, users } from '../../server/db/schema.ts';
import { saveOption, walletContent } from '../../server/wallet/saved-options.ts';
import { seedIfEmpty } from '../../server/dev/seed.ts';
import { createTestApp } from './harness.ts';

/** A hot read of the kind the app keeps: a customer's name, prepared once. */
const nameOf = preparedOn((db) =>
  db
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.guid, sql.placeholder('guid')))
    .prepare('test_name_of'),
);

describe('answers of hot reads kept in memory (PGlite)', () => {
  let database: Database;
  let kept: KeptReads;
  let guid: string;
  const read = async () => (await nameOf(database.db).execute({ guid }))[0]?.firstName;
  const rename = (firstName: string) => database.db.update(users).set({ firstName }).where(eq(users.guid, guid));
  /** What reading did: answered from memory, or from the database. */
  const counted = async <T>(work: () => Promise<T>) => {
    const [hits, misses] = [kept.hits, kept.misses];
    const value = await work();
    return { value, hits: kept.hits - hits, misses: kept.misses - misses };
  };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', keepReads: true });
    await seedIfEmpty(database.db, () => new Date('2026-11-28T08:00:00Z'));
    kept = keptReadsOf(database.db)!;
    const [user] = await database.db.select({ guid: users.guid }).from(users).limit(1);
    guid = user!.guid;
    await rename('Amal');
  });
  afterAll(() => database.close());

  it('answers a read again from memory, for the same parameters only', async () => {
    expect(await counted(read)).toEqual({ value: 'Amal', hits: 0, misses: 1 });
    expect(await counted(read)).toEqual({ value: 'Amal', hits: 1, misses: 0 });
    const other = await counted(() => nameOf(database.db).execute({ guid: '00000000-0000-0000-0000-000000000000' }));
    expect(other).toEqual({ value: [], hits: 0, misses: 1 });
  });

  it('reads again after a write to its table, by the query builder or in raw SQL', async () => {
    await read();
    await rename('Badr');
    expect(await counted(read)).toEqual({ value: 'Badr', hits: 0, misses: 1 });
    await database.db.execute(sql`update users set first_name = 'Dana' where guid = ${guid}`);
    expect(await counted(read)).toEqual({ value: 'Dana', hits: 0, misses: 1 });
  });

  it('keeps its answer through writes to tables it does not read', async () => {
    await read();
    await database.db.delete(sessions).where(eq(sessions.userGuid, guid));
    expect(await counted(read)).toEqual({ value: 'Dana', hits: 1, misses: 0 });
  });

  it('reads again after a transaction that wrote its table commits, and is right after one that rolls back', async () => {
    await read();
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: 'Hala' }).where(eq(users.guid, guid));
    });
    expect(await counted(read)).toEqual({ value: 'Hala', hits: 0, misses: 1 });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Never' }).where(eq(users.guid, guid));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await read()).toBe('Hala');
    // A read sent from outside while a transaction that wrote is open keeps nothing past the transaction's end.
    let outside: Promise<unknown> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Never' }).where(eq(users.guid, guid));
        outside = read();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('changed my mind again');
      }),
    ).rejects.toThrow('changed my mind again');
    await outside;
    expect(await read()).toBe('Hala');
  });

  it('keeps no answer read while a write to its table was under way', async () => {
    await rename('Iman');
    // The read is sent first and the write second: PGlite runs them in that order, so the read sees the old name.
    const [before] = await Promise.all([read(), rename('Jana')]);
    expect(before).toBe('Iman');
    expect(await counted(read)).toEqual({ value: 'Jana', hits: 0, misses: 1 });
  });

  it('gives the app rows of its own: changing one changes nothing kept', async () => {
    await read();
    const [row] = await nameOf(database.db).execute({ guid });
    row!.firstName = 'Changed';
    expect(await counted(read)).toEqual({ value: 'Jana', hits: 1, misses: 0 });
  });

  it('shows a new saved card at once: the wallet read is kept and the save is a transaction', async () => {
    const before = await walletContent(database.db, guid);
    await walletContent(database.db, guid);
    const card = { token: 'tok_new', systemId: 2, first6: '555555', last4: '4444', expiryDate: '1131', name: 'B' };
    await saveOption(database.db, guid, { card } as Parameters<typeof saveOption>[2], false);
    const after = await walletContent(database.db, guid);
    expect(after.cards).toHaveLength(before.cards.length + 1);
    expect(after.cards.map((saved) => saved.last4Digits)).toContain('4444');
  });
});

describe('what can be kept', () => {
  it('refuses a statement that writes, locks or reads the clock, and one that names no table', () => {
    const kept = new KeptReads(['users']);
    expect(() => kept.keepAnswersOf('select * from "users" where "created_at" < now()')).toThrow(/reads tables alone/);
    expect(() => kept.keepAnswersOf('select * from "users" for update')).toThrow(/reads tables alone/);
    expect(() => kept.keepAnswersOf('update "users" set "first_name" = $1')).toThrow(/reads tables alone/);
    expect(() => kept.keepAnswersOf('select 1')).toThrow(/No table/);
    expect(() => kept.keepAnswersOf('select "first_name" from "users" where "guid" = $1')).not.toThrow();
  });

  it('keeps at most its limit of answers, dropping the one unused longest, and freezes what it keeps', async () => {
    const client = new PGlite();
    await client.exec('create table "notes" (id int primary key, body text, tags jsonb)');
    await client.exec(`insert into "notes" values (1, 'a', '["x"]'), (2, 'b', '["y"]'), (3, 'c', '["z"]')`);
    const kept = new KeptReads(['notes'], { keepAtMost: 2 });
    kept.attach(client);
    const statement = 'select "body", "tags" from "notes" where "id" = $1';
    kept.keepAnswersOf(statement);
    const note = async (id: number) => (await client.query<{ body: string; tags: string[] }>(statement, [id])).rows[0];
    await note(1);
    await note(2);
    await note(1);
    await note(3);
    const [hits, misses] = [kept.hits, kept.misses];
    await note(1);
    await note(3);
    expect([kept.hits - hits, kept.misses - misses]).toEqual([2, 0]);
    await note(2);
    expect(kept.misses - misses).toBe(1);
    const answer = await note(1);
    expect(() => answer!.tags.push('changed')).toThrow(TypeError);
    await client.query('update "notes" set "body" = $1 where "id" = 1', ['a2']);
    expect((await note(1))!.body).toBe('a2');
    await client.exec(`delete from "notes" where id = 3`);
    expect(await note(3)).toBeUndefined();
    await client.close();
  });
});

describe('the API with kept reads (PGlite)', () => {
  it('lists a package that arrives after the list was read, and its change of state', async () => {
    const app = await createTestApp('pglite');
    try {
      const customer = await app.newCustomer({ pendingShipments: 1 });
      const list = async () =>
        (await (
          await app.request(`/api/customers/${customer.guid}/packages/getAllPackages`, { cookie: customer.cookie })
        ).json()) as { awb: string }[];
      const before = await list();
      expect(await list()).toEqual(before);
      expect(keptReadsOf(app.database.db)!.hits).toBeGreaterThan(0);
      await app.database.db.execute(
        sql`insert into shipments (awb, hawb_id, user_guid, customer_id, origin_country_code, origin_entity,
              dest_entity, merchant, description, weight_kg, current_status, last_pi, tracking_progress, history,
              received_at)
            select 'SBKEPT0001', hawb_id + 100000, user_guid, customer_id, origin_country_code, origin_entity,
              dest_entity, merchant, 'kept-reads test', weight_kg, current_status, last_pi, tracking_progress,
              history, received_at
            from shipments where user_guid = ${customer.guid} limit 1`,
      );
      const after = await list();
      expect(after.map((p) => p.awb)).toContain('SBKEPT0001');
      expect(after).toHaveLength(before.length + 1);
    } finally {
      await app.close();
    }
  });
});
