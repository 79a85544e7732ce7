import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { MultiLineString } from 'geojson';
import {
  emptyBasemap,
  isCountriesTopology,
  loadBasemap,
  topologyToBasemap,
  type CountriesTopology,
} from '../../src/lib/maps/basemap.ts';
import { chooseCamera, MAP_ZOOM, WORLD_CENTER } from '../../src/lib/maps/camera.ts';
import { drawablePlaces, placesToGeoJson, type MapPlace } from '../../src/lib/maps/places.ts';
import {
  buildOfflineStyle,
  coloursFromPage,
  DEFAULT_COLOURS,
  LAYER,
  placesLayer,
  SOURCE,
} from '../../src/lib/maps/style.ts';
import offices from '../../src/content/data/offices.json';

const jordan: MapPlace[] = offices
  .filter((o) => o.countryCode === 'JO')
  .map((o) => ({ id: o.id, lat: o.geoLatitude, lng: o.geoLongitude, name: o.cityName.en }));

const amman: MapPlace = { id: 'AMM', lat: 31.976, lng: 35.865, name: 'Amman' };
const irbid: MapPlace = { id: 'IRB', lat: 32.54, lng: 35.856, name: 'Irbid' };
const aqaba: MapPlace = { id: 'AQJ', lat: 29.529, lng: 35.0005, name: 'Aqaba' };

const require = createRequire(import.meta.url);
const countries110m = JSON.parse(readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8')) as unknown;

describe('places → GeoJSON', () => {
  it('makes one point a place, longitude first, with its id and name', () => {
    const data = placesToGeoJson([amman, irbid]);
    expect(data.type).toBe('FeatureCollection');
    expect(data.features.map((f) => f.geometry.coordinates)).toEqual([
      [35.865, 31.976],
      [35.856, 32.54],
    ]);
    expect(data.features.map((f) => f.properties)).toEqual([
      { id: 'AMM', name: 'Amman', selected: false, order: 0 },
      { id: 'IRB', name: 'Irbid', selected: false, order: 0 },
    ]);
  });

  it('flags the selected place and puts it last, so it is drawn above the others', () => {
    const data = placesToGeoJson([amman, irbid, aqaba], 'AMM');
    expect(data.features.map((f) => f.properties.id)).toEqual(['IRB', 'AQJ', 'AMM']);
    expect(data.features.map((f) => f.properties.selected)).toEqual([false, false, true]);
    expect(data.features.at(-1)?.properties.order).toBe(1);
  });

  it('selects nothing for an unknown or empty id', () => {
    expect(placesToGeoJson([amman], 'XXX').features[0]?.properties.selected).toBe(false);
    expect(placesToGeoJson([amman], null).features[0]?.properties.selected).toBe(false);
  });

  it('leaves out places without a position on Earth', () => {
    const broken = [
      amman,
      { id: 'NAN', lat: Number.NaN, lng: 35, name: 'no latitude' },
      { id: 'FAR', lat: 95, lng: 35, name: 'beyond the pole' },
      { id: 'WEST', lat: 10, lng: -181, name: 'beyond the date line' },
    ];
    expect(drawablePlaces(broken).map((p) => p.id)).toEqual(['AMM']);
    expect(placesToGeoJson(broken).features).toHaveLength(1);
    expect(placesToGeoJson([]).features).toEqual([]);
  });
});

describe('camera', () => {
  it('goes to the selected place at the high zoom (17)', () => {
    expect(chooseCamera([amman, irbid, aqaba], 'IRB')).toEqual({ kind: 'point', center: [35.856, 32.54], zoom: 17 });
    expect(MAP_ZOOM).toEqual({ low: 2, middle: 5, high: 17 });
  });

  it('fits several places, no closer than the middle zoom (5)', () => {
    expect(chooseCamera([amman, irbid, aqaba])).toEqual({
      kind: 'bounds',
      bounds: [
        [35.0005, 29.529],
        [35.865, 32.54],
      ],
      maxZoom: 5,
    });
  });

  it('fits the places when the selected id is not one of them', () => {
    expect(chooseCamera([amman, aqaba], 'XXX').kind).toBe('bounds');
  });

  it('centres one place at the middle zoom', () => {
    expect(chooseCamera([amman])).toEqual({ kind: 'point', center: [35.865, 31.976], zoom: 5 });
    // Several places at the same spot are one place for the camera.
    expect(chooseCamera([amman, { ...amman, id: 'AMM2' }])).toEqual({
      kind: 'point',
      center: [35.865, 31.976],
      zoom: 5,
    });
  });

  it('shows the world at the low zoom (2) when there is no place, around the fallback if given', () => {
    expect(chooseCamera([])).toEqual({ kind: 'point', center: WORLD_CENTER, zoom: 2 });
    expect(chooseCamera([], null, [35.9, 31.95])).toEqual({ kind: 'point', center: [35.9, 31.95], zoom: 2 });
    // Places that can't be drawn count as none.
    expect(chooseCamera([{ id: 'X', lat: Number.NaN, lng: 0, name: 'x' }], 'X', [1, 2])).toEqual({
      kind: 'point',
      center: [1, 2],
      zoom: 2,
    });
  });

  it('does not hand out the shared world centre to be changed', () => {
    const camera = chooseCamera([]);
    expect(camera.kind === 'point' && camera.center).not.toBe(WORLD_CENTER);
  });

  it('fits the Jordanian offices of the demo data', () => {
    const camera = chooseCamera(jordan);
    expect(jordan.length).toBeGreaterThan(1);
    expect(camera.kind).toBe('bounds');
  });
});

describe('offline style', () => {
  const places = placesToGeoJson([amman, irbid], 'IRB');

  it('is a valid MapLibre style with sea, land, borders, the route, places and the visitor, in that order', () => {
    const style = buildOfflineStyle({ places });
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.layers.map((l) => [l.id, l.type])).toEqual([
      [LAYER.sea, 'background'],
      [LAYER.land, 'fill'],
      [LAYER.borders, 'line'],
      [LAYER.route, 'line'],
      [LAYER.places, 'circle'],
      [LAYER.user, 'circle'],
    ]);
    expect(Object.keys(style.sources).sort()).toEqual(
      [SOURCE.borders, SOURCE.land, SOURCE.places, SOURCE.route, SOURCE.user].sort(),
    );
  });

  it('asks nothing of any server: no glyphs, sprite or tile URL, and only inline data', () => {
    const style = buildOfflineStyle({ places, basemap: topologyToBasemap(countries110m as CountriesTopology) });
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    for (const source of Object.values(style.sources)) {
      expect(source.type).toBe('geojson');
      expect(source.type === 'geojson' && typeof source.data).toBe('object');
    }
    expect(JSON.stringify(style)).not.toMatch(/https?:|\/\//);
    expect(validateStyleMin(style)).toEqual([]);
  });

  it('starts with an empty land and border while the data loads', () => {
    const style = buildOfflineStyle({ places });
    expect(style.sources[SOURCE.land]).toMatchObject({ data: emptyBasemap().land });
    expect(style.sources[SOURCE.borders]).toMatchObject({ data: emptyBasemap().borders });
  });

  it('draws the selected place larger and in its own colour', () => {
    const layer = placesLayer(DEFAULT_COLOURS);
    expect(layer.source).toBe(SOURCE.places);
    const paint = layer.paint ?? {};
    expect(JSON.stringify(paint['circle-color'])).toContain(DEFAULT_COLOURS.selected);
    expect(JSON.stringify(paint['circle-color'])).toContain(DEFAULT_COLOURS.place);
    const radius = paint['circle-radius'] as unknown[];
    expect(radius[0]).toBe('case');
    expect(Number(radius[2])).toBeGreaterThan(Number(radius[3]));
    expect(layer.layout?.['circle-sort-key']).toEqual(['get', 'order']);
  });

  it("takes the page's brand and accent colours for the places, and keeps the defaults otherwise", () => {
    const page: Record<string, string> = { '--brand': ' #1d6b4f', '--accent': '#8a3ba8' };
    expect(coloursFromPage((name) => page[name] ?? '')).toEqual({
      ...DEFAULT_COLOURS,
      place: '#1d6b4f',
      selected: '#8a3ba8',
      route: '#1d6b4f',
    });
    expect(coloursFromPage(() => '')).toEqual(DEFAULT_COLOURS);
    expect(coloursFromPage(() => 'url(javascript:alert(1))')).toEqual(DEFAULT_COLOURS);
  });
});

describe('base map from world-atlas', () => {
  it('recognises a countries topology and refuses anything else', () => {
    expect(isCountriesTopology(countries110m)).toBe(true);
    expect(isCountriesTopology(null)).toBe(false);
    expect(isCountriesTopology({ type: 'FeatureCollection', features: [] })).toBe(false);
    expect(isCountriesTopology({ type: 'Topology', arcs: [], objects: { land: { type: 'GeometryCollection' } } })).toBe(
      false,
    );
  });

  it('turns it into land polygons and the borders between countries', () => {
    const basemap = topologyToBasemap(countries110m as CountriesTopology);
    expect(basemap.land.type).toBe('FeatureCollection');
    expect(basemap.land.features.length).toBeGreaterThan(0);
    expect(basemap.land.features.every((f) => /Polygon$/.test(f.geometry.type))).toBe(true);
    const borders: MultiLineString = basemap.borders.geometry;
    expect(borders.type).toBe('MultiLineString');
    expect(borders.coordinates.length).toBeGreaterThan(100);
    // Longitude and latitude in degrees, not quantized integers.
    for (const line of borders.coordinates) {
      for (const [lng, lat] of line) {
        expect(Math.abs(lng!)).toBeLessThanOrEqual(180);
        expect(Math.abs(lat!)).toBeLessThanOrEqual(90);
      }
    }
  });

  it('loads the file, and rejects a failed answer or a file of the wrong kind', async () => {
    const answer = (body: unknown, status = 200) =>
      (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
    const basemap = await loadBasemap('/data.json', undefined, answer(countries110m));
    expect(basemap.land.features.length).toBeGreaterThan(0);
    await expect(loadBasemap('/data.json', undefined, answer({}, 404))).rejects.toThrow(/404/);
    await expect(loadBasemap('/data.json', undefined, answer({ type: 'Topology' }))).rejects.toThrow(/topology/);
  });

  it('asks for the file on the same origin only, and can be aborted', async () => {
    let asked: RequestInit | undefined;
    const controller = new AbortController();
    const spy = (async (_url: string, init?: RequestInit) => {
      asked = init;
      return new Response(JSON.stringify(countries110m));
    }) as unknown as typeof fetch;
    await loadBasemap('/data.json', controller.signal, spy);
    expect(asked).toMatchObject({ credentials: 'same-origin', signal: controller.signal });
  });
});
