/**
 * The package alerts with two real API processes on one PostgreSQL database (docs/decisions/034): both run the
 * scheduler every 200 ms, as `npm start` runs it, and each alert reaches the outbox once. The processes read the
 * real clock, so the packages are dated for their alerts to be due now: one with 3 days of free storage left, one
 * on its last day, forty just in, and two shipments held for charges.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT_MS, startPair, type Instance, type ProcessPair } from './api-processes.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

describe('package alerts from two API processes on one PostgreSQL database', () => {
  let pair: ProcessPair;
  let a: Instance;
  let b: Instance;
  let sql: pg.Client;

  beforeAll(async () => {
    pair = await startPair('alerts', { ALERTS_INTERVAL_SECONDS: '0.2' });
    ({ a, b } = pair);
    sql = new pg.Client({ connectionString: pair.scratch.url });
    await sql.connect();
  }, STARTUP_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    await sql?.end();
    await pair?.stop();
  });

  /** The outbox's alerts to `email`: how many of each package and kind. */
  async function alertCounts(email: string): Promise<Record<string, number>> {
    const res = await fetch(`${a.origin}/dev/outbox.json?to=${encodeURIComponent(email)}`);
    const { emails } = (await res.json()) as { emails: { kind: string; body: string }[] };
    const counts: Record<string, number> = {};
    for (const mail of emails) {
      const key = `${/SB\d+/.exec(mail.body)?.[0] ?? '?'} ${mail.kind}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }

  it('sends each alert once, whichever process takes it', async () => {
    const made = await fetch(`${b.origin}/dev/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ countryCode: 'JO', pendingShipments: 2 }),
    });
    expect(made.status).toBe(200);
    const { email, guid } = (await made.json()) as { email: string; guid: string };
    const held = await sql.query<{ awb: string }>('select awb from shipments where user_guid = $1 order by awb', [
      guid,
    ]);
    expect(held.rows).toHaveLength(2);

    // At a mailbox, on the basic plan's 30 free days: just in, 3 days left (27.5 days in), the last day (29.5 in).
    const now = Date.now();
    // Many at once, so that both processes have work in the same rounds.
    const parcels = [
      { awb: 'SB9900001', arrived: now - 27.5 * DAY_MS, kind: 'storage-3-days' },
      { awb: 'SB9900002', arrived: now - 29.5 * DAY_MS, kind: 'storage-1-day' },
      ...Array.from({ length: 40 }, (_, i) => ({
        awb: `SB${9_900_100 + i}`,
        arrived: now - HOUR_MS,
        kind: 'package-arrived',
      })),
    ];
    await sql.query(
      `insert into shipments (awb, hawb_id, user_guid, origin_country_code, origin_entity, dest_entity, merchant,
         description, weight_kg, current_status, last_pi, tracking_progress, history, received_at)
       select p.awb, 990000 + p.n, $1, 'US', 'NYC', 'AMM', 'Lumen Electronics', 'Wireless headphones', '0.80',
         'Received at origin warehouse', 3, 15,
         jsonb_build_array(jsonb_build_object('statusId', 3, 'status', 'Received at origin warehouse',
           'location', 'New York', 'at', p.at)),
         p.at::timestamptz
       from unnest($2::text[], $3::text[]) with ordinality as p(awb, at, n)`,
      [guid, parcels.map((p) => p.awb), parcels.map((p) => new Date(p.arrived).toISOString())],
    );
    const expected = Object.fromEntries([
      ...parcels.map((p) => [`${p.awb} ${p.kind}`, 1]),
      ...held.rows.map((r) => [`${r.awb} held-for-charges`, 1]),
    ]);

    // Both processes run rounds every 200 ms: wait for them all, then for many more rounds.
    const deadline = Date.now() + 30_000;
    while (Object.keys(await alertCounts(email)).length < parcels.length + 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await alertCounts(email)).toEqual(expected);

    const rows = await sql.query<{ state: string; n: number }>(
      'select state, count(*)::int as n from package_alerts where user_guid = $1 group by state',
      [guid],
    );
    expect(rows.rows).toEqual([{ state: 'sent', n: parcels.length + 2 }]);
    for (const instance of [a, b]) {
      // No round failed (a warning) and no alert was set aside (an error).
      expect(instance.output(), `${instance.name} logged`).not.toMatch(/"level":(50|60)|package alert/);
    }
  });
});
