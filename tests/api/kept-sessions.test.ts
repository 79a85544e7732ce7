/**
 * Sessions kept in memory (issue 28; docs/decisions/041): on a database only this process uses (embedded PGlite),
 * the session store answers a known session without a statement, and every way a session ends still ends it at
 * once: logout, logging out the others, a password change, the idle and absolute time-outs, and a logout that
 * happens while another request is reading the same session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { sessions, users } from '../../server/db/schema.ts';
import { KEPT_SESSIONS_MAX, SessionStore } from '../../server/auth/sessions.ts';
import { seedIfEmpty } from '../../server/dev/seed.ts';
import { createTestApp, type TestApp } from './harness.ts';

const MINUTE_MS = 60_000;

describe('sessions kept in memory (PGlite)', () => {
  let database: Database;
  let userGuid: string;
  let now = new Date('2026-11-22T08:00:00Z').getTime();
  const clock = () => new Date(now);
  const store = () =>
    new SessionStore(database.db, clock, { idleMinutes: 30, absoluteHours: 12 }, { keepInMemory: true });
  /** Removes the session's row behind the store's back: a kept session still answers, an unkept one does not. */
  const dropRows = () => database.db.delete(sessions).where(eq(sessions.userGuid, userGuid));
  const rowCount = async () =>
    (await database.db.select().from(sessions).where(eq(sessions.userGuid, userGuid))).length;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await seedIfEmpty(database.db, clock);
    const [user] = await database.db.select({ guid: users.guid }).from(users).limit(1);
    userGuid = user!.guid;
  });
  afterAll(() => database.close());

  it('answers a session it has read once without reading it again, and only when kept', async () => {
    const kept = store();
    const plain = new SessionStore(database.db, clock);
    const id = await kept.create(userGuid);
    expect(await kept.resolve(id)).toBe(userGuid);
    expect(await plain.resolve(id)).toBe(userGuid);
    await dropRows();
    expect(await kept.resolve(id)).toBe(userGuid);
    expect(await plain.resolve(id)).toBeNull();
  });

  it('ends a session at once on logout, and every other one on "log out the others" or a password change', async () => {
    const kept = store();
    const [a, b, c] = [await kept.create(userGuid), await kept.create(userGuid), await kept.create(userGuid)];
    for (const id of [a, b, c]) expect(await kept.resolve(id)).toBe(userGuid);
    await kept.destroy(a);
    expect(await kept.resolve(a)).toBeNull();
    expect(await kept.resolve(b)).toBe(userGuid);
    await kept.destroyAllOf(userGuid, { exceptId: b });
    expect(await kept.resolve(b)).toBe(userGuid);
    expect(await kept.resolve(c)).toBeNull();
    await kept.destroyAllOf(userGuid);
    expect(await kept.resolve(b)).toBeNull();
    expect(await rowCount()).toBe(0);
  });

  it('ends a session logged out from the sessions list by its public id', async () => {
    const kept = store();
    const id = await kept.create(userGuid);
    expect(await kept.resolve(id)).toBe(userGuid);
    const [listed] = await kept.listOf(userGuid, id);
    expect(await kept.destroyByPublicId(userGuid, listed!.publicId)).toBe(true);
    expect(await kept.resolve(id)).toBeNull();
  });

  it('still ends a kept session after its idle time and its absolute time, and writes the last-seen time', async () => {
    const kept = store();
    const id = await kept.create(userGuid);
    expect(await kept.resolve(id)).toBe(userGuid);
    now += 20 * MINUTE_MS;
    expect(await kept.resolve(id)).toBe(userGuid);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.userGuid, userGuid));
    // The touch is written, so a restart (or the sessions list) sees the same idle time.
    expect(row!.lastSeenAt.getTime()).toBe(now);
    now += 31 * MINUTE_MS;
    expect(await kept.resolve(id)).toBeNull();
    expect(await rowCount()).toBe(0);

    const long = await kept.create(userGuid);
    // Seen every 20 minutes, it lives its 12 hours and no longer.
    for (let step = 1; step < 36; step += 1) {
      now += 20 * MINUTE_MS;
      expect(await kept.resolve(long)).toBe(userGuid);
    }
    now += 20 * MINUTE_MS;
    expect(await kept.resolve(long)).toBeNull();
  });

  it('keeps nothing a logout ended while the session was being read', async () => {
    const kept = store();
    const id = await kept.create(userGuid);
    // The first look-up reads the row; the logout starts before it has finished.
    const reading = kept.resolve(id);
    const ending = kept.destroy(id);
    await Promise.all([reading, ending]);
    expect(await kept.resolve(id)).toBeNull();
  });

  it(`keeps at most so many sessions (${KEPT_SESSIONS_MAX} by default), the oldest going first`, async () => {
    const kept = new SessionStore(database.db, clock, undefined, { keepInMemory: true, keepAtMost: 3 });
    const ids = [await kept.create(userGuid), await kept.create(userGuid), await kept.create(userGuid)];
    for (const id of ids) expect(await kept.resolve(id)).toBe(userGuid);
    const fourth = await kept.create(userGuid);
    expect(await kept.resolve(fourth)).toBe(userGuid);
    await dropRows();
    // The first was pushed out, so its dropped row is missed; the others are still answered from memory.
    expect(await kept.resolve(ids[0]!)).toBeNull();
    for (const id of [ids[1]!, ids[2]!, fourth]) expect(await kept.resolve(id)).toBe(userGuid);
    await kept.destroyAllOf(userGuid);
  });
});

describe('the app on PGlite keeps sessions, and a logout ends them at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('answers the owner from memory, and 401 right after logout', async () => {
    const { cookie, guid } = await t.newCustomer();
    const wallet = `/api/account/${guid}/wallet`;
    expect((await t.request(wallet, { cookie })).status).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userGuid, guid));
    // Kept: the deleted row is not read again (only this process could have deleted it, through the store).
    expect((await t.request(wallet, { cookie })).status).toBe(200);
    expect((await t.send('POST', '/api/account/logout', { cookie })).status).toBe(204);
    expect((await t.request(wallet, { cookie })).status).toBe(401);
  });
});
