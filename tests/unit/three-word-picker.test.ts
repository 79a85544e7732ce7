/**
 * What the three-word address picker asks (spec 1 §4.12; src/lib/three-words/queries.ts): the field's words first,
 * else the customer's place with its blank parts left out; then the square under the pin, each point once, never
 * 0,0.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

// The site's client resolves '/api/…' against the page; here a page of a pretend site.
vi.hoisted(() => {
  globalThis.location = new URL('https://site.test/en/home') as unknown as Location;
});

import {
  $pickedAddress,
  $pickerView,
  $pinSquare,
  closePicker,
  moveTo,
  openPicker,
} from '../../src/lib/three-words/queries.ts';
import { MAP_ZOOM, WORLD_CENTER } from '../../src/lib/maps/camera.ts';
import { json, settle } from '../support/stores.ts';

const square = (words: string, lat: number, lng: number, country = 'AE') => ({
  lat,
  lng,
  geometry: { southwest: { lat, lng }, northeast: { lat, lng } },
  words,
  country,
});

/** The service as the picker sees it: a square per point, one for the words `known.words.here`, places by country. */
function service() {
  const seen: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL((input as Request).url);
    seen.push(url);
    const q = url.searchParams;
    if (url.pathname === '/api/v1/threewords/forward') {
      return q.get('words') === 'known.words.here' ? json(200, square('known.words.here', 24.5, 54.4)) : json(404, {});
    }
    if (url.pathname === '/api/v1/threewords/reverse') {
      return json(200, square(`at.${q.get('lat')}.${q.get('lng')}`, Number(q.get('lat')), Number(q.get('lng'))));
    }
    if (url.pathname === '/api/v1/geocode') {
      return q.get('country') === 'AE'
        ? json(200, { lat: 25.2, lng: 55.27, zoom: 12, precision: 'city' })
        : json(404, {});
    }
    return json(500, {});
  });
  return seen;
}

/** Keeps the picker's stores subscribed, as the open picker does. */
function watch() {
  const stops = [$pickerView, $pickedAddress, $pinSquare].map((store) => store.listen(() => {}));
  return () => stops.forEach((stop) => stop());
}

const base = { countryCode: 'AE', city: 'Dubai', street: '', lang: 'en' } as const;

describe('the three-word picker', () => {
  afterEach(() => {
    closePicker();
    vi.restoreAllMocks();
  });

  it("opens on the field's square, asking nothing else", async () => {
    const seen = service();
    const stop = watch();
    openPicker({ ...base, words: '///known.words.here' });
    await settle($pickerView, (v) => v?.zoom === MAP_ZOOM.high);
    expect($pickerView.get()).toEqual({ center: [54.4, 24.5], zoom: MAP_ZOOM.high });
    expect($pickedAddress.get()?.words).toBe('known.words.here');
    expect(seen.map((u) => u.pathname)).toEqual(['/api/v1/threewords/forward']);
    stop();
  });

  it("opens on the customer's place when the words name no square, blank parts left out, and looks it up", async () => {
    const seen = service();
    const stop = watch();
    openPicker({ ...base, words: 'none.such.square' });
    expect(await settle($pickerView, (v) => v?.zoom === 12)).toEqual({ center: [55.27, 25.2], zoom: 12 });
    await settle($pickedAddress, (a) => a?.words === 'at.25.2.55.27');
    expect(seen.map((u) => u.pathname + u.search)).toEqual([
      '/api/v1/threewords/forward?words=none.such.square',
      '/api/v1/geocode?country=AE&city=Dubai',
      '/api/v1/threewords/reverse?lat=25.2&lng=55.27&language=en',
    ]);
    stop();
  });

  it('opens on the world when not even the country is found, with nothing looked up', async () => {
    const seen = service();
    const stop = watch();
    openPicker({ ...base, countryCode: 'XX', words: '' });
    const view = await settle($pickerView, (v) => v?.zoom === MAP_ZOOM.low);
    expect(view).toEqual({ center: [...WORLD_CENTER], zoom: MAP_ZOOM.low });
    expect(await settle($pickedAddress, (a) => a === null)).toBeNull();
    expect(seen.map((u) => u.pathname + u.search)).toEqual(['/api/v1/geocode?country=XX&city=Dubai']);
    stop();
  });

  it('looks up each point the pin moves to once, and never 0,0', async () => {
    const seen = service();
    const stop = watch();
    openPicker({ ...base, words: '///known.words.here' });
    await settle($pickedAddress, (a) => a?.words === 'known.words.here');
    moveTo([10, 20]);
    expect((await settle($pickedAddress, (a) => a?.words === 'at.20.10'))?.country).toBe('AE');
    moveTo([11, 21]);
    await settle($pickedAddress, (a) => a?.words === 'at.21.11');
    moveTo([0, 0]);
    moveTo([10, 20]);
    await settle($pickedAddress, (a) => a?.words === 'at.20.10');
    expect(seen.filter((u) => u.pathname.endsWith('/reverse')).map((u) => u.search)).toEqual([
      '?lat=20&lng=10&language=en',
      '?lat=21&lng=11&language=en',
    ]);
    stop();
  });
});
