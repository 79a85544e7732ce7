import { describe, expect, it } from 'vitest';
import { defaultLocatorCountry, isPlace, locatorTarget, placesOfType } from '../../src/lib/office-locator/locator.ts';
import { alpha2OfNumeric, anchorOf, countryLabel, placeLabels } from '../../src/lib/maps/labels.ts';
import {
  currentPosition,
  failureOfCode,
  LocationError,
  USER_LOCATION_TIMEOUT_MS,
} from '../../src/lib/maps/geolocation.ts';
import { chooseCamera, MAP_ZOOM } from '../../src/lib/maps/camera.ts';

describe('office locator addresses (spec 1 §2.1)', () => {
  it.each([
    ['/en/office/office-locator', { countryCode: null, placeId: null }],
    ['/en/office/office-locator/ae', { countryCode: 'AE', placeId: null }],
    ['/ar/office/office-locator/AE/dxb', { countryCode: 'AE', placeId: 'dxb' }],
    ['/en/office/office-locator/JO/12345', { countryCode: 'JO', placeId: '12345' }],
  ])('%s points to %o', (path, target) => {
    expect(locatorTarget(path)).toEqual(target);
  });

  it.each([
    '/en/office/office-locator/UAE',
    '/en/office/office-locator/AE/ABCD',
    '/en/office/office-locator/AE/123456',
    '/en/office/office-locator/AE/D1',
    '/en/office/office-locator/AE/DXB/more',
    '/en/tracking/AE',
  ])('%s is no locator address', (path) => {
    expect(locatorTarget(path)).toBeNull();
  });

  const places = [
    { id: 'SHJ', typeIds: [3], cityName: 'Sharjah' },
    { id: '10101', typeIds: [1], cityName: 'Dubai' },
    { id: 'DXB', typeIds: [3, 4], cityName: 'Dubai' },
    { id: '9', typeIds: [1], cityName: 'Abu Dhabi' },
  ];

  it('filters by type and orders by city, then id', () => {
    expect(placesOfType(places, 'all', 'en').map((p) => p.id)).toEqual(['9', '10101', 'DXB', 'SHJ']);
    expect(placesOfType(places, 'locker', 'en').map((p) => p.id)).toEqual(['9', '10101']);
    expect(placesOfType(places, 'reception', 'en').map((p) => p.id)).toEqual(['DXB']);
    expect(placesOfType(places, 'outlet', 'en').map((p) => p.id)).toEqual(['DXB', 'SHJ']);
  });

  it('matches a place id in any case', () => {
    expect(isPlace({ id: 'DXB' }, 'dxb')).toBe(true);
    expect(isPlace({ id: 'DXB' }, 'DXC')).toBe(false);
  });

  it("opens on the customer's country, else the visitor's, only where there are offices", () => {
    expect(defaultLocatorCountry(['jo', 'AE'], ['AE', 'JO'])).toBe('JO');
    expect(defaultLocatorCountry([null, 'ae'], ['AE'])).toBe('AE');
    expect(defaultLocatorCountry(['US', 'default'], ['AE'])).toBeNull();
  });
});

describe('country names on the map', () => {
  it('turns ISO numeric ids into alpha-2 codes', () => {
    expect(alpha2OfNumeric('784')).toBe('AE');
    expect(alpha2OfNumeric(4)).toBe('AF');
    expect(alpha2OfNumeric(undefined)).toBeNull();
    expect(alpha2OfNumeric('999')).toBeNull();
  });

  it('anchors a name inside the largest part of a country', () => {
    const small = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const large = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 20],
      [10, 10],
    ];
    const anchor = anchorOf({ type: 'MultiPolygon', coordinates: [[small], [large]] });
    expect(anchor?.at[0]).toBeCloseTo(15);
    expect(anchor?.at[1]).toBeCloseTo(15);
    expect(anchor?.area).toBeCloseTo(100);
  });

  it('shows the larger names first and never two that overlap or leave the map', () => {
    const shown = placeLabels(
      [
        { code: 'SA', x: 100, y: 100, width: 80, height: 16 },
        { code: 'QA', x: 120, y: 104, width: 30, height: 16 },
        { code: 'AE', x: 200, y: 100, width: 60, height: 16 },
        { code: 'OM', x: 295, y: 100, width: 40, height: 16 },
      ],
      { width: 300, height: 200 },
    );
    expect(shown.map((b) => b.code)).toEqual(['SA', 'AE']);
  });

  it("names a country in the page's language", () => {
    expect(countryLabel('AE', 'en')).toBe('United Arab Emirates');
    expect(countryLabel('AE', 'ar')).toMatch(/\p{Script=Arabic}/u);
  });
});

describe('the camera follows a route', () => {
  it('fits the whole route, however close, up to zoom 17', () => {
    const camera = chooseCamera([], null, undefined, [
      [55.14, 25.08],
      [55.22, 25.12],
    ]);
    expect(camera).toEqual({
      kind: 'bounds',
      bounds: [
        [55.14, 25.08],
        [55.22, 25.12],
      ],
      maxZoom: MAP_ZOOM.high,
    });
  });
});

describe("the visitor's position (10 s at most)", () => {
  const geolocation = (answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) =>
    ({ getCurrentPosition: answer }) as unknown as Geolocation;
  const at = (latitude: number, longitude: number) => ({ coords: { latitude, longitude } }) as GeolocationPosition;

  it('answers [lng, lat]', async () => {
    await expect(currentPosition(geolocation((ok) => ok(at(25.08, 55.14))))).resolves.toEqual([55.14, 25.08]);
  });

  it.each([
    [1, 'denied'],
    [2, 'unavailable'],
    [3, 'timeout'],
  ])('names error code %i %s', async (code, reason) => {
    expect(failureOfCode(code)).toBe(reason);
    const failing = geolocation((_ok, fail) => fail?.({ code } as GeolocationPositionError));
    await expect(currentPosition(failing)).rejects.toEqual(new LocationError(reason as 'denied'));
  });

  it('ignores 0,0', async () => {
    await expect(currentPosition(geolocation((ok) => ok(at(0, 0))))).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('gives up after the time-out when the browser never answers, and without a browser API at all', async () => {
    expect(USER_LOCATION_TIMEOUT_MS).toBe(10_000);
    await expect(
      currentPosition(
        geolocation(() => undefined),
        20,
      ),
    ).rejects.toMatchObject({ reason: 'timeout' });
    await expect(currentPosition(undefined)).rejects.toMatchObject({ reason: 'unsupported' });
  });
});
