import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import {
  CONVERT_RESULT_HEADER,
  countryRatesResponseSchema,
  currencyOptionsSchema,
  rateResultSchema,
} from '../../src/lib/api/widgets/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { loadReferenceData } from '../../server/db/reference-data.ts';

// Expectations from the same files the database is seeded from.
const { currencies, countryRates } = loadReferenceData();
const usdRate = (code: string) => currencies.find((c) => c.currencyCode === code)?.usdRate ?? NaN;
const round4 = (n: number) => Math.round(n * 1e4) / 1e4;
const rateOf = (origin: string, destination: string) => {
  const rate = countryRates.find((r) => r.originCountryCode === origin && r.destinationCountryCode === destination);
  if (!rate) throw new Error(`no rate ${origin}>${destination} in country-rates.json`);
  return rate;
};

describe.each(BACKENDS)('tool box API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const get = (path: string, query: Record<string, string> = {}) =>
    t.request(`${path}?${new URLSearchParams(query).toString()}`);
  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = apiErrorSchema.parse(await res.json());
    expect(body.code).toBe('VALIDATION');
    return Object.keys(body.fieldErrors ?? {}).sort();
  };

  describe('currencies', () => {
    it('lists every currency by code, named in English by default', async () => {
      const res = await get('/api/currencies');
      expect(res.status).toBe(200);
      const list = currencyOptionsSchema.parse(await res.json());
      expect(list).toHaveLength(currencies.length);
      const codes = list.map((c) => c.currencyCode);
      expect(codes).toEqual([...codes].sort());
      expect(list.find((c) => c.currencyCode === 'USD')?.currencyName).toBe('US Dollar');
      expect(list.find((c) => c.currencyCode === 'AUD')?.currencyName).toBe('Australian Dollar');
    });

    it('names them in Arabic, and refuses another language', async () => {
      const list = currencyOptionsSchema.parse(await (await get('/api/currencies', { language: 'ar' })).json());
      expect(list.map((c) => c.currencyCode)).toEqual(currencies.map((c) => c.currencyCode).sort());
      expect(list.find((c) => c.currencyCode === 'JOD')?.currencyName).toBe('دينار أردني');
      for (const c of list) expect(c.currencyName, c.currencyCode).toMatch(/\p{Script=Arabic}/u);
      expect(await refused(await get('/api/currencies', { language: 'fr' }))).toEqual(['language']);
    });
  });

  describe('converter', () => {
    const convert = async (currencyFrom: string, currencyTo: string, amount: string) => {
      const res = await get('/api/currencies/convert', { currencyFrom, currencyTo, amount });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      return res.headers.get(CONVERT_RESULT_HEADER);
    };

    it('answers in the x-result header: amount × to-rate / from-rate, to 4 decimals', async () => {
      expect(await convert('USD', 'JOD', '100')).toBe(String(round4((100 * usdRate('JOD')) / usdRate('USD'))));
      expect(await convert('USD', 'JOD', '100')).toBe('70.9');
      expect(await convert('JOD', 'SAR', '12.5')).toBe(String(round4((12.5 * usdRate('SAR')) / usdRate('JOD'))));
      expect(await convert('eur', 'gbp', '1')).toBe(String(round4(usdRate('GBP') / usdRate('EUR'))));
      expect(await convert('AUD', 'AUD', '42.42')).toBe('42.42');
      expect(await convert('LBP', 'USD', '1')).toBe('0');
    });

    it('answers -1 for a currency without a published rate, or unknown', async () => {
      const unpublished = currencies.filter((c) => c.usdRate === null).map((c) => c.currencyCode);
      expect(unpublished.length).toBeGreaterThan(0);
      for (const code of unpublished) {
        expect(await convert('USD', code, '10')).toBe('-1');
        expect(await convert(code, 'USD', '10')).toBe('-1');
      }
      expect(await convert('XYZ', 'USD', '10')).toBe('-1');
    });

    it('refuses a malformed currency or amount, per field', async () => {
      const convert400 = (query: Record<string, string>) => get('/api/currencies/convert', query).then(refused);
      expect(await convert400({ currencyFrom: 'US', currencyTo: 'JOD', amount: '1' })).toEqual(['currencyFrom']);
      expect(await convert400({ currencyFrom: 'USD', currencyTo: 'J0D', amount: '1' })).toEqual(['currencyTo']);
      expect(await convert400({ currencyFrom: 'USD', currencyTo: 'JOD', amount: 'ten' })).toEqual(['amount']);
      expect(await convert400({ currencyFrom: 'USD', currencyTo: 'JOD', amount: '0' })).toEqual(['amount']);
      expect(await convert400({ currencyFrom: 'USD', currencyTo: 'JOD', amount: '-5' })).toEqual(['amount']);
      expect(await convert400({ currencyFrom: 'USD', currencyTo: 'JOD', amount: '2000000000' })).toEqual(['amount']);
      expect(await convert400({})).toEqual(['amount', 'currencyFrom', 'currencyTo']);
    });
  });

  describe('country rates', () => {
    it('lists every route without a query, by origin and destination', async () => {
      const res = await get('/api/countryRates');
      expect(res.status).toBe(200);
      const list = countryRatesResponseSchema.parse(await res.json());
      expect(list).toHaveLength(countryRates.length);
      const keys = list.map((r) => `${r.originCountryCode}>${r.destinationCountryCode}`);
      expect(keys).toEqual([...keys].sort());
      expect(list.find((r) => r.originCountryCode === 'US' && r.destinationCountryCode === 'JO')).toEqual(
        rateOf('US', 'JO'),
      );
      for (const origin of ['US', 'GB', 'CN', 'HK', 'DE']) expect(keys).toContain(`${origin}>AU`);
    });

    const calculate = async (origin: string, destination: string, weight: string, unit: string) => {
      const res = await get('/api/countryRates', { origin, destination, weight, unit });
      expect(res.status, `${origin}>${destination} ${weight}/${unit}`).toBe(200);
      return rateResultSchema.parse(await res.json());
    };
    /** The price of `halves` half kilograms on each plan, from the file. */
    const expected = (origin: string, destination: string, halves: number) =>
      rateOf(origin, destination)
        .rates.map((r) => ({
          subscriptionPlanId: r.subscriptionPlanId,
          value: Math.round((r.firstHalfKg + r.additionalHalfKg * (halves - 1)) * 100) / 100,
          currency: 'USD',
        }))
        .sort((a, b) => a.subscriptionPlanId - b.subscriptionPlanId);

    it('prices a parcel in kilograms: the first half kilogram, then each half begun', async () => {
      const at = await calculate('US', 'JO', '1.5', '0');
      expect(at).toEqual({ transitDays: rateOf('US', 'JO').transitDays, rates: expected('US', 'JO', 3) });
      expect(at.rates.map((r) => r.subscriptionPlanId)).toEqual([1, 2, 3, 5]);
      expect((await calculate('US', 'JO', '1.51', '0')).rates).toEqual(expected('US', 'JO', 4));
      expect((await calculate('us', 'jo', '0.2', '0')).rates).toEqual(expected('US', 'JO', 1));
    });

    it('prices a parcel in pounds after converting to kilograms', async () => {
      // 3.3 lb is 1.497 kg (three halves); 3.31 lb is 1.501 kg (four).
      expect((await calculate('GB', 'AE', '3.3', '1')).rates).toEqual(expected('GB', 'AE', 3));
      expect((await calculate('GB', 'AE', '3.31', '1')).rates).toEqual(expected('GB', 'AE', 4));
    });

    it('prices Australia from the origins, Flex below Basic and lifetime cheapest', async () => {
      for (const origin of ['US', 'GB', 'CN', 'HK', 'DE']) {
        const result = await calculate(origin, 'AU', '2', '0');
        expect(result.transitDays).toBe(rateOf(origin, 'AU').transitDays);
        const value = new Map(result.rates.map((r) => [r.subscriptionPlanId, r.value]));
        expect(value.get(2)).toBeLessThan(value.get(1) ?? 0);
        expect(value.get(3)).toBeLessThan(value.get(1) ?? 0);
        expect(value.get(5)).toBeLessThan(Math.min(value.get(2) ?? 0, value.get(3) ?? 0));
      }
    });

    it('answers 404 for a route without rates', async () => {
      for (const [origin, destination] of [
        ['JO', 'US'],
        ['XX', 'JO'],
        ['AU', 'JO'],
      ] as const) {
        const res = await get('/api/countryRates', { origin, destination, weight: '1', unit: '0' });
        expect(res.status).toBe(404);
        expect(apiErrorSchema.parse(await res.json()).code).toBe('NOT_FOUND');
      }
    });

    it('refuses a parcel too heavy, an unknown unit and an incomplete query', async () => {
      const query = (weight: string, unit: string) =>
        get('/api/countryRates', { origin: 'US', destination: 'JO', weight, unit });
      expect(await refused(await query('70.01', '0'))).toEqual(['weight']);
      expect(await refused(await query('154.5', '1'))).toEqual(['weight']);
      expect((await query('70', '0')).status).toBe(200);
      expect((await query('154', '1')).status).toBe(200);
      expect(await refused(await query('0', '0'))).toEqual(['weight']);
      expect(await refused(await query('heavy', '0'))).toEqual(['weight']);
      expect(await refused(await query('1', '2'))).toEqual(['unit']);
      expect(await refused(await get('/api/countryRates', { origin: 'US' }))).toEqual([
        'destination',
        'unit',
        'weight',
      ]);
      expect(
        await refused(await get('/api/countryRates', { origin: 'USA', destination: 'JO', weight: '1', unit: '0' })),
      ).toEqual(['origin']);
    });
  });
});
