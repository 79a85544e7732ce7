import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { shipments, uploads } from '../../server/db/schema.ts';
import { SandboxProvider } from '../../server/payments/sandbox/sandbox-provider.ts';
import { TRACKING_LIMIT, trackingKey } from '../../server/api/tracking/tracking.routes.ts';
import {
  OWNER_ONLY_FIELDS,
  invoiceAttachmentsSchema,
  ownerTrackingViewSchema,
  publicTrackingSchema,
  singlePackagesSchema,
  trackingSchema,
} from '../../src/lib/api/tracking/contract.ts';
import { IDEMPOTENCY_HEADER } from '../../src/lib/api/payments/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { z } from '../../src/lib/zod.ts';
import { PDF, PNG, ELF } from '../fixtures/files.ts';

interface Customer {
  cookie: string;
  guid: string;
}

let addresses = 0;
/** A fresh caller address per test, so the per-address limit of one test does not touch another. */
const nextAddress = () => `198.51.100.${++addresses}`;

describe.each(BACKENDS)('tracking API on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { payments: new SandboxProvider() });
  });
  afterAll(() => t.close());

  const track = (awb: string, who?: Customer, from = nextAddress()) =>
    t.request(`/api/tracking/${awb}`, { ...(who ? { cookie: who.cookie } : {}), from });
  const awbsOf = async (who: Customer) =>
    (await t.database.db.select().from(shipments).where(eq(shipments.userGuid, who.guid))).map((r) => r);
  const filesForm = (files: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }[]) => {
    const body = new FormData();
    for (const f of files) body.append('files', new File([f.bytes], f.name, { type: f.type }));
    return body;
  };
  const upload = (awb: string, who: Customer | undefined, body: FormData) =>
    t.request(`/api/tracking/${awb}/upload`, { method: 'POST', body, ...(who ? { cookie: who.cookie } : {}) });
  const saveInvoice = (awb: string, who: Customer | undefined, commodity: unknown) =>
    t.request(`/api/tracking/${awb}/uploadInvoice`, {
      method: 'POST',
      body: JSON.stringify({ commodity }),
      ...(who ? { cookie: who.cookie } : {}),
    });

  describe('GET api/tracking/{awbNumber}', () => {
    it('answers a visitor the public fields only, with no owner-only field at all', async () => {
      // SB7000101 belongs to the demo customer and has customs and charges due.
      const res = await track('SB7000101');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('no-store');
      const body = (await res.json()) as Record<string, unknown>;
      expect(z.strictObject(publicTrackingSchema.shape).safeParse(body).success).toBe(true);
      for (const field of OWNER_ONLY_FIELDS) expect(body).not.toHaveProperty(field);
      expect(body.isUserOwner).toBe(false);
      expect(JSON.stringify(body)).not.toMatch(/1Z880007919|Paperback|customsDuty|104582/);
    });

    it('answers another logged-in customer the public fields only', async () => {
      const stranger = await t.newCustomer();
      const body = (await (await track('SB7000101', stranger)).json()) as Record<string, unknown>;
      for (const field of OWNER_ONLY_FIELDS) expect(body).not.toHaveProperty(field);
      expect(body.isUserOwner).toBe(false);
    });

    it('answers the owner the private fields: customs, charges due, invoice and return', async () => {
      const owner = await t.newCustomer({ pendingShipments: 1 });
      const [row] = await awbsOf(owner);
      const body = trackingSchema.parse(await (await track(row!.awb.toLowerCase(), owner)).json());
      expect(body.isUserOwner).toBe(true);
      expect(body.hawbid).toBe(row!.hawbId);
      expect(body.customsDuty).toBe(Number(row!.customsDuty));
      expect(body.importVat).toBe(Number(row!.importVat));
      expect(body.customsDeclaredValue).toBe(Number(row!.customsDeclaredValue));
      expect(body.customsDeclaredCurrency).toBe('USD');
      expect(body.chargesDue?.total).toBeCloseTo(
        Object.values(row!.charges!).reduce((s, v) => s + Number(v), 0),
        2,
      );
      expect(body.attachments).toEqual([]);
      expect(body.invoice).toBeNull();
      expect(body.returnShipment).toBeNull();
    });

    it('lists the history newest first', async () => {
      const body = publicTrackingSchema.parse(await (await track('SB9000110')).json());
      const times = body.history.map((e) => e.at);
      expect(times).toEqual([...times].sort().reverse());
      expect(body.history[0]?.statusId).toBe(body.lastPI);
    });

    it('names the history’s statuses and places in `language`, and leaves them as stored without it', async () => {
      // SB9000105 left Frankfurt for Amman.
      const stored = publicTrackingSchema.parse(await (await track('SB9000105')).json());
      expect(stored.history.map((e) => e.location)).toEqual(['Amman', 'Frankfurt am Main', 'Frankfurt am Main']);
      const res = await t.request('/api/tracking/SB9000105?language=ar', { from: nextAddress() });
      const arabic = publicTrackingSchema.parse(await res.json());
      expect(arabic.history.map((e) => e.location)).toEqual(['عمّان', 'فرانكفورت', 'فرانكفورت']);
      expect(arabic.history[0]).toMatchObject({ statusId: 13, status: 'غادرت بلد المنشأ' });
      expect(arabic.currentStatus).toBe(stored.currentStatus);
      expect((await t.request('/api/tracking/SB9000105?language=fr', { from: nextAddress() })).status).toBe(400);
    });

    it('answers 404 for an unknown or malformed number', async () => {
      expect((await track('SB0000001')).status).toBe(404);
      expect((await track('not-a-number!')).status).toBe(404);
    });

    it('limits public lookups per address, hits and misses alike, and answers 429 with Retry-After', async () => {
      const from = nextAddress();
      for (let i = 0; i < TRACKING_LIMIT.max; i++) {
        const res = await track(i % 2 ? 'SB9000100' : `SB${8_100_000 + i}`, undefined, from);
        expect(res.status).not.toBe(429);
      }
      const limited = await track('SB9000100', undefined, from);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(apiErrorSchema.parse(await limited.json()).code).toBe('TOO_MANY_ATTEMPTS');
      // Another address is not affected.
      expect((await track('SB9000100')).status).toBe(200);
    });

    it('counts an IPv6 caller by its /64', () => {
      expect(trackingKey('2001:db8:1:2:3:4:5:6')).toBe(trackingKey('2001:db8:1:2:ffff::1'));
      expect(trackingKey('2001:db8:1:2::9')).not.toBe(trackingKey('2001:db8:1:3::9'));
      expect(trackingKey('::ffff:192.0.2.7')).toBe('tracking:192.0.2.7');
    });
  });

  describe('invoice: POST api/tracking/{awb}/upload and uploadInvoice', () => {
    it('stores up to five files and the form, which becomes the declared value', async () => {
      const owner = await t.newCustomer({ invoiceShipments: 1 });
      const [row] = await awbsOf(owner);
      expect(row!.customsDeclaredValue).toBeNull();
      const five = Array.from({ length: 5 }, (_, i) => ({
        bytes: i % 2 ? PNG : PDF,
        name: `invoice-${i}.pdf`,
        type: 'application/pdf',
      }));
      const res = await upload(row!.awb, owner, filesForm(five));
      expect(res.status).toBe(200);
      expect(invoiceAttachmentsSchema.parse(await res.json())).toHaveLength(5);

      const saved = await saveInvoice(row!.awb, owner, { cost: 123.45, hasInvoice: true, agreement: true });
      expect(saved.status).toBe(200);
      const body = trackingSchema.parse(await saved.json());
      expect(body.invoice).toMatchObject({ cost: 123.45, hasInvoice: true });
      expect(body.customsDeclaredValue).toBe(123.45);
      expect(body.attachments).toHaveLength(5);
      // Persisted.
      const again = trackingSchema.parse(await (await track(row!.awb, owner)).json());
      expect(again.customsDeclaredValue).toBe(123.45);
    });

    it('refuses a sixth file in one upload, an executable, and an agreement not given', async () => {
      const owner = await t.newCustomer({ invoiceShipments: 1 });
      const [row] = await awbsOf(owner);
      const six = Array.from({ length: 6 }, (_, i) => ({ bytes: PDF, name: `f${i}.pdf`, type: 'application/pdf' }));
      const tooMany = await upload(row!.awb, owner, filesForm(six));
      expect(tooMany.status).toBe(400);
      expect(apiErrorSchema.parse(await tooMany.json()).code).toBe('FILE_QUEUE_LIMIT');
      const exe = await upload(
        row!.awb,
        owner,
        filesForm([{ bytes: ELF, name: 'invoice.pdf', type: 'application/pdf' }]),
      );
      expect(exe.status).toBe(415);
      const noAgreement = await saveInvoice(row!.awb, owner, { cost: 10, hasInvoice: false, agreement: false });
      expect(noAgreement.status).toBe(400);
      const badCost = await saveInvoice(row!.awb, owner, { cost: -1, hasInvoice: false, agreement: true });
      expect(badCost.status).toBe(400);
      // With an invoice but no file, refused; nothing was stored by the refusals.
      const noFile = await saveInvoice(row!.awb, owner, { cost: 10, hasInvoice: true, agreement: true });
      expect(apiErrorSchema.parse(await noFile.json()).code).toBe('INVOICE_FILE_MISSING');
      expect(await t.database.db.select().from(uploads).where(eq(uploads.shipmentAwb, row!.awb))).toHaveLength(0);
      const [after] = await awbsOf(owner);
      expect(after!.invoice).toBeNull();
    });

    it('answers 401 without a session and 403 for a shipment of someone else', async () => {
      const owner = await t.newCustomer({ invoiceShipments: 1 });
      const stranger = await t.newCustomer();
      const [row] = await awbsOf(owner);
      const one = () => filesForm([{ bytes: PDF, name: 'a.pdf', type: 'application/pdf' }]);
      expect((await upload(row!.awb, undefined, one())).status).toBe(401);
      expect((await upload(row!.awb, stranger, one())).status).toBe(403);
      expect((await saveInvoice(row!.awb, undefined, { cost: 1, hasInvoice: false, agreement: true })).status).toBe(
        401,
      );
      expect((await saveInvoice(row!.awb, stranger, { cost: 1, hasInvoice: false, agreement: true })).status).toBe(403);
      expect((await saveInvoice('SB0000001', stranger, { cost: 1, hasInvoice: false, agreement: true })).status).toBe(
        404,
      );
      const [after] = await awbsOf(owner);
      expect(after!.invoice).toBeNull();
    });
  });

  describe('GET api/packages/{awb}/singlePackage', () => {
    let demo: Customer;
    beforeAll(async () => {
      demo = await t.login('demo@example.com');
    });
    const single = (awb: string, who: Customer | undefined, query = '') =>
      t.request(`/api/packages/${awb}/singlePackage${query}`, who ? { cookie: who.cookie } : {});
    const packagesOf = async (res: Response) => {
      expect(res.status).toBe(200);
      return singlePackagesSchema.parse(await res.json());
    };
    const codeOf = async (res: Response) => [res.status, apiErrorSchema.parse(await res.json())];

    it("answers the owner the private section's fields: customs, charges due, invoice, files, return", async () => {
      const owner = await t.newCustomer({ pendingShipments: 1 });
      const [row] = await awbsOf(owner);
      const res = await single(row!.awb.toLowerCase(), owner);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const [view, ...more] = await packagesOf(res);
      expect(more).toEqual([]);
      expect(view).toMatchObject({
        awb: row!.awb,
        isUserOwner: true,
        hawbid: row!.hawbId,
        foreignAwb: row!.foreignAwb,
        customsDuty: Number(row!.customsDuty),
        importVat: Number(row!.importVat),
        attachments: [],
        invoice: null,
        returnShipment: null,
      });
      expect(view!.chargesDue?.total).toBeCloseTo(
        Object.values(row!.charges!).reduce((sum, v) => sum + Number(v), 0),
        2,
      );
      // The same view the owner gets from public tracking, where nothing is named otherwise.
      const tracked = ownerTrackingViewSchema.parse(await (await track(row!.awb, owner)).json());
      expect(view).toEqual({ ...tracked, history: view!.history });
    });

    it('keeps the newest `count` events and names statuses and places in `language`', async () => {
      // SB7000110: delivered, from Dubai to Amman, seven events.
      const [full] = await packagesOf(await single('SB7000110', demo));
      expect(full!.history).toHaveLength(7);
      expect(full!.history[0]).toMatchObject({ statusId: 22, status: 'Delivered', location: 'Amman' });
      const times = full!.history.map((e) => e.at);
      expect(times).toEqual([...times].sort().reverse());

      const [newest] = await packagesOf(await single('SB7000110', demo, '?count=2'));
      expect(newest!.history).toEqual(full!.history.slice(0, 2));

      const [arabic] = await packagesOf(await single('SB7000110', demo, '?language=ar&count=7'));
      expect(arabic!.history[0]).toMatchObject({ statusId: 22, status: 'تم التسليم', location: 'عمّان' });
      expect(arabic!.history.at(-1)).toMatchObject({
        statusId: 1,
        status: 'تم استلام معلومات الشحنة',
        location: 'دبي',
      });
      expect(arabic!.history.map((e) => e.at)).toEqual(times);
      // The status the page's rules read keeps its stored name.
      expect(arabic!.currentStatus).toBe('Delivered');

      // useXMLTracking has nothing to choose between: both answers are the same.
      const withXml = await packagesOf(await single('SB7000110', demo, '?useXMLTracking=true'));
      const withoutXml = await packagesOf(await single('SB7000110', demo, '?useXMLTracking=false'));
      expect(withXml).toEqual([full]);
      expect(withoutXml).toEqual([full]);
    });

    it("answers several of the owner's packages with `awbs`, the path's first, each once", async () => {
      const views = await packagesOf(await single('SB7000110', demo, '?awbs=SB7000112,%20sb7000111,SB7000110'));
      expect(views.map((v) => v.awb)).toEqual(['SB7000110', 'SB7000112', 'SB7000111']);
      expect(views.every((v) => v.isUserOwner)).toBe(true);
      // Nine more at most.
      const ten = Array.from({ length: 10 }, (_, i) => `SB${7_000_111 + i}`).join(',');
      expect(await codeOf(await single('SB7000110', demo, `?awbs=${ten}`))).toMatchObject([
        400,
        { code: 'VALIDATION' },
      ]);
      // One that is not the customer's makes the whole call a 404.
      expect(await codeOf(await single('SB7000110', demo, '?awbs=SB7000111,SB9000100'))).toMatchObject([
        404,
        { code: 'NOT_FOUND' },
      ]);
    });

    it('refuses a count, a language, useXMLTracking or awbs it does not know (400)', async () => {
      for (const query of [
        '?count=0',
        '?count=101',
        '?count=two',
        '?language=fr',
        '?useXMLTracking=maybe',
        '?awbs=x!',
      ]) {
        expect(await codeOf(await single('SB7000110', demo, query)), query).toMatchObject([
          400,
          { code: 'VALIDATION' },
        ]);
      }
    });

    it("answers 404 alike for someone else's package and one that does not exist, and 401 without a session", async () => {
      const stranger = await t.newCustomer();
      const theirs = await codeOf(await single('SB7000110', stranger));
      expect(theirs).toEqual([404, { code: 'NOT_FOUND', message: 'Not found' }]);
      expect(await codeOf(await single('SB0000001', stranger))).toEqual(theirs);
      expect(await codeOf(await single('not-a-number!', stranger))).toEqual(theirs);
      // Nobody's package, publicly trackable, is not the customer's either.
      expect(await codeOf(await single('SB9000100', demo))).toEqual(theirs);
      expect(await codeOf(await single('SB7000110', undefined))).toMatchObject([401, { code: 'UNAUTHORIZED' }]);
    });
  });

  describe('GET api/tracking/{awb}/upload/{uploadId}: an invoice file', () => {
    const download = (awb: string, id: string, who: Customer | undefined) =>
      t.request(`/api/tracking/${awb}/upload/${id}`, who ? { cookie: who.cookie } : {});

    it('serves each invoice file to the owner as a download, by the type of its content', async () => {
      const owner = await t.newCustomer({ invoiceShipments: 1 });
      const [row] = await awbsOf(owner);
      const sent = await upload(
        row!.awb,
        owner,
        filesForm([
          { bytes: PDF, name: 'invoice.pdf', type: 'application/pdf' },
          { bytes: PNG, name: 'scan.html', type: 'text/html' },
        ]),
      );
      const [pdf, png] = invoiceAttachmentsSchema.parse(await sent.json());

      const got = await download(row!.awb, pdf!.id, owner);
      expect(got.status).toBe(200);
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice.pdf"/);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('cache-control')).toBe('private, no-store');
      // A PNG sent as HTML is served as the PNG it is.
      const image = await download(row!.awb.toLowerCase(), png!.id, owner);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('content-disposition')).toMatch(/^attachment; filename="scan.png"/);
    });

    it("answers 401 without a session, 403 for someone else's shipment, 404 for a file not of this shipment", async () => {
      const owner = await t.newCustomer({ invoiceShipments: 2 });
      const stranger = await t.newCustomer({ invoiceShipments: 1 });
      const [first, second] = await awbsOf(owner);
      const [theirs] = await awbsOf(stranger);
      const one = () => filesForm([{ bytes: PDF, name: 'a.pdf', type: 'application/pdf' }]);
      const [file] = invoiceAttachmentsSchema.parse(await (await upload(first!.awb, owner, one())).json());
      const [strangers] = invoiceAttachmentsSchema.parse(await (await upload(theirs!.awb, stranger, one())).json());

      expect((await download(first!.awb, file!.id, undefined)).status).toBe(401);
      expect((await download(first!.awb, file!.id, stranger)).status).toBe(403);
      // Not under another shipment, not even the owner's own; nor another customer's file under one's own.
      expect((await download(second!.awb, file!.id, owner)).status).toBe(404);
      expect((await download(first!.awb, strangers!.id, owner)).status).toBe(404);
      expect((await download(first!.awb, crypto.randomUUID(), owner)).status).toBe(404);
      expect((await download('SB0000001', file!.id, owner)).status).toBe(404);
      expect((await download(first!.awb, 'not-an-id', owner)).status).toBe(400);
    });
  });

  describe('pay now from tracking', () => {
    it('comes back to the tracking page of the shipment', async () => {
      const owner = await t.newCustomer({ pendingShipments: 1 });
      const [row] = await awbsOf(owner);
      const res = await t.request(`/api/tracking/resolvePaymentUrl?currencyCode=USD&lang=ar&returnTo=tracking`, {
        method: 'POST',
        cookie: owner.cookie,
        headers: { [IDEMPOTENCY_HEADER]: 'tracking-pay-000001' },
        body: JSON.stringify([row!.hawbId]),
      });
      expect(res.status).toBe(200);
      const { absoluteUri } = (await res.json()) as { absoluteUri: string };
      // Giving up on the provider's page shows where it sends the customer back.
      const cancelled = await t.request(new URL(absoluteUri).pathname, {
        method: 'POST',
        body: new URLSearchParams({ decision: 'cancel' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const back = new URL(cancelled.headers.get('location') ?? '', 'http://site.test');
      expect(back.pathname).toBe(`/ar/tracking/${row!.awb}`);
      expect(back.searchParams.get('order')).toMatch(/\S/);
      expect(back.searchParams.get('cancelled')).toBe('1');
    });

    it('pays one shipment at a time when coming back to tracking', async () => {
      const owner = await t.newCustomer({ pendingShipments: 2 });
      const ids = (await awbsOf(owner)).map((r) => r.hawbId);
      const res = await t.request(`/api/tracking/resolvePaymentUrl?currencyCode=USD&returnTo=tracking`, {
        method: 'POST',
        cookie: owner.cookie,
        headers: { [IDEMPOTENCY_HEADER]: 'tracking-pay-000002' },
        body: JSON.stringify(ids),
      });
      expect(res.status).toBe(400);
    });
  });

  describe('a claim from a tracking page (category 830 by waybill number)', () => {
    const claim = (who: Customer, awb: string) =>
      t.request(`/api/account/${who.guid}/requests`, {
        method: 'POST',
        cookie: who.cookie,
        body: JSON.stringify({
          categoryId: 830,
          subCategory: 830,
          subject: 'This is my parcel',
          description: 'It carries my name on the label.',
          externalString: awb,
        }),
      });

    it("is filed for someone else's shipment, not for one's own nor for an unknown number", async () => {
      const owner = await t.newCustomer({ deliveredShipments: 1 });
      const [row] = await awbsOf(owner);
      const stranger = await t.newCustomer();
      const filed = await claim(stranger, row!.awb);
      expect(filed.status).toBe(201);
      expect(await filed.json()).toMatchObject({ categoryId: 830, externalString: row!.awb });
      expect((await claim(owner, row!.awb)).status).toBe(400);
      expect((await claim(stranger, 'SB0000001')).status).toBe(400);
    });
  });
});
