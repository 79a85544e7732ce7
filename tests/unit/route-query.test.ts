/** Each way of travel between two points is asked once per page (src/lib/directions/route-query.ts, spec 1 §2.7). */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  globalThis.location = new URL('https://site.test/en/office/office-locator/JO/AMM') as unknown as Location;
});

import { cleanStores } from 'nanostores';
import { refetch } from '../../src/lib/api/query.ts';
import { getDirections } from '../../src/lib/api/directions/contract.ts';
import { routeQuery } from '../../src/lib/directions/route-query.ts';
import { json, settle } from '../support/stores.ts';

/** A direct-line answer, as the API gives it (it parses with the declaration). */
const route = (mode: string) => ({
  code: 'Ok',
  engine: 'direct',
  estimate: true,
  routes: [
    {
      distance: 100,
      duration: mode === 'car' ? 10 : 60,
      geometry: {
        type: 'LineString',
        coordinates: [
          [35.9106, 31.9539],
          [35.9284, 31.9454],
        ],
      },
      legs: [{ distance: 100, duration: 60, steps: [] }],
    },
  ],
  waypoints: [],
});

describe('routeQuery()', () => {
  const from = { lat: 31.9539, lng: 35.9106 };
  const to: [number, number] = [35.9284, 31.9454];
  afterEach(() => vi.restoreAllMocks());

  it('asks once per mode and pair of points, however the points are written', async () => {
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL((input as Request).url);
      asked.push(url.search);
      return json(200, route(url.searchParams.get('mode') ?? ''));
    });
    const walk = routeQuery(from, to, 'pedestrian');
    const stop = walk.listen(() => {});
    // The same route, written the other way round, is the same store's answer.
    const again = routeQuery([from.lng, from.lat], { lat: to[1], lng: to[0] }, 'pedestrian');
    const stopAgain = again.listen(() => {});
    await settle(walk, (v) => v.data !== undefined);
    await settle(again, (v) => v.data !== undefined);
    const drive = routeQuery(from, to, 'car');
    const stopDrive = drive.listen(() => {});
    expect((await settle(drive, (v) => v.data !== undefined)).data?.routes[0]?.duration).toBe(10);
    expect(asked).toEqual([
      '?from=31.9539%2C35.9106&to=31.9454%2C35.9284&mode=pedestrian',
      '?from=31.9539%2C35.9106&to=31.9454%2C35.9284&mode=car',
    ]);
    [stop, stopAgain, stopDrive].forEach((s) => s());
    // Unmounted now, not a second later: the next test's refetch must not ask for these routes.
    cleanStores(walk, again, drive);
  });

  it('shows a failure until asked again, and asks only once each time (no retry)', async () => {
    let calls = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      calls += 1;
      return calls === 1 ? json(502, { code: 'DIRECTIONS_UPSTREAM' }) : json(200, route('car'));
    });
    const $route = routeQuery(from, [35.93, 31.95], 'car');
    const stop = $route.listen(() => {});
    const failed = await settle($route, (v) => v.error !== undefined);
    expect(failed.error).toMatchObject({ status: 502, code: 'DIRECTIONS_UPSTREAM' });
    expect(calls).toBe(1);
    refetch(getDirections);
    await settle($route, (v) => v.data !== undefined);
    expect(calls).toBe(2);
    stop();
  });
});
