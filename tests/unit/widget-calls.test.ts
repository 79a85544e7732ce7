/**
 * The client module of the tool box that adds something to `call()`: the converter's header and the one answer of
 * a rate calculation. (The address picker's reads are queries: tests/unit/three-word-picker.test.ts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

// The site's client resolves '/api/…' against the page; here a page of a pretend site.
vi.hoisted(() => {
  globalThis.location = new URL('https://site.test/en/home') as unknown as Location;
});

import { calculateRates, convertCurrency } from '../../src/lib/api/widgets/widgets.ts';
import { json } from '../support/stores.ts';

const seen: URL[] = [];
const answer = (response: () => Response) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    seen.push(new URL((input as Request).url));
    return response();
  });

afterEach(() => {
  vi.restoreAllMocks();
  seen.length = 0;
});

describe('the converter', () => {
  it('asks GET api/currencies/convert and reads the amount from the x-result header', async () => {
    answer(() => new Response(null, { status: 200, headers: { 'x-result': '70.9' } }));
    await expect(convertCurrency({ currencyFrom: 'USD', currencyTo: 'JOD', amount: 100 })).resolves.toBe(70.9);
    expect(seen[0]?.pathname).toBe('/api/currencies/convert');
    expect(Object.fromEntries(seen[0]?.searchParams ?? [])).toEqual({
      currencyFrom: 'USD',
      currencyTo: 'JOD',
      amount: '100',
    });
  });

  it('answers -1 as the API does, and refuses an answer without a number', async () => {
    answer(() => new Response(null, { status: 200, headers: { 'x-result': '-1' } }));
    await expect(convertCurrency({ currencyFrom: 'USD', currencyTo: 'XYZ', amount: 1 })).resolves.toBe(-1);
    vi.restoreAllMocks();
    answer(() => new Response(null, { status: 200 }));
    await expect(convertCurrency({ currencyFrom: 'USD', currencyTo: 'JOD', amount: 1 })).rejects.toMatchObject({
      status: 502,
    });
  });
});

describe('the rate calculation', () => {
  const query = { origin: 'US', destination: 'JO', weight: 1.5, unit: 0 } as const;

  it('asks GET api/countryRates with the four parameters and answers the calculation', async () => {
    const result = { transitDays: '3-5', rates: [{ subscriptionPlanId: 1, value: 20, currency: 'USD' }] };
    answer(() => json(200, result));
    await expect(calculateRates(query)).resolves.toEqual(result);
    expect(seen[0]?.pathname).toBe('/api/countryRates');
    expect(seen[0]?.search).toBe('?origin=US&destination=JO&weight=1.5&unit=0');
  });

  it('refuses the list of every rate where a calculation was asked', async () => {
    answer(() => json(200, []));
    await expect(calculateRates(query)).rejects.toMatchObject({ status: 502 });
  });
});
