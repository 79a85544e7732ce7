/**
 * The country of a point on the map, offline: Natural Earth 1:50m countries (public domain) from the
 * `world-atlas` package (TopoJSON, decoded with topojson-client), whose feature ids are ISO 3166-1 numeric codes
 * turned into alpha-2 codes with `i18n-iso-countries`' code table. A few disputed areas carry no id (Kosovo,
 * Northern Cyprus, Somaliland, the Siachen Glacier…): a point there has no country, like the sea.
 *
 * Loaded once, on first use (about 100,000 points; under 100 ms). The data is made for the sphere: a ring that
 * crosses the 180° meridian jumps from +180 to -180, and Antarctica's coast runs once round the globe. Each ring is
 * therefore unwrapped (longitudes made continuous, so Russia's mainland runs from 19° to 191°), a ring that goes
 * round the globe is closed along its pole, and a point is tested at its longitude or that plus 360°. A point is
 * in a polygon when it lies inside an odd number of its rings (the even-odd rule: holes respected). Polygons are
 * indexed by a grid of 1° cells over their bounding boxes, so a look-up tests only the few that can hold it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface LatLng {
  lat: number;
  lng: number;
}

interface Ring {
  /** x0, y0, x1, y1, … with x unwrapped: the smallest x is in [-180, 180), the largest below 540. */
  points: Float64Array;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Signed area in square degrees. */
  area: number;
}

interface IndexedPolygon {
  code: string;
  rings: Ring[];
  /** The ring of largest area: the outline (the others are holes, or Antarctica's sliver along the pole). */
  outline: Ring;
}

interface CountryIndex {
  polygons: IndexedPolygon[];
  /** Per 1° cell (row from -90, column from -180), the polygons whose box touches it. */
  grid: Map<number, number[]>;
  byCode: Map<string, IndexedPolygon[]>;
}

const require = createRequire(import.meta.url);

function readJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}

/** ISO numeric ('784') → alpha-2 ('AE'). */
function alpha2ByNumeric(): Map<string, string> {
  const codes = readJson<string[][]>('i18n-iso-countries/codes.json');
  return new Map(codes.flatMap(([alpha2, , numeric]) => (alpha2 && numeric ? [[numeric, alpha2] as const] : [])));
}

/** Signed area and centroid of a flat ring (shoelace formula, in degrees). */
function ringCentroid(points: Float64Array): { area: number; x: number; y: number } {
  let twice = 0;
  let cx = 0;
  let cy = 0;
  const n = points.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const x0 = points[j]!;
    const y0 = points[j + 1]!;
    const x1 = points[i]!;
    const y1 = points[i + 1]!;
    const cross = x0 * y1 - x1 * y0;
    twice += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (twice === 0) return { area: 0, x: points[0] ?? 0, y: points[1] ?? 0 };
  return { area: twice / 2, x: cx / (3 * twice), y: cy / (3 * twice) };
}

/**
 * A ring with continuous longitudes (each step under 180°), shifted so its smallest longitude is in [-180, 180);
 * a ring that goes once round the globe is closed along the pole on its side.
 */
function unwrapRing(ring: readonly Position[]): Ring {
  const xy: number[] = [];
  let shift = 0;
  let previous: number | undefined;
  for (const [x = 0, y = 0] of ring) {
    if (previous !== undefined) {
      if (x + shift - previous > 180) shift -= 360;
      else if (x + shift - previous < -180) shift += 360;
    }
    previous = x + shift;
    xy.push(previous, y);
  }
  // Closed rings repeat their first point; a ring round the globe ends 360° from where it started.
  const firstX = xy[0]!;
  const lastX = xy[xy.length - 2]!;
  if (Math.abs(lastX - firstX) > 180) {
    const pole = (xy[1] ?? 0) < 0 ? -90 : 90;
    xy.push(lastX, pole, firstX, pole);
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < xy.length; i += 2) {
    minX = Math.min(minX, xy[i]!);
    maxX = Math.max(maxX, xy[i]!);
    minY = Math.min(minY, xy[i + 1]!);
    maxY = Math.max(maxY, xy[i + 1]!);
  }
  const offset = -360 * Math.floor((minX + 180) / 360);
  if (offset !== 0) for (let i = 0; i < xy.length; i += 2) xy[i]! += offset;
  const points = Float64Array.from(xy);
  return { points, minX: minX + offset, maxX: maxX + offset, minY, maxY, area: ringCentroid(points).area };
}

/** Whether (x, y) lies inside a ring (ray casting), at x or x + 360 (a ring past the 180° meridian). */
function inRing(x: number, y: number, ring: Ring): boolean {
  if (y < ring.minY || y > ring.maxY) return false;
  const px = x >= ring.minX && x <= ring.maxX ? x : x + 360;
  if (px < ring.minX || px > ring.maxX) return false;
  const p = ring.points;
  let inside = false;
  for (let i = 0, j = p.length - 2; i < p.length; j = i, i += 2) {
    const xi = p[i]!;
    const yi = p[i + 1]!;
    const xj = p[j]!;
    const yj = p[j + 1]!;
    if (yi > y !== yj > y && px < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The even-odd rule over the polygon's rings: inside the outline and outside its holes. */
function inPolygon(x: number, y: number, polygon: IndexedPolygon): boolean {
  let inside = false;
  for (const ring of polygon.rings) if (inRing(x, y, ring)) inside = !inside;
  return inside;
}

const cellOf = (row: number, col: number) => row * 360 + col;
const rowOf = (lat: number) => Math.min(179, Math.max(0, Math.floor(lat + 90)));
const colOf = (lng: number) => Math.min(359, Math.max(0, Math.floor(lng + 180)));

function buildIndex(): CountryIndex {
  const topology = readJson<Topology<{ countries: GeometryCollection }>>('world-atlas/countries-50m.json');
  const collection = feature(topology, topology.objects.countries) as FeatureCollection<Polygon | MultiPolygon>;
  const numeric = alpha2ByNumeric();
  const polygons: IndexedPolygon[] = [];
  const grid = new Map<number, number[]>();
  const byCode = new Map<string, IndexedPolygon[]>();
  for (const f of collection.features as Feature<Polygon | MultiPolygon>[]) {
    const code = f.id === undefined ? undefined : numeric.get(String(f.id).padStart(3, '0'));
    if (!code || !f.geometry) continue;
    const parts = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const part of parts) {
      const rings = part.filter((ring) => ring.length >= 4).map(unwrapRing);
      if (rings.length === 0) continue;
      const outline = rings.reduce((a, b) => (Math.abs(b.area) > Math.abs(a.area) ? b : a));
      const at = polygons.push({ code, rings, outline }) - 1;
      const cells = new Set<number>();
      for (const ring of rings) {
        for (let row = rowOf(ring.minY); row <= rowOf(ring.maxY); row++) {
          for (let x = Math.floor(ring.minX); x <= Math.floor(ring.maxX); x++) {
            cells.add(cellOf(row, colOf(x >= 180 ? x - 360 : x)));
          }
        }
      }
      for (const cell of cells) {
        const list = grid.get(cell);
        if (list) list.push(at);
        else grid.set(cell, [at]);
      }
      const own = byCode.get(code);
      if (own) own.push(polygons[at]!);
      else byCode.set(code, [polygons[at]!]);
    }
  }
  return { polygons, grid, byCode };
}

let index: CountryIndex | undefined;
const loaded = (): CountryIndex => (index ??= buildIndex());

/** Loads the countries now rather than on the first look-up (at start, or before timing a test). */
export function loadCountries(): void {
  loaded();
}

const validPoint = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;

/** The ISO 3166-1 alpha-2 code (upper case) of the country at a point; null at sea or outside any country. */
export function countryAt(lat: number, lng: number): string | null {
  if (!validPoint(lat, lng)) return null;
  const { polygons, grid } = loaded();
  for (const at of grid.get(cellOf(rowOf(lat), colOf(lng))) ?? []) {
    const polygon = polygons[at]!;
    if (inPolygon(lng, lat, polygon)) return polygon.code;
  }
  return null;
}

/** Whether a point lies in the country `code` (alpha-2, any case): cheaper than countryAt when the country is known. */
export function isInCountry(lat: number, lng: number, code: string): boolean {
  if (!validPoint(lat, lng)) return false;
  return (loaded().byCode.get(code.toUpperCase()) ?? []).some((p) => inPolygon(lng, lat, p));
}

/** The country codes the data knows. */
export function knownCountries(): string[] {
  return [...loaded().byCode.keys()].sort();
}

const wrapLng = (x: number) => (x >= 180 ? x - 360 : x);

/**
 * A point well inside a country, where a map picker can start: the area-weighted centroid of the country's largest
 * polygon, or that polygon's bounding-box centre when the centroid falls outside it (a crescent of coast). Null
 * for a code the data doesn't know.
 */
export function countryCentre(code: string): LatLng | null {
  const parts = loaded().byCode.get(code.toUpperCase());
  if (!parts?.length) return null;
  const largest = parts.reduce((a, b) => (Math.abs(b.outline.area) > Math.abs(a.outline.area) ? b : a));
  const { x, y } = ringCentroid(largest.outline.points);
  if (inPolygon(wrapLng(x), y, largest)) return { lat: y, lng: wrapLng(x) };
  const { minX, minY, maxX, maxY } = largest.outline;
  return { lat: (minY + maxY) / 2, lng: wrapLng((minX + maxX) / 2) };
}
