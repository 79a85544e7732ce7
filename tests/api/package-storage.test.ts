/**
 * Free storage at the mailbox (issue 24): each package's days left and fees in the packages list and the owner's
 * tracking view, the search by merchant or description, and the account home's counts (GET …/packages/summary).
 * The demo customer's packages are the seed's (server/dev/seed.ts): on Flex, 60 free days; SB7000103 arrived 57.5
 * days before T0, SB7000104 59.25 days, SB7000111 64.5 days, SB7000130 1.25 days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, T0, createTestApp, type TestApp } from './harness.ts';
import {
  PAGINATION_HEADER,
  packagesSchema,
  packagesSummarySchema,
  paginationSchema,
  type Package,
} from '../../src/lib/api/account-home/contract.ts';
import { ownerTrackingViewSchema, trackingSchema } from '../../src/lib/api/tracking/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { DAY_MS } from '../../src/lib/storage/storage-deadline.ts';

interface Session {
  cookie: string;
  guid: string;
}

const HOUR_MS = 60 * 60 * 1000;
const before = (days: number) => new Date(T0.getTime() - days * DAY_MS).toISOString();
const after = (days: number) => new Date(T0.getTime() + days * DAY_MS).toISOString();

describe.each(BACKENDS)('package storage on %s', (backend) => {
  let t: TestApp;
  let demo: Session;
  let other: Session;
  beforeAll(async () => {
    t = await createTestApp(backend);
    demo = await t.login('demo@example.com', '198.51.100.170');
    other = await t.login('agreement@example.com', '198.51.100.171');
  });
  afterAll(() => t.close());

  const get = (path: string, as?: Session) => t.request(path, as ? { cookie: as.cookie } : {});
  const list = async (query = '', as: Session = demo): Promise<{ total: number; packages: Package[] }> => {
    const res = await get(`/api/customers/${as.guid}/packages/getAllPackages${query}`, as);
    expect(res.status).toBe(200);
    const pagination = paginationSchema.parse(JSON.parse(res.headers.get(PAGINATION_HEADER) ?? 'null'));
    return { total: pagination.TotalCount, packages: packagesSchema.parse(await res.json()) };
  };
  const all = async (as: Session = demo) => (await list('?pageSize=100', as)).packages;
  const byAwb = async (awb: string, as: Session = demo) => (await all(as)).find((p) => p.awb === awb);
  const summary = async (as: Session = demo) => {
    const res = await get(`/api/customers/${as.guid}/packages/summary`, as);
    expect(res.status).toBe(200);
    return packagesSummarySchema.parse(await res.json());
  };
  const error = async (res: Response) => [res.status, apiErrorSchema.parse(await res.json()).code];

  it('gives each package at a mailbox its free days left, counted from its arrival on the plan', async () => {
    expect(await byAwb('SB7000103')).toMatchObject({
      storage: {
        arrivedAt: before(57.5),
        freeUntil: after(2.5),
        freeDaysLeft: 3,
        feeDays: 0,
        feePerDay: 0.5,
        feeSoFar: 0,
        currency: 'USD',
        nearDeadline: true,
      },
      heldForCharges: null,
    });
    expect((await byAwb('SB7000104'))?.storage).toMatchObject({ freeDaysLeft: 1, nearDeadline: true });
    // Past the deadline: 4.5 days, 5 begun, at $0.50 a day.
    expect((await byAwb('SB7000111'))?.storage).toMatchObject({
      freeUntil: before(4.5),
      freeDaysLeft: 0,
      feeDays: 5,
      feeSoFar: 2.5,
      nearDeadline: true,
    });
    expect((await byAwb('SB7000130'))?.storage).toMatchObject({ freeDaysLeft: 59, nearDeadline: false });
  });

  it('gives none to a package not at a mailbox, and the charges due to one held for them', async () => {
    const packages = await all();
    const atMailbox = packages.filter((p) => p.storage).map((p) => p.lastPi);
    expect(atMailbox).toHaveLength(10);
    expect(new Set(atMailbox)).toEqual(new Set([3, 5, 6, 28]));
    expect(packages.filter((p) => !p.storage).every((p) => ![3, 5, 6, 28].includes(p.lastPi))).toBe(true);
    // SB7000100: 14.50 shipping + 2.00 services + 1.60 tax + 20.00 customs (server/dev/seed.ts).
    expect((await byAwb('SB7000100'))?.heldForCharges).toEqual({ total: 38.1, currency: 'USD' });
    expect(
      packages
        .filter((p) => p.heldForCharges)
        .map((p) => p.awb)
        .sort(),
    ).toEqual(['SB7000100', 'SB7000101', 'SB7000102']);
  });

  it('counts the packages at a mailbox, near their deadline and held for charges', async () => {
    expect(await summary()).toEqual({ inMailbox: 10, nearDeadline: 3, heldForCharges: 3 });
    const fresh = await t.newCustomer({ countryCode: 'JO', pendingShipments: 2, invoiceShipments: 1 });
    expect(await summary(fresh)).toEqual({ inMailbox: 1, nearDeadline: 0, heldForCharges: 2 });
    expect(await summary(other)).toEqual({ inMailbox: 1, nearDeadline: 0, heldForCharges: 0 });
  });

  it('finds packages by merchant or description, any case, any part, keeping the order', async () => {
    // "Blue Harbor Books" (merchant) or "Paperback books" (description).
    const books = await list('?search=BOOKS&pageSize=5');
    expect(books.total).toBe(8);
    expect(books.packages.map((p) => p.awb)).toEqual(['SB7000131', 'SB7000125', 'SB7000119', 'SB7000117', 'SB7000113']);
    const harbor = await list('?search=%20arbor%20&pageSize=100');
    expect(harbor.total).toBe(6);
    expect(harbor.packages.every((p) => p.merchant === 'Blue Harbor Books')).toBe(true);
    const nearFirst = await list('?search=e&pageSize=100');
    expect(nearFirst.packages.slice(0, 3).map((p) => p.awb)).toEqual(['SB7000111', 'SB7000104', 'SB7000103']);
    // Wildcards are taken as they are typed.
    expect((await list('?search=%25')).total).toBe(0);
    expect((await list('?search=_')).total).toBe(0);
    expect((await list('?search=nothing-like-this')).packages).toEqual([]);
    // Blank is no search.
    expect((await list('?search=%20%20')).total).toBe(32);
    expect(
      await error(await get(`/api/customers/${demo.guid}/packages/getAllPackages?search=${'a'.repeat(101)}`, demo)),
    ).toEqual([400, 'VALIDATION']);
  });

  it("refuses another customer's guid (403) and no session (401)", async () => {
    for (const path of ['packages/summary', 'packages/getAllPackages?search=books']) {
      expect(await error(await get(`/api/customers/${demo.guid}/${path}`, other))).toEqual([403, 'FORBIDDEN']);
      expect(await error(await get(`/api/customers/${demo.guid}/${path}`))).toEqual([401, 'UNAUTHORIZED']);
    }
  });

  it("shows the owner's tracking view the same storage, and nobody else", async () => {
    const own = ownerTrackingViewSchema.parse(await (await get('/api/tracking/SB7000103', demo)).json());
    expect(own.storage).toMatchObject({ freeUntil: after(2.5), freeDaysLeft: 3, nearDeadline: true });
    const shipped = ownerTrackingViewSchema.parse(await (await get('/api/tracking/SB7000105', demo)).json());
    expect(shipped.lastPI).toBe(13);
    expect(shipped.storage).toBeNull();
    const [single] = (await (await get('/api/packages/SB7000111/singlePackage', demo)).json()) as unknown[];
    expect(ownerTrackingViewSchema.parse(single).storage).toMatchObject({ feeDays: 5, feeSoFar: 2.5 });
    const stranger = trackingSchema.parse(await (await get('/api/tracking/SB7000103', other)).json());
    expect(stranger.isUserOwner).toBe(false);
    expect(stranger).not.toHaveProperty('storage');
  });

  it('moves with the clock: a day later, one fewer free day and one more fee day', async () => {
    t.advance(DAY_MS - HOUR_MS);
    const session = await t.login('demo@example.com', '198.51.100.172');
    expect((await byAwb('SB7000103', session))?.storage).toMatchObject({ freeDaysLeft: 2, nearDeadline: true });
    expect((await byAwb('SB7000111', session))?.storage).toMatchObject({ feeDays: 6, feeSoFar: 3 });
    // SB7000104's free storage has ended.
    expect((await byAwb('SB7000104', session))?.storage).toMatchObject({ freeDaysLeft: 0, feeDays: 1 });
    expect(await summary(session)).toEqual({ inMailbox: 10, nearDeadline: 3, heldForCharges: 3 });
  });
});
