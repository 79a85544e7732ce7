/**
 * The package alerts (issue 24; docs/decisions/034): the scheduler of the API process, driven round by round with
 * the app's clock moved, read back from /dev/outbox as a developer reads them. Each alert goes once per package and
 * kind, also after another round, a restart, or two schedulers at once; one the customer turned off never goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BACKENDS, T0, createTestApp, type TestApp } from './harness.ts';
import { AlertScheduler } from '../../server/alerts/alert-scheduler.ts';
import { OutboxMailer } from '../../server/mail/mailer.ts';
import { createLogger } from '../../server/logger.ts';
import { packageAlerts, shipments, users } from '../../server/db/schema.ts';
import type { OutboxEntry } from '../../server/dev/outbox-viewer.ts';
import { brands, type BrandId } from '../../src/brands/brands.ts';
import { DAY_MS } from '../../src/lib/storage/storage-deadline.ts';

const HOUR_MS = 60 * 60 * 1000;
const ORIGIN = 'https://www.shipbox.example';

describe.each(BACKENDS)('package alerts on %s', (backend) => {
  let t: TestApp;
  let hawb = 900_000;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  /** A scheduler as a process starts it: nothing of its own but the database. */
  const scheduler = (brand: BrandId = 'shipbox') =>
    new AlertScheduler({
      db: t.database.db,
      clock: t.clock,
      mailer: new OutboxMailer({ db: t.database.db, clock: t.clock, brand: brands[brand] }),
      brand: brands[brand],
      logger: createLogger('silent'),
      origin: ORIGIN,
    });

  const outbox = async (email: string): Promise<OutboxEntry[]> => {
    const res = await t.request(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    // The package alerts only: each fresh login of setOption is a new device to the account (issue 25, scope 3).
    return ((await res.json()) as { emails: OutboxEntry[] }).emails.filter((m) => m.kind !== 'new-device').reverse();
  };
  const kinds = async (email: string) => (await outbox(email)).map((m) => m.kind);

  /** A package of the customer, received at its mailbox `arrivedAt` (status 3), unless another status is given. */
  async function parcel(
    userGuid: string,
    arrivedAt: Date,
    extra: Partial<typeof shipments.$inferInsert> = {},
  ): Promise<string> {
    hawb += 1;
    const awb = `SB${String(hawb)}`;
    await t.database.db.insert(shipments).values({
      awb,
      hawbId: hawb,
      userGuid,
      originCountryCode: 'GB',
      originEntity: 'LON',
      destEntity: 'AMM',
      merchant: 'Blue Harbor Books',
      description: 'Paperback books',
      weightKg: '1.20',
      currentStatus: 'Received at origin warehouse',
      lastPi: 3,
      trackingProgress: 15,
      history: [
        {
          statusId: 1,
          status: 'Shipment information received',
          location: 'London',
          at: new Date(arrivedAt.getTime() - DAY_MS).toISOString(),
        },
        { statusId: 3, status: 'Received at origin warehouse', location: 'London', at: arrivedAt.toISOString() },
      ],
      receivedAt: new Date(arrivedAt.getTime() - DAY_MS),
      ...extra,
    });
    return awb;
  }

  /** Turns one switch as the profile does, in a session of its own (the clock may have ended the last one). */
  const setOption = async (who: { email: string; guid: string }, name: string, value: boolean) => {
    const session = await t.login(who.email);
    const res = await t.send('POST', `/api/account/${who.guid}/options/notifications`, session, {
      notificationOptions: [{ name, value }],
    });
    expect(res.status).toBe(200);
  };

  const stateOf = async (awb: string, kind: string) => {
    const [row] = await t.database.db
      .select()
      .from(packageAlerts)
      .where(and(eq(packageAlerts.awb, awb), eq(packageAlerts.kind, kind as 'package-arrived')));
    return row?.state;
  };

  it('at T0, mails the seeded demo customer its package just in, its 3-days and last-day packages and its holds', async () => {
    expect(t.clock()).toEqual(T0);
    await scheduler().tick();
    const mails = await outbox('demo@example.com');
    const awbsOf = (kind: string) =>
      mails
        .filter((m) => m.kind === kind)
        .map((m) => /SB\d+/.exec(m.body)?.[0])
        .sort();
    expect(awbsOf('package-arrived')).toEqual(['SB7000130']);
    expect(awbsOf('storage-3-days')).toEqual(['SB7000103']);
    expect(awbsOf('storage-1-day')).toEqual(['SB7000104']);
    expect(awbsOf('held-for-charges')).toEqual(['SB7000100', 'SB7000101', 'SB7000102']);
    // The one past its deadline (SB7000111) gets none: its warnings' moments have gone.
    expect(mails.some((m) => m.body.includes('SB7000111'))).toBe(false);
  });

  it('sends the arrival, then 3 days and 1 day of free storage left, each once, as the clock moves', async () => {
    const who = await t.newCustomer({ countryCode: 'JO' });
    const alerts = scheduler();
    const arrived = new Date(t.clock().getTime() + HOUR_MS);
    const awb = await parcel(who.guid, arrived);

    // Before it arrives: nothing.
    await alerts.tick();
    expect(await kinds(who.email)).toEqual([]);

    t.advance(2 * HOUR_MS);
    await alerts.tick();
    await alerts.tick();
    expect(await kinds(who.email)).toEqual(['package-arrived']);
    const [arrival] = await outbox(who.email);
    expect(arrival).toMatchObject({ langCode: 'en', link: `${ORIGIN}/en/tracking/${awb}` });
    expect(arrival!.subject).toBe('A package arrived at your Shipbox mailbox in London');
    expect(arrival!.body).toContain(`Paperback books — Blue Harbor Books (tracking number ${awb})`);
    // The basic plan keeps it 30 days; the dates are Amman's, where the customer lives.
    expect(arrival!.body).toContain('We keep it free for 30 days');
    expect(arrival!.body).toContain('storage costs $0.50 a day');
    expect(arrival!.body).toContain(`${ORIGIN}/en/tracking/${awb}`);
    expect(arrival!.body).toContain('The Shipbox team');

    // 27 days after arrival: 3 days left, once however many rounds run.
    t.advance(27 * DAY_MS - 2 * HOUR_MS);
    await alerts.tick();
    expect(await kinds(who.email)).toEqual(['package-arrived']);
    t.advance(2 * HOUR_MS);
    await alerts.tick();
    await alerts.tick();
    expect(await kinds(who.email)).toEqual(['package-arrived', 'storage-3-days']);
    const warning = (await outbox(who.email))[1]!;
    expect(warning.subject).toBe('3 days of free storage left for your package at Shipbox');
    expect(warning.body).toMatch(/Its free storage ends on \w+ \d+, \d{4} at \d+:\d\d\s[AP]M/);

    // 1 day left.
    t.advance(2 * DAY_MS);
    await alerts.tick();
    expect(await kinds(who.email)).toEqual(['package-arrived', 'storage-3-days', 'storage-1-day']);
    expect((await outbox(who.email))[2]!.subject).toBe('Last day of free storage for your package at Shipbox');

    // Past the deadline, and after a restart (a new scheduler over the same database): nothing more.
    t.advance(3 * DAY_MS);
    await alerts.tick();
    await scheduler().tick();
    expect(await kinds(who.email)).toEqual(['package-arrived', 'storage-3-days', 'storage-1-day']);
    expect(await stateOf(awb, 'storage-1-day')).toBe('sent');
  });

  it('tells of a shipment held for charges once, with the amount due and a link to pay it', async () => {
    const who = await t.newCustomer({ countryCode: 'JO', pendingShipments: 1 });
    const alerts = scheduler();
    await alerts.tick();
    await alerts.tick();
    const mails = await outbox(who.email);
    expect(mails.map((m) => m.kind)).toEqual(['held-for-charges']);
    expect(mails[0]).toMatchObject({
      subject: 'Your Shipbox shipment is waiting for its charges',
      link: `${ORIGIN}/en/pending-payments`,
    });
    // 12.35 shipping + 2.00 services + 1.15 tax + 16.40 customs (server/dev/demo-customers.ts).
    expect(mails[0]!.body).toContain('is held until its charges of $31.90 are paid');
  });

  it("writes in the customer's language, and in the brand's only one for Mailbridge", async () => {
    const who = await t.newCustomer({ countryCode: 'JO' });
    await t.database.db.update(users).set({ langCode: 'ar' }).where(eq(users.guid, who.guid));
    const awb = await parcel(who.guid, t.clock());
    await scheduler().tick();
    const [mail] = await outbox(who.email);
    expect(mail).toMatchObject({ kind: 'package-arrived', langCode: 'ar', link: `${ORIGIN}/ar/tracking/${awb}` });
    expect(mail!.subject).toBe('وصل طرد إلى صندوقك البريدي لدى Shipbox في لندن');
    expect(mail!.body).toContain('فريق Shipbox');
    // Arabic month names, Latin digits (ADR 027).
    expect(mail!.body).toMatch(/(يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر) \d{4}/);

    const other = await t.newCustomer({ countryCode: 'JO' });
    await t.database.db.update(users).set({ langCode: 'ar' }).where(eq(users.guid, other.guid));
    await parcel(other.guid, t.clock());
    await scheduler('mailbridge').tick();
    const [english] = await outbox(other.email);
    expect(english).toMatchObject({
      langCode: 'en',
      subject: 'A package arrived at your Mailbridge mailbox in London',
    });
  });

  it('sends nothing the customer turned off, not even once it is turned on again', async () => {
    const who = await t.newCustomer({ countryCode: 'JO', pendingShipments: 1 });
    await setOption(who, 'PackageArrived', false);
    await setOption(who, 'HeldForCharges', false);
    const awb = await parcel(who.guid, t.clock());
    const alerts = scheduler();
    await alerts.tick();
    expect(await kinds(who.email)).toEqual([]);
    expect(await stateOf(awb, 'package-arrived')).toBe('off');

    // Back on: what was due while it was off stays unsent; the storage warnings (still on) go.
    await setOption(who, 'PackageArrived', true);
    await alerts.tick();
    expect(await kinds(who.email)).toEqual([]);
    t.advance(27 * DAY_MS);
    await alerts.tick();
    expect(await kinds(who.email)).toEqual(['storage-3-days']);

    await setOption(who, 'StorageDeadline', false);
    t.advance(2 * DAY_MS);
    await alerts.tick();
    expect(await kinds(who.email)).toEqual(['storage-3-days']);
    expect(await stateOf(awb, 'storage-1-day')).toBe('off');
  });

  it('sends an alert queued before a restart, and not one that stopped being true meanwhile', async () => {
    const who = await t.newCustomer({ countryCode: 'JO' });
    const waiting = await parcel(who.guid, t.clock());
    const gone = await parcel(who.guid, t.clock(), { lastPi: 13, currentStatus: 'Departed origin' });
    // A process queued both and stopped before sending them.
    await t.database.db.insert(packageAlerts).values(
      [waiting, gone].map((awb) => ({
        awb,
        kind: 'package-arrived' as const,
        userGuid: who.guid,
        dueAt: t.clock(),
        createdAt: t.clock(),
      })),
    );
    await scheduler().tick();
    const mails = await outbox(who.email);
    expect(mails.map((m) => m.link)).toEqual([`${ORIGIN}/en/tracking/${waiting}`]);
    expect(await stateOf(gone, 'package-arrived')).toBe('expired');
  });

  it('two schedulers running at once on one database send each alert once', async () => {
    const who = await t.newCustomer({ countryCode: 'JO', pendingShipments: 3 });
    for (let i = 0; i < 4; i++) await parcel(who.guid, t.clock());
    const [a, b] = [scheduler(), scheduler()];
    const rounds = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    const sent = rounds.reduce((n, r) => n + r.sent, 0);
    const mails = await kinds(who.email);
    expect(mails.filter((k) => k === 'package-arrived')).toHaveLength(4);
    expect(mails.filter((k) => k === 'held-for-charges')).toHaveLength(3);
    // Counted over every customer of the database, the rounds sent at least this customer's seven, each once.
    expect(sent).toBeGreaterThanOrEqual(7);
  });
});
