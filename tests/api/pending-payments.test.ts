import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { shipments, walletTransactions } from '../../server/db/schema.ts';
import { SandboxProvider } from '../../server/payments/sandbox/sandbox-provider.ts';
import {
  paymentOutcomeSchema,
  pendingShipmentsSchema,
  shipmentPaymentsSchema,
  type PendingShipment,
} from '../../src/lib/api/pending-payments/contract.ts';
import { IDEMPOTENCY_HEADER } from '../../src/lib/api/payments/contract.ts';
import { shipmentTotalMinor } from '../../src/lib/payments/pending-charges.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';

interface Customer {
  cookie: string;
  guid: string;
}

let keys = 0;
const newKey = () => `pay-key-${String(++keys).padStart(6, '0')}`;
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  body: new URLSearchParams(fields),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe.each(BACKENDS)('pending payments API on %s', (backend) => {
  let t: TestApp;
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    sandbox = new SandboxProvider();
    t = await createTestApp(backend, { payments: sandbox });
  });
  afterAll(() => t.close());

  const customer = (pendingShipments = 3): Promise<Customer> => t.newCustomer({ pendingShipments });
  const payable = async (who: Customer) =>
    pendingShipmentsSchema.parse(
      await (await t.request(`/api/v1/account/${who.guid}/shipping/payable`, { cookie: who.cookie })).json(),
    );
  const resolve = (who: Customer | undefined, ids: unknown, currency = 'USD', key = newKey()) =>
    t.request(`/api/tracking/resolvePaymentUrl?currencyCode=${currency}&lang=en`, {
      method: 'POST',
      ...(who ? { cookie: who.cookie } : {}),
      headers: { [IDEMPOTENCY_HEADER]: key },
      body: JSON.stringify(ids),
    });
  async function paymentPage(who: Customer, ids: number[], key = newKey()) {
    const res = await resolve(who, ids, 'USD', key);
    expect(res.status).toBe(200);
    const { absoluteUri } = (await res.json()) as { absoluteUri: string };
    return new URL(absoluteUri).pathname;
  }
  const payOnPage = (page: string, number = '4242424242424242') =>
    t.request(
      page,
      form({ decision: 'pay', name: 'Test Customer', number, expiryMonth: '09', expiryYear: '2030', cvv: '123' }),
    );
  const complete = async (who: Customer, order: string) =>
    t.request(`/api/customers/${who.guid}/payments/${order}/complete`, { method: 'POST', cookie: who.cookie });
  const orderOf = (location: string | null) => new URL(location ?? '', 'http://x').searchParams.get('order') ?? '';
  const cents = (s: PendingShipment) => shipmentTotalMinor(s);

  it('lists the demo customer’s three shipments with their cc and customs charges', async () => {
    const demo = await t.login('demo@example.com');
    const list = await payable(demo);
    expect(list.map((s) => s.hawb.number).sort()).toEqual(['SB7000100', 'SB7000101', 'SB7000102']);
    const first = list.find((s) => s.hawb.number === 'SB7000100')!;
    expect(first.charges).toEqual([
      {
        type: 'cc',
        details: [
          { name: 'Shipping Charges', amount: 14.5 },
          { name: 'Additional Services', amount: 2 },
          { name: 'Tax', amount: 1.6 },
        ],
      },
      { type: 'custom', amount: 20 },
    ]);
    expect(cents(first)).toBe(3810);
  });

  it('pays two of three shipments once on the provider page, at the server’s amount', async () => {
    const who = await customer();
    const [a, b, c] = await payable(who);
    const ids = [a!.hawb.id, b!.hawb.id];
    const key = newKey();
    const page = await paymentPage(who, ids, key);
    // A double click: the same key answers the same page, and starts nothing more.
    expect(await paymentPage(who, ids, key)).toBe(page);
    const hosted = await (await t.request(page)).text();
    const expected = (cents(a!) + cents(b!)) / 100;
    expect(hosted).toContain(`$${expected.toFixed(2)}`);

    const declined = await payOnPage(page, '4000000000000002');
    expect(await declined.text()).toContain('Your card was declined.');
    const paid = await payOnPage(page);
    expect(paid.status).toBe(303);
    const order = orderOf(paid.headers.get('location'));
    expect(paid.headers.get('location')).toMatch(/\/en\/pending-payments\?order=/);
    // The form sent again, or the return replayed: still one charge.
    await payOnPage(page);
    const [first, second] = await Promise.all([complete(who, order), complete(who, order)]);
    const outcome = paymentOutcomeSchema.parse(await first.json());
    expect(paymentOutcomeSchema.parse(await second.json()).state).toBe('paid');
    expect(outcome).toMatchObject({ state: 'paid', amount: expected, currencyCode: 'USD' });
    expect(outcome.awbs).toEqual([a!.hawb.number, b!.hawb.number].sort());
    const charged = sandbox.chargeRecords().filter((r) => r.amountMinor === cents(a!) + cents(b!));
    expect(charged).toHaveLength(1);

    expect((await payable(who)).map((s) => s.hawb.id)).toEqual([c!.hawb.id]);
    const lines = await t.database.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userGuid, who.guid), eq(walletTransactions.kind, 'shipmentPayment')));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.amountMinor).toBe(cents(a!) + cents(b!));

    const receipt = shipmentPaymentsSchema.parse(
      await (
        await t.request(
          `/api/customers/${who.guid}/payments?HAWBIDs=${[...ids, c!.hawb.id].join(',')}&CurrencyCode=USD`,
          {
            cookie: who.cookie,
          },
        )
      ).json(),
    );
    expect(receipt.shipments.map((s) => s.paid)).toEqual([true, true, false]);
    expect(receipt.totalDue).toBe(cents(c!) / 100);
    // Paid shipments can't be paid again.
    const again = await resolve(who, ids);
    expect(again.status).toBe(400);
    expect(apiErrorSchema.parse(await again.json()).code).toBe('PAYMENT_SHIPMENT');
  });

  it('closes an unpaid payment page when a new payment of the same shipments starts', async () => {
    const who = await customer(2);
    const [a, b] = await payable(who);
    const old = await paymentPage(who, [a!.hawb.id]);
    const fresh = await paymentPage(who, [a!.hawb.id, b!.hawb.id]);
    expect(fresh).not.toBe(old);
    const closed = await payOnPage(old);
    expect(closed.status).toBe(410);
    expect((await payOnPage(fresh)).status).toBe(303);
    expect(await payable(who)).toEqual([]);
  });

  it('answers a cancelled payment as open, charging nothing and changing nothing', async () => {
    const who = await customer(1);
    const [a] = await payable(who);
    const page = await paymentPage(who, [a!.hawb.id]);
    const cancelled = await t.request(page, form({ decision: 'cancel' }));
    expect(cancelled.headers.get('location')).toMatch(/cancelled=1/);
    const outcome = paymentOutcomeSchema.parse(
      await (await complete(who, orderOf(cancelled.headers.get('location')))).json(),
    );
    expect(outcome).toMatchObject({ state: 'open', gatewayReturnCode: null });
    expect(await payable(who)).toHaveLength(1);
    // A new payment of the same shipment closes that one: it reads as failed, cancelled, in the customer's words.
    await paymentPage(who, [a!.hawb.id]);
    const closed = paymentOutcomeSchema.parse(
      await (await complete(who, orderOf(cancelled.headers.get('location')))).json(),
    );
    expect(closed).toMatchObject({ state: 'failed', gatewayReturnCode: 'cancelled' });
  });

  it('refuses shipments that are not the customer’s, in another currency, or unknown', async () => {
    const who = await customer(1);
    const other = await customer(1);
    const [mine] = await payable(who);
    const [theirs] = await payable(other);
    for (const [ids, currency] of [
      [[theirs!.hawb.id], 'USD'],
      [[mine!.hawb.id, theirs!.hawb.id], 'USD'],
      [[mine!.hawb.id], 'JOD'],
      [[999_999_999], 'USD'],
    ] as const) {
      const res = await resolve(who, ids, currency);
      expect(res.status).toBe(400);
      expect(apiErrorSchema.parse(await res.json()).code).toBe('PAYMENT_SHIPMENT');
    }
    expect((await resolve(who, [])).status).toBe(400);
    expect((await resolve(who, [mine!.hawb.id, mine!.hawb.id])).status).toBe(400);
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.hawbId, theirs!.hawb.id));
    expect(row?.chargesPaid).toBe(false);
  });

  it('refuses shipment ids past the database’s integers as a 400 naming HAWBIDs (the contract fuzz found a 500)', async () => {
    const who = await customer(1);
    const [mine] = await payable(who);
    for (const ids of ['0,4000000000', `${mine!.hawb.id},99999999999999999999`, '2147483648']) {
      const res = await t.request(`/api/customers/${who.guid}/payments?HAWBIDs=${ids}&CurrencyCode=USD`, {
        cookie: who.cookie,
      });
      expect(res.status).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(await res.json()).fieldErrors ?? {})).toEqual(['HAWBIDs']);
    }
    // Nine digits is still an id, answered as unknown.
    const unknown = await t.request(`/api/customers/${who.guid}/payments?HAWBIDs=999999999&CurrencyCode=USD`, {
      cookie: who.cookie,
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses without a session (401) and on another customer’s guid (403); orders are their owner’s', async () => {
    const a = await customer(1);
    const b = await customer(1);
    const [shipment] = await payable(a);
    const page = await paymentPage(a, [shipment!.hawb.id]);
    const cancelled = await t.request(page, form({ decision: 'cancel' }));
    const order = orderOf(cancelled.headers.get('location'));
    const calls: [string, string][] = [
      ['GET', `/api/v1/account/${a.guid}/shipping/payable`],
      ['GET', `/api/customers/${a.guid}/payments?HAWBIDs=${shipment!.hawb.id}&CurrencyCode=USD`],
      ['POST', `/api/customers/${a.guid}/payments/${order}/complete`],
    ];
    for (const [method, path] of calls) {
      expect((await t.send(method, path)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await t.send(method, path, b)).status, `${method} ${path} as another`).toBe(403);
    }
    expect((await resolve(undefined, [shipment!.hawb.id])).status).toBe(401);
    // B's own path can't reach A's order either.
    expect((await complete(b, order)).status).toBe(404);
    expect(await payable(a)).toHaveLength(1);
  });
});
