/**
 * The service options page's reads and option selection (spec 1 §2.7, §4.7; src/lib/service-options/queries.ts):
 * the places asked in the page's language, a choice shown in force at once and marked in progress, the server's
 * answer in its place, the previous option back when the update fails, and one choice at a time.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  globalThis.location = new URL('https://site.test/en/account-settings') as unknown as Location;
});

import {
  $lockerOption,
  $places,
  $selection,
  chooseServiceOption,
  showServiceOptions,
} from '../../src/lib/service-options/queries.ts';
import { setCurrentUser } from '../../src/lib/session/session-store.ts';
import { json, settle } from '../support/stores.ts';
import { customer } from '../support/customer.ts';

const user = customer({ guid: 'c-7' });

const delivery = { locationId: 0, service: { id: 2, name: 'Delivery' } };
const locker = { locationId: '10101', service: { id: 3, name: 'Locker' } };

describe('service options', () => {
  beforeAll(() => setCurrentUser(user));
  afterEach(() => vi.restoreAllMocks());

  it("asks for the country's places in the page's language", async () => {
    const seen: URL[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      seen.push(new URL((input as Request).url));
      return json(200, []);
    });
    const stop = $places.listen(() => {});
    showServiceOptions('ar');
    await settle($places, (v) => v.data !== undefined);
    expect(seen.map((u) => u.pathname + u.search)).toEqual([
      '/api/v1/locations?countrycode=JO&typeids=1%2C3%2C4&lang=ar',
    ]);
    stop();
  });

  it('shows a choice at once, then the saved one; a failed update brings the previous one back', async () => {
    let refuse = false;
    const puts: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      const path = new URL(request.url).pathname;
      if (request.method === 'PUT') {
        puts.push(path);
        return refuse ? json(500, { code: 'SERVER_ERROR' }) : json(200, locker);
      }
      if (path.endsWith('/ServiceOption')) return json(200, delivery);
      return json(200, null);
    });
    const stops = [$selection, $lockerOption].map((store) => store.listen(() => {}));
    await settle($selection, (s) => s !== null);
    expect($selection.get()).toEqual({ current: delivery, backup: null, inProgress: null });

    const saving = chooseServiceOption('c-7', 'locker', '10101', 'Street 1, Amman');
    expect($selection.get()).toEqual({
      current: { locationId: '10101', service: { id: 3, name: 'Street 1, Amman' } },
      backup: delivery,
      inProgress: '10101',
    });
    // One choice at a time: another, while this one is saved, does nothing.
    await expect(chooseServiceOption('c-7', 'delivery', 0, '')).resolves.toBeNull();
    await expect(saving).resolves.toBe(true);
    expect($selection.get()).toEqual({ current: locker, backup: null, inProgress: null });
    expect($lockerOption.get().data).toEqual({ id: '10101', name: 'Street 1, Amman' });

    refuse = true;
    const failing = chooseServiceOption('c-7', 'pickup', 'AMM', 'Rainbow Street, Amman');
    expect($selection.get()?.inProgress).toBe('AMM');
    await expect(failing).resolves.toBe(false);
    expect($selection.get()).toEqual({ current: locker, backup: null, inProgress: null });
    // Already in force: nothing to do, nothing sent.
    await expect(chooseServiceOption('c-7', 'locker', '10101', 'Street 1, Amman')).resolves.toBeNull();
    expect(puts).toEqual(['/api/v1/account/c-7/ServiceOptions/locker', '/api/v1/account/c-7/ServiceOptions/pickup']);
    stops.forEach((stop) => stop());
  });
});
