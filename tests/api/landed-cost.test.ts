/**
 * GET api/v1/landedcost (issue 24) end to end, and the estimates on the packages that have not shipped (the
 * packages list and the owner's tracking view). The worked arithmetic is written out; the figures are those of
 * src/content/data (country-rates.json, currencies.json, landed-cost.json).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { packagesSchema } from '../../src/lib/api/account-home/contract.ts';
import { landedCostSchema, type LandedCost } from '../../src/lib/api/landed-cost/contract.ts';
import { ownerTrackingViewSchema } from '../../src/lib/api/tracking/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';

const amounts = (e: LandedCost) => Object.fromEntries(e.lines.map((l) => [l.code, l.amount]));

describe.each(BACKENDS)('landed cost on %s', (backend) => {
  let t: TestApp;
  let demo: { cookie: string; guid: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    demo = await t.login('demo@example.com', '198.51.100.170');
  });
  afterAll(() => t.close());

  const get = (query: Record<string, string>, as?: { cookie: string }) =>
    t.request(`/api/v1/landedcost?${new URLSearchParams(query).toString()}`, as ? { cookie: as.cookie } : {});
  const estimate = async (query: Record<string, string>, as?: { cookie: string }) => {
    const res = await get(query, as);
    expect(res.status).toBe(200);
    return landedCostSchema.parse(await res.json());
  };
  /** The fields a 400 names. */
  const refused = async (query: Record<string, string>) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    const body = apiErrorSchema.parse(await res.json());
    expect(body.code).toBe('VALIDATION');
    return Object.keys(body.fieldErrors ?? {}).sort();
  };
  const parcel = { origin: 'US', destination: 'AE', weight: '2', unit: '0', value: '250' };

  describe('GET api/v1/landedcost', () => {
    it('answers a visitor: 2 kg from the US to the Emirates declared at $250, in dirhams by default', async () => {
      const e = await estimate(parcel);
      // Basic plan: $21 + 3 × $8 = $45 = AED 165.2625 → 165.26. $250 = AED 918.125 ≤ 1,000: no duty.
      // VAT 5% × (918.125 + 165.2625) = 54.169375 → 54.17. Handling $2 = 7.35, clearance $5 = 18.36.
      expect(e.currency).toBe('AED');
      expect(e.planId).toBe(1);
      expect(amounts(e)).toEqual({ freight: 165.26, duty: 0, vat: 54.17, handling: 7.35, clearance: 18.36 });
      expect(e.total).toBe(245.14);
      expect(e.lines.find((l) => l.code === 'duty')?.rule).toEqual({
        kind: 'deMinimis',
        threshold: { amount: 1000, currency: 'AED' },
      });
      expect(e.sources.find((s) => s.id === 'ae-fta-vat')).toMatchObject({ url: 'https://tax.gov.ae' });
    });

    it('answers in the currency asked for, codes in any case', async () => {
      const e = await estimate({ ...parcel, origin: 'us', destination: 'ae', currency: 'usd' });
      // $45 freight; VAT 5% × (250 + 45) = 14.75; fees $2 and $5.
      expect(e.currency).toBe('USD');
      expect(amounts(e)).toEqual({ freight: 45, duty: 0, vat: 14.75, handling: 2, clearance: 5 });
      expect(e.total).toBe(66.75);
    });

    it('prices the freight on the logged-in customer’s plan, unless the call names one', async () => {
      // Demo is on Flex annual (plan 2): $16.80 + 3 × $6.40 = $36.
      const mine = await estimate({ ...parcel, currency: 'USD' }, demo);
      expect(mine.planId).toBe(2);
      expect(amounts(mine).freight).toBe(36);
      const basic = await estimate({ ...parcel, currency: 'USD', planId: '1' }, demo);
      expect(amounts(basic).freight).toBe(45);
    });

    it('charges a bulky box on its volumetric weight, in pounds and inches too', async () => {
      // 20 × 16 × 12 in = 50.8 × 40.64 × 30.48 cm = 62,926.33 cm³ ÷ 5000 = 12.585 kg, over 2 lb (0.907 kg): 13 kg.
      const e = await estimate({
        origin: 'CN',
        destination: 'SA',
        weight: '2',
        unit: '1',
        length: '20',
        width: '16',
        height: '12',
        dimensionUnit: 'in',
        currency: 'USD',
      });
      expect(e.chargeableWeight).toEqual({
        kg: 13,
        actualKg: 0.907,
        volumetricKg: 12.585,
        divisor: 5000,
        applied: 'volumetric',
      });
      // 26 halves: $19.50 + 25 × $7.50 = $207.
      expect(amounts(e).freight).toBe(207);
    });

    it('takes the general rate for an unknown category and says so', async () => {
      const e = await estimate({ ...parcel, category: 'spaceships' });
      expect(e.category).toEqual({ requested: 'spaceships', applied: 'general', unknown: true });
    });

    it('refuses bad input with 400, naming the field', async () => {
      expect(await refused({ destination: 'AE', weight: '2', unit: '0' })).toEqual(['origin']);
      expect(await refused({ origin: 'US', destination: 'AE', unit: '0' })).toEqual(['weight']);
      expect(await refused({ ...parcel, weight: '-1' })).toEqual(['weight']);
      expect(await refused({ ...parcel, weight: 'heavy' })).toEqual(['weight']);
      expect(await refused({ ...parcel, weight: '70.5' })).toEqual(['weight']);
      expect(await refused({ ...parcel, weight: '155', unit: '1' })).toEqual(['weight']);
      expect(await refused({ ...parcel, value: '-5' })).toEqual(['value']);
      expect(await refused({ ...parcel, length: '30', width: '20' })).toEqual(['height']);
      expect(await refused({ ...parcel, length: '30', width: '20', height: '0' })).toEqual(['height']);
      expect(await refused({ ...parcel, length: '301', width: '20', height: '10' })).toEqual(['length']);
      // 150 × 150 × 20 cm is 90 kg volumetric: over what the rates price.
      expect(await refused({ ...parcel, length: '150', width: '150', height: '20' })).toEqual([
        'height',
        'length',
        'width',
      ]);
      expect(await refused({ ...parcel, unit: '2' })).toEqual(['unit']);
      expect(await refused({ ...parcel, unit: 'kg' })).toEqual(['unit']);
      expect(await refused({ ...parcel, length: '1', width: '1', height: '1', dimensionUnit: 'mm' })).toEqual([
        'dimensionUnit',
      ]);
      expect(await refused({ ...parcel, origin: 'USA' })).toEqual(['origin']);
      expect(await refused({ ...parcel, currency: 'dirham' })).toEqual(['currency']);
      expect(await refused({ ...parcel, currency: 'XYZ' })).toEqual(['currency']);
      // A currency without a published rate can't be answered in.
      expect(await refused({ ...parcel, currency: 'SYP' })).toEqual(['currency']);
      expect(await refused({ ...parcel, valueCurrency: 'ABC' })).toEqual(['valueCurrency']);
      expect(await refused({ ...parcel, planId: '4' })).toEqual(['planId']);
      expect(await refused({ ...parcel, category: 'Électronique' })).toEqual(['category']);
    });

    it('answers 404 for a route without rates', async () => {
      const res = await get({ ...parcel, origin: 'JO', destination: 'US' });
      expect(res.status).toBe(404);
      expect(apiErrorSchema.parse(await res.json()).code).toBe('NOT_FOUND');
      expect((await get({ ...parcel, destination: 'ZZ' })).status).toBe(404);
    });
  });

  describe('on packages that have not shipped', () => {
    const allPackages = async () => {
      const res = await t.request(`/api/customers/${demo.guid}/packages/getAllPackages?pageSize=100`, {
        cookie: demo.cookie,
      });
      expect(res.status).toBe(200);
      return packagesSchema.parse(await res.json());
    };

    it('estimates each one from its declared value, weight and route, on the owner’s plan, in their currency', async () => {
      const list = await allPackages();
      const waiting = [1, 3, 5, 6, 28];
      expect(list.length).toBeGreaterThan(0);
      for (const p of list) {
        if (waiting.includes(p.lastPi)) {
          expect(p.landedCost, p.awb).not.toBeNull();
          expect(p.landedCost).toMatchObject({
            origin: p.originCountryCode,
            destination: 'JO',
            planId: 2,
            currency: 'JOD',
          });
        } else {
          expect(p.landedCost, p.awb).toBeNull();
        }
      }
      // SB7000124: 3.70 kg from the US, declared $333, from a merchant the shopping directory doesn't list.
      const p = list.find((x) => x.awb === 'SB7000124');
      expect(p).toMatchObject({ lastPi: 28, weightKg: 3.7, originCountryCode: 'US' });
      const e = p!.landedCost!;
      // 3.7 kg → 4 kg = 8 halves on Flex annual: $17.60 + 7 × $6.80 = $65.20 = 65.2 × 0.709 = JOD 46.2268 → 46.227.
      // $333 = JOD 236.097; duty 10% × (236.097 + 46.2268) = 28.23238 → 28.232.
      // Sales tax 16% × (282.3238 + 28.232) = 49.688928 → 49.689. Fees: 1.418 and 3.545.
      // Total: 46.227 + 28.232 + 49.689 + 1.418 + 3.545 = 129.111.
      expect(e.category).toEqual({ requested: null, applied: 'general', unknown: false });
      expect(e.declaredValue).toEqual({ amount: 236.097, currency: 'JOD' });
      expect(amounts(e)).toEqual({
        freight: 46.227,
        duty: 28.232,
        salesTax: 49.689,
        handling: 1.418,
        clearance: 3.545,
      });
      expect(e.total).toBe(129.111);
    });

    it('shows it on the owner’s tracking view, counting the invoice once it is sent', async () => {
      // SB7000130 needs its e-invoice: no declared value yet, so the estimate counts none and says so.
      const view = async () => {
        const res = await t.request('/api/tracking/SB7000130', { cookie: demo.cookie });
        expect(res.status).toBe(200);
        return ownerTrackingViewSchema.parse(await res.json());
      };
      const before = (await view()).landedCost;
      expect(before).toMatchObject({
        valueMissing: true,
        estimate: true,
        declaredValue: { amount: 0, currency: 'JOD' },
      });
      const sent = await t.send('POST', '/api/tracking/SB7000130/uploadInvoice', demo, {
        commodity: { cost: 120, hasInvoice: false, agreement: true },
      });
      expect(sent.status).toBe(200);
      const after = (await view()).landedCost;
      // $120 = 120 × 0.709 = JOD 85.08.
      expect(after?.declaredValue).toEqual({ amount: 85.08, currency: 'JOD' });
      expect(after?.valueMissing).toBeUndefined();
      expect(after!.total).toBeGreaterThan(before!.total);

      // A package that has departed has none.
      const departed = await t.request('/api/packages/SB7000105/singlePackage', { cookie: demo.cookie });
      expect(departed.status).toBe(200);
      const [shipped] = (await departed.json()) as { lastPI: number; landedCost: unknown }[];
      expect(shipped).toMatchObject({ lastPI: 13, landedCost: null });
    });
  });
});
