import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { requests, shipments } from '../../server/db/schema.ts';
import { CLAIM_LOOKUP_LIMIT } from '../../server/api/account-home/claims.routes.ts';
import {
  CLAIM_EXISTS,
  claimPackageSchema,
  updateStatusResponseSchema,
  type SaveRequest,
} from '../../src/lib/api/account-home/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';

interface Session {
  cookie: string;
  guid: string;
}

const MINUTE = 60_000;

describe.each(BACKENDS)('claims on %s', (backend) => {
  let t: TestApp;
  let demo: Session;
  let other: Session;
  beforeAll(async () => {
    t = await createTestApp(backend);
    demo = await t.login('demo@example.com', '198.51.100.180');
    other = await t.login('agreement@example.com', '198.51.100.181');
  });
  afterAll(() => t.close());

  const lookup = (origin: string, fawb: string, as: Session | null = demo, slashes = '//') =>
    t.request(`/api/tracking${slashes}${origin}/GetByShipmentByFAWB/${encodeURIComponent(fawb)}`, {
      ...(as ? { cookie: as.cookie } : {}),
    });
  const updateStatus = (packageId: number | string, mailbox: string, as: Session | null = demo, slashes = '//') =>
    t.request(`/api/tracking${slashes}${packageId}/updateStatus/${encodeURIComponent(mailbox)}`, {
      method: 'POST',
      ...(as ? { cookie: as.cookie } : {}),
    });
  const error = async (res: Response) => [res.status, apiErrorSchema.parse(await res.json()).code];
  const shipment = async (awb: string) => {
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.awb, awb));
    return row!;
  };
  /**
   * A claim as it stands in the database, whatever its subcategory: the API refuses claims that don't fit their
   * package (tested below), so claims filed before that rule or by staff are written directly.
   */
  const fileClaim = async (as: Session, subCategory: number, awb: string, foreignAwb: string, origin: string) => {
    const [row] = await t.database.db
      .insert(requests)
      .values({
        userGuid: as.guid,
        caseReference: `CAS-9${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
        categoryId: 830,
        subCategory,
        status: 1,
        statusDesc: 'Open',
        subject: 'This package is mine',
        description: 'I ordered it and it arrived without my mailbox number.',
        externalString: awb || null,
        claim: {
          Package: { ForeignAWB: foreignAwb, AWB: awb || null, OriginEntity: origin, DestinationCity: 'Amman' },
          Address: { MailboxNumber: 'AMM 104582' },
        },
        createdAt: t.clock(),
      })
      .returning();
    return row!;
  };
  /** A claim through the API, as the claim form sends it. */
  const postClaim = (as: Session, subCategory: number, foreignAwb: string | null, origin: string, mailbox: string) => {
    const body: SaveRequest = {
      categoryId: 830,
      subCategory,
      subject: 'This package is mine',
      description: 'I ordered it and it arrived without my mailbox number.',
      claim: {
        Package: { ForeignAWB: foreignAwb, AWB: null, OriginEntity: origin, DestinationCity: null },
        Address: { MailboxNumber: mailbox },
      },
    };
    return t.request(`/api/account/${as.guid}/requests`, {
      method: 'POST',
      cookie: as.cookie,
      body: JSON.stringify(body),
    });
  };

  describe('package by foreign waybill number', () => {
    it('finds an unidentified package at its origin, whatever the case, with only what a claim needs', async () => {
      const res = await lookup('NYC', 'TBA512000201');
      expect(res.status).toBe(200);
      const raw = (await res.json()) as { package: object };
      expect(Object.keys(raw).sort()).toEqual(['isUserOwner', 'ownClaim', 'package']);
      expect(Object.keys(raw.package).sort()).toEqual(
        ['awb', 'customerId', 'destinationCity', 'foreignAwb', 'id', 'lastPi', 'originEntity'].sort(),
      );
      expect(claimPackageSchema.parse(raw)).toEqual({
        package: {
          id: 610_000,
          awb: 'SB9000201',
          foreignAwb: 'TBA512000201',
          originEntity: 'NYC',
          destinationCity: 'Amman',
          customerId: 0,
          lastPi: 4,
        },
        isUserOwner: false,
        ownClaim: null,
      });
      const lower = claimPackageSchema.parse(await (await lookup('nyc', 'tba512000201')).json());
      expect(lower.package.awb).toBe('SB9000201');
      // Only the spec's double-slash path is served (docs/deploy.md: the proxy passes it through).
      expect(await error(await lookup('NYC', 'TBA512000201', demo, '/'))).toEqual([404, 'NOT_FOUND']);
    });

    it("tells the owner apart, and never discloses another customer's number", async () => {
      const theirs = claimPackageSchema.parse(await (await lookup('LON', 'TBA512000202')).json());
      expect(theirs).toMatchObject({ isUserOwner: false, package: { customerId: -1, lastPi: 3, awb: 'SB9000202' } });
      expect(theirs.package.destinationCity).toBe('Dubai');
      const asOwner = claimPackageSchema.parse(await (await lookup('LON', 'TBA512000202', other)).json());
      expect(asOwner).toMatchObject({ isUserOwner: true, package: { customerId: 208_811 } });
      // One of demo's own packages.
      const own = await shipment('SB7000100');
      const mine = claimPackageSchema.parse(await (await lookup(own.originEntity, own.foreignAwb!)).json());
      expect(mine).toMatchObject({ isUserOwner: true, package: { awb: 'SB7000100', customerId: 104_582 } });
    });

    it('answers 404 for an unknown number or another origin, 400 for a malformed origin, 401 without a session', async () => {
      expect(await error(await lookup('NYC', 'TBA000000000'))).toEqual([404, 'NOT_FOUND']);
      expect(await error(await lookup('LON', 'TBA512000201'))).toEqual([404, 'NOT_FOUND']);
      expect(await error(await lookup('N%21C', 'TBA512000201'))).toEqual([400, 'VALIDATION']);
      expect(await error(await lookup('NYC', 'TBA512000201', null))).toEqual([401, 'UNAUTHORIZED']);
    });

    it(`allows ${CLAIM_LOOKUP_LIMIT.max} look-ups per user in 5 minutes, then 429 with Retry-After`, async () => {
      const prober = await t.login('idrequired@example.com', '198.51.100.182');
      for (let i = 0; i < CLAIM_LOOKUP_LIMIT.max; i++) {
        const res = await lookup('NYC', `TBA5120009${String(i).padStart(2, '0')}`, prober);
        expect(res.status).toBe(404);
      }
      const stopped = await lookup('NYC', 'TBA512000201', prober);
      expect(await error(stopped)).toEqual([429, 'TOO_MANY_ATTEMPTS']);
      expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another user is not affected.
      expect((await lookup('NYC', 'TBA512000201', other)).status).toBe(200);
      t.advance(5 * MINUTE);
      expect((await lookup('NYC', 'TBA512000201', prober)).status).toBe(200);
    });
  });

  describe('status update after a claim of an unidentified package', () => {
    it('is refused (403) until the user has an open 8198 claim for the package', async () => {
      expect(await error(await updateStatus(610_000, 'AMM 104582'))).toEqual([403, 'FORBIDDEN']);
      // A claim of another subcategory is not enough.
      await fileClaim(demo, 8633, 'SB9000201', 'TBA512000201', 'NYC');
      expect(await error(await updateStatus(610_000, 'AMM 104582'))).toEqual([403, 'FORBIDDEN']);
      expect((await shipment('SB9000201')).lastPi).toBe(4);
    });

    it('sets status 28 with a history event once claimed, for one of the user’s mailboxes only', async () => {
      // The claim names the package by its foreign waybill number only, as the claim form does.
      const claim = await fileClaim(demo, 8198, '', 'tba512000201', 'NYC');
      const before = await shipment('SB9000201');
      // Another customer's mailbox number is refused.
      expect(await error(await updateStatus(610_000, 'DXB 208811'))).toEqual([400, 'VALIDATION']);
      expect((await shipment('SB9000201')).lastPi).toBe(4);

      t.advance(MINUTE);
      const res = await updateStatus(610_000, 'AMM 104582');
      expect(res.status).toBe(200);
      expect(updateStatusResponseSchema.parse(await res.json())).toEqual({
        lastPi: 28,
        currentStatus: 'Claimed by customer',
      });
      const after = await shipment('SB9000201');
      expect(after).toMatchObject({ lastPi: 28, currentStatus: 'Claimed by customer', trackingProgress: 20 });
      expect(after.history).toEqual([
        ...before.history,
        { statusId: 28, status: 'Claimed by customer', location: 'New York', at: t.clock().toISOString() },
      ]);
      // The owner of the package is unchanged: staff assign it.
      expect(after).toMatchObject({ userGuid: null, customerId: 0 });

      // Not at a single-slash path; a second call (here with the number's digits) records nothing more.
      expect(await error(await updateStatus(610_000, '104582', demo, '/'))).toEqual([404, 'NOT_FOUND']);
      const again = await updateStatus(610_000, '104582');
      expect(updateStatusResponseSchema.parse(await again.json()).lastPi).toBe(28);
      expect((await shipment('SB9000201')).history).toHaveLength(after.history.length);
      const lookedUp = claimPackageSchema.parse(await (await lookup('NYC', 'TBA512000201')).json());
      expect(lookedUp.package.lastPi).toBe(28);
      // The look-up tells the claimant it is their claim, and anyone else only that it is claimed (status 28).
      expect(lookedUp.ownClaim).toEqual({ caseReference: claim.caseReference });
      const asOther = claimPackageSchema.parse(await (await lookup('NYC', 'TBA512000201', other)).json());
      expect(asOther).toMatchObject({ ownClaim: null, package: { lastPi: 28, customerId: 0 } });
    });

    it('refuses a package that is not an unidentified one (409), whatever the claim says', async () => {
      await fileClaim(demo, 8198, 'SB9000203', 'TBA512000203', 'NYC');
      expect(await error(await updateStatus(610_002, 'Dana Haddad/AMM 104582'))).toEqual([409, 'CONFLICT']);
      expect((await shipment('SB9000203')).lastPi).toBe(13);
      // Another customer's package, claimed as unidentified.
      await fileClaim(demo, 8198, 'SB9000202', 'TBA512000202', 'LON');
      expect(await error(await updateStatus(610_001, 'AMM 104582'))).toEqual([409, 'CONFLICT']);
      expect(await shipment('SB9000202')).toMatchObject({ lastPi: 3, customerId: 208_811 });
    });

    it('does not count closed claims or claims of other users, and answers 403 for unknown packages', async () => {
      // SB9000102 is the public unidentified package; the other user claims it, then closes the claim.
      const claim = await fileClaim(other, 8198, 'SB9000102', 'TBA44000626', 'CAN');
      const close = await t.request(`/api/account/${other.guid}/requests`, {
        method: 'POST',
        cookie: other.cookie,
        body: JSON.stringify({
          id: claim.id,
          categoryId: 830,
          subject: claim.subject,
          description: 'Found it, not mine.',
          closeCase: true,
        }),
      });
      expect(close.status).toBe(200);
      expect(await error(await updateStatus(600_002, 'DXB 208811', other))).toEqual([403, 'FORBIDDEN']);
      // Demo has no claim on it.
      expect(await error(await updateStatus(600_002, 'AMM 104582'))).toEqual([403, 'FORBIDDEN']);
      expect((await shipment('SB9000102')).lastPi).toBe(4);
      expect(await error(await updateStatus(999_999, 'AMM 104582'))).toEqual([403, 'FORBIDDEN']);
      // Beyond any integer column: refused as input the database can't hold (docs/decisions/030).
      expect(await error(await updateStatus('99999999999', 'AMM 104582'))).toEqual([400, 'VALIDATION']);
      expect(await error(await updateStatus('SB9000102', 'AMM 104582'))).toEqual([400, 'VALIDATION']);
      expect(await error(await updateStatus(610_000, 'AMM 104582', null))).toEqual([401, 'UNAUTHORIZED']);
    });
  });

  describe('filing a claim (spec 1 §4.4)', () => {
    beforeAll(async () => {
      // A fresh look-up window: filing a claim with a number counts as a look-up.
      t.advance(CLAIM_LOOKUP_LIMIT.windowSeconds * 1000 + MINUTE);
      // The claims written directly above are closed: a package with an open claim of the user takes no other.
      await t.database.db
        .update(requests)
        .set({ status: 3, statusDesc: 'Closed', closeCase: true })
        .where(eq(requests.userGuid, demo.guid));
    });
    it.each([
      ['no tracking number', null, 'LON', 566],
      ['a number nothing matches', 'TBA000000000', 'NYC', 830],
      // (TBA512000201 is claimed by now, above.)
      ['an unidentified package', 'TBA44000626', 'CAN', 8198],
      ["another customer's package received at origin", 'TBA512000202', 'LON', 831],
      ['a package that left the warehouse', 'TBA512000203', 'NYC', 8633],
      ['a package just announced', 'TBA512000204', 'LON', 567],
    ])('with %s (%s at %s) takes subcategory %i, and no other', async (_, fawb, origin, subCategory) => {
      expect((await postClaim(demo, subCategory, fawb, origin, 'Dana Haddad/AMM 104582')).status).toBe(201);
      const wrong = subCategory === 830 ? 566 : 830;
      const refused = await postClaim(demo, wrong, fawb, origin, 'AMM 104582');
      expect(refused.status).toBe(400);
      expect(apiErrorSchema.parse(await refused.json()).fieldErrors).toHaveProperty('subCategory');
    });

    it('takes one open claim of a package per user, and tells the look-up which it is', async () => {
      // Demo claimed TBA512000202 above (831).
      const found = claimPackageSchema.parse(await (await lookup('LON', 'TBA512000202')).json());
      const [open] = (await t.database.db.select().from(requests).where(eq(requests.userGuid, demo.guid))).filter(
        (r) => r.status === 1 && r.subCategory === 831,
      );
      expect(found.ownClaim).toEqual({ caseReference: open!.caseReference });
      // Its owner sees no claim of theirs.
      expect(claimPackageSchema.parse(await (await lookup('LON', 'TBA512000202', other)).json()).ownClaim).toBeNull();

      const again = await postClaim(demo, 831, 'tba512000202', 'LON', 'AMM 104582');
      expect(await error(again)).toEqual([409, CLAIM_EXISTS]);
      // By its waybill number (from the submit page) too.
      const byWaybill = await t.request(`/api/account/${demo.guid}/requests`, {
        method: 'POST',
        cookie: demo.cookie,
        body: JSON.stringify({
          categoryId: 830,
          subCategory: 830,
          subject: 'This is my parcel',
          description: 'Mine.',
          externalString: 'SB9000202',
        }),
      });
      expect(await error(byWaybill)).toEqual([409, CLAIM_EXISTS]);

      // Once that claim is closed, the package may be claimed again.
      await t.database.db
        .update(requests)
        .set({ status: 3, statusDesc: 'Closed', closeCase: true })
        .where(eq(requests.id, open!.id));
      expect(claimPackageSchema.parse(await (await lookup('LON', 'TBA512000202')).json()).ownClaim).toBeNull();
      expect((await postClaim(demo, 831, 'TBA512000202', 'LON', 'AMM 104582')).status).toBe(201);
    });

    it("refuses a claim from someone else's mailbox, and one of the user's own package", async () => {
      const notMine = await postClaim(demo, 566, null, 'LON', 'DXB 208811');
      expect(notMine.status).toBe(400);
      expect(apiErrorSchema.parse(await notMine.json()).fieldErrors).toHaveProperty(['claim.Address.MailboxNumber']);
      // TBA512000202 is the agreement persona's own package: claiming it is disabled (process 5).
      const own = await postClaim(other, 831, 'TBA512000202', 'LON', 'DXB 208811');
      expect(own.status).toBe(400);
      expect(apiErrorSchema.parse(await own.json()).fieldErrors).toEqual({
        subCategory: ['this package cannot be claimed'],
      });
    });
  });
});
