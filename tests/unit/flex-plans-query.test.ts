/**
 * Whose plans the flex article asks for (src/lib/content/flex-plans-queries.ts, spec 1 §6): a visitor's country
 * once the network has placed them, the default list when it can't, and a customer's own without asking it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  globalThis.location = new URL('https://site.test/en/about/shipbox-flex') as unknown as Location;
});

import { forget } from '../../src/lib/api/query.ts';
import { getCountryByClient } from '../../src/lib/api/reference/contract.ts';
import { $flexPlans } from '../../src/lib/content/flex-plans-queries.ts';
import { $session, setCurrentUser } from '../../src/lib/session/session-store.ts';
import { json, settle } from '../support/stores.ts';
import { customer } from '../support/customer.ts';

/** Answers the network's country and any country's plans; records the paths asked. */
function serve(byClient: { status: number; body: unknown }) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL((input as Request).url).pathname;
    asked.push(path);
    if (path.endsWith('/resolvebyclient')) return json(byClient.status, byClient.body);
    const code = /countries\/(\w+)\/membershipplans/.exec(path)?.[1] ?? 'default';
    return json(200, { countryCode: code, plans: [] });
  });
  return asked;
}

const user = customer({ guid: 'c-1', countryCode: 'AE' });

describe('the flex article plans', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    $session.set(null);
  });

  it("are a visitor's country's once the network has placed them", async () => {
    const asked = serve({ status: 200, body: { countryCode: 'JO' } });
    const stop = $flexPlans.listen(() => {});
    const loaded = await settle($flexPlans, (v) => v.data !== undefined);
    expect(loaded.data?.countryCode).toBe('JO');
    expect(asked).toEqual(['/api/v1/countries/resolvebyclient', '/api/v1/countries/JO/membershipplans']);
    stop();
  });

  it("are the default list when the visitor's country can't be had", async () => {
    const asked = serve({ status: 500, body: { code: 'SERVER_ERROR' } });
    forget(getCountryByClient);
    const stop = $flexPlans.listen(() => {});
    const loaded = await settle($flexPlans, (v) => v.data?.countryCode === 'default');
    expect(loaded.data?.countryCode).toBe('default');
    // (A GET that fails with 500 is tried again once by the client.)
    expect(asked.at(-1)).toBe('/api/v1/countries/default/membershipplans');
    expect(asked.filter((path) => path.endsWith('/membershipplans'))).toHaveLength(1);
    stop();
  });

  it("are a customer's own country's, without asking the network", async () => {
    const asked = serve({ status: 200, body: { countryCode: 'JO' } });
    setCurrentUser(user);
    const stop = $flexPlans.listen(() => {});
    const loaded = await settle($flexPlans, (v) => v.data?.countryCode === 'AE');
    expect(loaded.data?.countryCode).toBe('AE');
    expect(asked).toEqual(['/api/v1/countries/AE/membershipplans']);
    stop();
  });
});
