/**
 * Web Push notifications (issue 26, scope 3; docs/decisions/038): the profile's calls (the VAPID key, turning a
 * browser's notifications on and off, whether it is on), strictly checked and under the customer's own guid; and
 * real messages through a local push service (web-push-testing, a child process on loopback), which checks the
 * VAPID signature and decrypts each message as a browser would: a package arrived, free storage running out, a
 * shipment held for charges, a shipment's new status. A subscription the push service says is gone is deleted;
 * the alerts' push goes once per alert, after the e-mail, and only where the alert's switch is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, capturedLogger, createTestApp, type TestApp } from './harness.ts';
import { startPushService, type LocalPushService, type LocalSubscription } from '../support/push-service.ts';
import { freePort } from '../../scripts/free-port.ts';
import { AlertScheduler } from '../../server/alerts/alert-scheduler.ts';
import { OutboxMailer } from '../../server/mail/mailer.ts';
import { createLogger, type Logger } from '../../server/logger.ts';
import { pushSubscriptions, shipments } from '../../server/db/schema.ts';
import { PushSender } from '../../server/push/push-sender.ts';
import { BROWSER_PUSH_SERVICES } from '../../server/push/push-endpoints.ts';
import { PUSH_DEVICES_MAX } from '../../server/push/subscriptions.ts';
import { DEVELOPMENT_VAPID_KEYS } from '../../server/push/vapid.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { pushDeviceSchema } from '../../src/lib/api/push/contract.ts';
import { parsePushMessage, type PushMessage } from '../../src/lib/push/push-message.ts';
import { brands, type BrandId } from '../../src/brands/brands.ts';
import { DAY_MS } from '../../src/lib/storage/storage-deadline.ts';

const HOUR_MS = 60 * 60 * 1000;
const FSI = '\u2068';
const PDI = '\u2069';

let service: LocalPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

interface Customer {
  cookie: string;
  guid: string;
  email: string;
}

/** A well-formed subscription body as a browser sends it, for the calls' checks (never posted to). */
const browserBody = (n: number, language = 'en') => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/device-${n}`,
  expirationTime: null,
  keys: {
    p256dh: DEVELOPMENT_VAPID_KEYS.publicKey,
    auth: Buffer.alloc(16, n).toString('base64url'),
  },
  language,
});

describe.each(BACKENDS)('push notifications on %s', (backend) => {
  let t: TestApp;
  let hawb = 950_000;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const base = (who: { guid: string }) => `/api/v1/account/${who.guid}/push-subscriptions`;
  const subscribe = (who: Customer, body: unknown) => t.send('POST', base(who), who, body);
  const stateOf = async (who: Customer, endpoint: string) => {
    const res = await t.send('POST', `${base(who)}/state`, who, { endpoint });
    expect(res.status).toBe(200);
    return pushDeviceSchema.parse(await res.json());
  };
  const rowsOf = (guid: string) =>
    t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userGuid, guid));

  /** A device of the local push service, turned on through the API as the profile does. */
  async function device(who: Customer, language: 'en' | 'ar' = 'en'): Promise<LocalSubscription> {
    const subscription = await service.subscribe(DEVELOPMENT_VAPID_KEYS.publicKey);
    const res = await subscribe(who, { endpoint: subscription.endpoint, keys: subscription.keys, language });
    expect(res.status).toBe(201);
    return subscription;
  }
  const received = async (subscription: LocalSubscription): Promise<PushMessage[]> => {
    const messages = await service.messages(subscription.clientHash);
    // Each one as the service worker reads it, whole (src/sw/sw.ts shows nothing else).
    for (const m of messages) expect(parsePushMessage(JSON.stringify(m))).toEqual(m);
    return messages as PushMessage[];
  };

  /** A package of the customer at its London mailbox since `arrivedAt`. */
  async function parcel(userGuid: string, arrivedAt: Date): Promise<string> {
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
        { statusId: 3, status: 'Received at origin warehouse', location: 'London', at: arrivedAt.toISOString() },
      ],
      receivedAt: arrivedAt,
    });
    return awb;
  }

  const scheduler = (logger: Logger = createLogger('silent'), brand: BrandId = 'shipbox') =>
    new AlertScheduler({
      db: t.database.db,
      clock: t.clock,
      mailer: new OutboxMailer({ db: t.database.db, clock: t.clock, brand: brands[brand] }),
      brand: brands[brand],
      logger,
      origin: 'https://www.shipbox.example',
      push: new PushSender({
        db: t.database.db,
        clock: t.clock,
        logger,
        brand: brands[brand],
        vapid: DEVELOPMENT_VAPID_KEYS,
        serviceHosts: 'any',
      }),
    });

  const outboxKinds = async (email: string) => {
    const res = await t.request(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
    return ((await res.json()) as { emails: { kind: string }[] }).emails
      .map((m) => m.kind)
      .filter((k) => k !== 'new-device');
  };

  const changeStatus = async (awb: string, statusId: number) => {
    const res = await t.request(`/dev/shipments/${awb}/status`, {
      method: 'POST',
      body: JSON.stringify({ statusId }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      lastPi: number;
      changed: boolean;
      pushed: { sent: number; gone: number; failed: number } | null;
    };
  };

  // -------------------------------------------------------------------------------------------------------------
  // The calls

  it('gives the VAPID public key to anyone (it is public: browsers subscribe with it)', async () => {
    const res = await t.request('/api/v1/push/public-key');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: DEVELOPMENT_VAPID_KEYS.publicKey });
  });

  it('turns a browser on (201), again with another language (200), reads it back and turns it off (204)', async () => {
    const who = await t.newCustomer();
    const body = browserBody(1);
    expect(await stateOf(who, body.endpoint)).toEqual({ subscribed: false, language: null });

    const first = await subscribe(who, body);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ subscribed: true, language: 'en' });
    const again = await subscribe(who, { ...body, language: 'ar' });
    expect(again.status).toBe(200);
    expect(await stateOf(who, body.endpoint)).toEqual({ subscribed: true, language: 'ar' });
    const rows = await rowsOf(who.guid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth });

    const off = await t.send('POST', `${base(who)}/remove`, who, { endpoint: body.endpoint });
    expect(off.status).toBe(204);
    expect(await stateOf(who, body.endpoint)).toEqual({ subscribed: false, language: null });
    expect(await rowsOf(who.guid)).toHaveLength(0);
    // Twice is the same.
    expect((await t.send('POST', `${base(who)}/remove`, who, { endpoint: body.endpoint })).status).toBe(204);
  });

  it('moves a browser to the account that turned it on last; the other account can no longer remove it', async () => {
    const first = await t.newCustomer();
    const second = await t.newCustomer();
    const body = browserBody(2);
    expect((await subscribe(first, body)).status).toBe(201);
    expect((await subscribe(second, body)).status).toBe(200);
    expect(await stateOf(first, body.endpoint)).toEqual({ subscribed: false, language: null });
    expect(await stateOf(second, body.endpoint)).toEqual({ subscribed: true, language: 'en' });
    // The first account's "off" touches nothing of the second's.
    expect((await t.send('POST', `${base(first)}/remove`, first, { endpoint: body.endpoint })).status).toBe(204);
    expect(await stateOf(second, body.endpoint)).toMatchObject({ subscribed: true });
  });

  it(`keeps an account's ${PUSH_DEVICES_MAX} devices used last`, async () => {
    const who = await t.newCustomer();
    for (let n = 0; n <= PUSH_DEVICES_MAX; n++) {
      expect((await subscribe(who, browserBody(100 + n))).status).toBe(201);
      t.advance(1000);
    }
    const kept = (await rowsOf(who.guid)).map((r) => r.endpoint);
    expect(kept).toHaveLength(PUSH_DEVICES_MAX);
    expect(kept).not.toContain(browserBody(100).endpoint);
    expect(kept).toContain(browserBody(100 + PUSH_DEVICES_MAX).endpoint);
  });

  it('answers 401 without a session, 403 for another customer and from another site', async () => {
    const who = await t.newCustomer();
    const other = await t.newCustomer();
    const body = browserBody(3);
    for (const [method, path, sent] of [
      ['POST', base(who), body],
      ['POST', `${base(who)}/state`, { endpoint: body.endpoint }],
      ['POST', `${base(who)}/remove`, { endpoint: body.endpoint }],
    ] as const) {
      const anonymous = await t.send(method, path, undefined, sent);
      expect(anonymous.status, path).toBe(401);
      expect(apiErrorSchema.parse(await anonymous.json()).code).toBe('UNAUTHORIZED');
      const stranger = await t.send(method, path, other, sent);
      expect(stranger.status, path).toBe(403);
      expect(apiErrorSchema.parse(await stranger.json()).code).toBe('FORBIDDEN');
    }
    const crossSite = await t.request(base(who), {
      method: 'POST',
      cookie: who.cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify(body),
    });
    expect(crossSite.status).toBe(403);
    expect(await rowsOf(who.guid)).toHaveLength(0);
  });

  it('refuses a subscription that is not one, naming the field with its message key', async () => {
    const who = await t.newCustomer();
    const good = browserBody(4);
    const notAPoint = `B${'A'.repeat(86)}`; // 0x04 and 64 zero bytes: 65 bytes, off the curve
    const cases: [unknown, string, string][] = [
      [{ ...good, endpoint: 'not a url' }, 'endpoint', 'push.errors.endpoint'],
      [{ ...good, endpoint: 'ftp://push.example/x' }, 'endpoint', 'push.errors.endpoint'],
      [{ ...good, endpoint: `https://fcm.googleapis.com/${'x'.repeat(2048)}` }, 'endpoint', 'push.errors.endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }, 'keys.p256dh', 'push.errors.key'],
      [{ ...good, keys: { ...good.keys, p256dh: `C${good.keys.p256dh.slice(1)}` } }, 'keys.p256dh', 'push.errors.key'],
      [{ ...good, keys: { ...good.keys, p256dh: notAPoint } }, 'keys.p256dh', 'push.errors.key'],
      [
        { ...good, keys: { ...good.keys, auth: Buffer.alloc(15).toString('base64url') } },
        'keys.auth',
        'push.errors.key',
      ],
      [{ ...good, keys: { ...good.keys, auth: 'not+base64/url+at+all' } }, 'keys.auth', 'push.errors.key'],
    ];
    for (const [body, field, key] of cases) {
      const res = await subscribe(who, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      const error = apiErrorSchema.parse(await res.json());
      expect(error.code).toBe('VALIDATION');
      expect(error.fieldErrors?.[field]).toEqual([key]);
    }
    const noLanguage = await subscribe(who, { ...good, language: 'fr' });
    expect(noLanguage.status).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(await noLanguage.json()).fieldErrors ?? {})).toEqual(['language']);
    expect(await rowsOf(who.guid)).toHaveLength(0);
  });

  it("refuses, where only the browsers' push services are trusted, an endpoint elsewhere", async () => {
    const strict = await createTestApp(backend, { pushServiceHosts: BROWSER_PUSH_SERVICES });
    try {
      const who = await strict.newCustomer();
      const to = `/api/v1/account/${who.guid}/push-subscriptions`;
      for (const endpoint of [
        'http://localhost:8090/notify/abc',
        'https://169.254.169.254/latest/meta-data',
        'http://fcm.googleapis.com/fcm/send/abc',
        'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      ]) {
        const res = await strict.send('POST', to, who, { ...browserBody(5), endpoint });
        expect(res.status, endpoint).toBe(400);
        const error = apiErrorSchema.parse(await res.json());
        expect(error).toMatchObject({
          code: 'PUSH_SERVICE_REFUSED',
          fieldErrors: { endpoint: ['push.errors.service'] },
        });
      }
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/abc',
        'https://updates.push.services.mozilla.com/wpush/v2/abc',
        'https://web.push.apple.com/QGx',
      ]) {
        expect((await strict.send('POST', to, who, { ...browserBody(6), endpoint })).status, endpoint).toBe(201);
      }
    } finally {
      await strict.close();
    }
  });

  // -------------------------------------------------------------------------------------------------------------
  // Real messages through the local push service

  it('sends a package arrival in the device language, once, with the alert e-mail', async () => {
    const who = await t.newCustomer();
    const en = await device(who, 'en');
    const alerts = scheduler();
    const awb = await parcel(who.guid, new Date(t.clock().getTime() - HOUR_MS));
    await alerts.tick();
    await alerts.tick();
    const [message, ...more] = await received(en);
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      title: 'Package arrived in London',
      url: `/en/tracking/${awb}`,
      tag: `${awb}:package-arrived`,
      lang: 'en',
      dir: 'ltr',
    });
    expect(message!.body).toContain(`Paperback books — Blue Harbor Books (${awb}) is at your Shipbox mailbox`);
    expect(message!.body).toContain('Free storage until');
    expect(await outboxKinds(who.email)).toEqual(['package-arrived']);
    const [row] = await rowsOf(who.guid);
    expect(row?.lastSuccessAt).toEqual(t.clock());
  });

  it('sends the storage deadline to every device, each in its language (Arabic right to left)', async () => {
    const who = await t.newCustomer();
    const en = await device(who, 'en');
    const ar = await device(who, 'ar');
    // The basic plan keeps a package free for 30 days: 27 and a half days in, 3 days are left.
    const awb = await parcel(who.guid, new Date(t.clock().getTime() - 27.5 * DAY_MS));
    await scheduler().tick();
    const [english] = await received(en);
    expect(english).toMatchObject({
      title: '3 days of free storage left',
      url: `/en/tracking/${awb}`,
      tag: `${awb}:storage`,
      lang: 'en',
      dir: 'ltr',
    });
    expect(english!.body).toMatch(
      new RegExp(
        `^Paperback books — Blue Harbor Books \\(${awb}\\) is stored free until .+, then for \\$0\\.50 a day\\.$`,
      ),
    );
    const [arabic] = await received(ar);
    expect(arabic).toMatchObject({
      title: 'بقيت 3 أيام من التخزين المجاني',
      url: `/ar/tracking/${awb}`,
      tag: `${awb}:storage`,
      lang: 'ar',
      dir: 'rtl',
    });
    // The merchant's words and the waybill number are isolated in the right-to-left text.
    expect(arabic!.body).toContain(`يُخزَّن طردك ${FSI}Paperback books — Blue Harbor Books${PDI} (${FSI}${awb}${PDI})`);
  });

  it('sends a shipment held for its charges, leading to pending payments', async () => {
    const who = await t.newCustomer({ pendingShipments: 1 });
    const en = await device(who, 'en');
    await scheduler().tick();
    const messages = await received(en);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: 'Shipment waiting for its charges', url: '/en/pending-payments' });
    expect(messages[0]!.body).toMatch(/^.+ \(SB\d+\) goes on its way once its charges of \$[\d.]+ are paid\.$/);
    expect(messages[0]!.tag).toMatch(/^SB\d+:held-for-charges$/);
  });

  it("sends a shipment's new status to its owner; the same status again sends nothing", async () => {
    const who = await t.newCustomer();
    const other = await t.newCustomer();
    const en = await device(who, 'en');
    const ar = await device(who, 'ar');
    const stranger = await device(other, 'en');
    const awb = await parcel(who.guid, new Date(t.clock().getTime() - DAY_MS));

    const changed = await changeStatus(awb, 20);
    expect(changed).toMatchObject({ lastPi: 20, changed: true, pushed: { sent: 2, gone: 0, failed: 0 } });
    expect(await received(en)).toEqual([
      {
        title: `Shipment ${awb}: Out for delivery`,
        body: 'Your Shipbox shipment Paperback books — Blue Harbor Books is now: Out for delivery.',
        url: `/en/tracking/${awb}`,
        tag: `${awb}:status`,
        lang: 'en',
        dir: 'ltr',
      },
    ]);
    expect(await received(ar)).toEqual([
      {
        title: `الشحنة ${FSI}${awb}${PDI}: خرجت للتوصيل`,
        body: `أصبحت حالة شحنتك ${FSI}Paperback books — Blue Harbor Books${PDI} لدى Shipbox: خرجت للتوصيل.`,
        url: `/ar/tracking/${awb}`,
        tag: `${awb}:status`,
        lang: 'ar',
        dir: 'rtl',
      },
    ]);
    expect(await received(stranger)).toEqual([]);
    // Its tracking history has the event.
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.awb, awb));
    expect(row?.history.at(-1)).toMatchObject({ statusId: 20, status: 'Out for delivery' });

    expect(await changeStatus(awb, 20)).toMatchObject({ changed: false, pushed: null });
    expect(await received(en)).toHaveLength(1);
  });

  it('deletes a subscription the push service says is gone (410), and keeps the others', async () => {
    const who = await t.newCustomer();
    const kept = await device(who, 'en');
    const gone = await device(who, 'en');
    await service.expire(gone.clientHash);
    const awb = await parcel(who.guid, new Date(t.clock().getTime() - DAY_MS));
    expect((await changeStatus(awb, 13)).pushed).toEqual({ sent: 1, gone: 1, failed: 0 });
    expect((await rowsOf(who.guid)).map((r) => r.endpoint)).toEqual([kept.endpoint]);
    expect(await received(kept)).toHaveLength(1);
    expect(await stateOf(who, gone.endpoint)).toEqual({ subscribed: false, language: null });
  });

  it('logs a push service that fails without its endpoint or keys, and the alert is not sent again', async () => {
    const { logger, lines } = capturedLogger();
    const who = await t.newCustomer();
    const working = await device(who, 'en');
    // Nothing listens there: the connection is refused.
    const deadEndpoint = `http://127.0.0.1:${await freePort()}/notify/dead-device-${who.guid}`;
    const dead = { ...browserBody(7), endpoint: deadEndpoint };
    expect((await subscribe(who, dead)).status).toBe(201);
    const alerts = scheduler(logger);
    await parcel(who.guid, new Date(t.clock().getTime() - HOUR_MS));
    await alerts.tick();
    await alerts.tick();
    expect(await received(working)).toHaveLength(1);
    expect(await outboxKinds(who.email)).toEqual(['package-arrived']);
    const rows = await rowsOf(who.guid);
    expect(rows.find((r) => r.endpoint === deadEndpoint)?.lastFailureAt).toEqual(t.clock());
    const log = lines.join('');
    expect(log).toContain('push: not sent');
    for (const secret of [deadEndpoint, dead.keys.auth, dead.keys.p256dh, working.endpoint, working.keys.auth]) {
      expect(log).not.toContain(secret);
    }
  });

  it("sends no alert push where the alert's switch is off", async () => {
    const who = await t.newCustomer();
    const en = await device(who, 'en');
    const res = await t.send('POST', `/api/account/${who.guid}/options/notifications`, who, {
      notificationOptions: [{ name: 'PackageArrived', value: false }],
    });
    expect(res.status).toBe(200);
    await parcel(who.guid, new Date(t.clock().getTime() - HOUR_MS));
    await scheduler().tick();
    expect(await received(en)).toEqual([]);
    expect(await outboxKinds(who.email)).toEqual([]);
  });
});

describe('push notifications of Mailbridge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { brand: 'mailbridge' });
  });
  afterAll(() => t.close());

  it('are in English, whatever language the device asked for', async () => {
    const who = await t.newCustomer();
    const subscription = await service.subscribe(DEVELOPMENT_VAPID_KEYS.publicKey);
    const res = await t.send('POST', `/api/v1/account/${who.guid}/push-subscriptions`, who, {
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      language: 'ar',
    });
    expect(res.status).toBe(201);
    await t.database.db.insert(shipments).values({
      awb: 'MB9900001',
      hawbId: 990_001,
      userGuid: who.guid,
      originCountryCode: 'US',
      originEntity: 'NYC',
      destEntity: 'AMM',
      description: 'Vitamins',
      weightKg: '0.50',
      currentStatus: 'Received at origin warehouse',
      lastPi: 3,
      trackingProgress: 15,
      history: [],
      receivedAt: t.clock(),
    });
    const change = await t.request('/dev/shipments/MB9900001/status', {
      method: 'POST',
      body: JSON.stringify({ statusId: 14 }),
    });
    expect(change.status).toBe(200);
    expect(await service.messages(subscription.clientHash)).toEqual([
      {
        title: 'Shipment MB9900001: In transit',
        body: 'Your Mailbridge shipment Vitamins is now: In transit.',
        url: '/en/tracking/MB9900001',
        tag: 'MB9900001:status',
        lang: 'en',
        dir: 'ltr',
      },
    ]);
  });
});
