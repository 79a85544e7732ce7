/**
 * Country names on the embedded map. The offline style has no glyph server, so names are not drawn by
 * the map's WebGL text engine: they are HTML laid over the canvas, placed here. The browser shapes them,
 * so Arabic names read right to left with their letters joined, like any text of the page.
 *
 * Anchors come from Natural Earth's countries (world-atlas): ISO 3166-1 numeric ids turned into alpha-2
 * codes, whose names the browser knows in every language (Intl.DisplayNames).
 */
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import codes from 'i18n-iso-countries/codes.json';
import type { LngLat } from './places.ts';

export interface CountryAnchor {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  /** Where the name goes: the centre of the country's largest part. */
  at: LngLat;
  /** Size of that part in square degrees (larger countries win a contested spot). */
  area: number;
}

const ALPHA2_BY_NUMERIC: ReadonlyMap<string, string> = new Map(
  (codes as readonly (readonly string[])[]).flatMap(([alpha2, , numeric]) =>
    alpha2 && numeric ? [[numeric, alpha2] as const] : [],
  ),
);

/** The alpha-2 code of an ISO numeric id ('784' → 'AE'); null for none (disputed areas carry no id). */
export function alpha2OfNumeric(id: unknown): string | null {
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return ALPHA2_BY_NUMERIC.get(String(id).padStart(3, '0')) ?? null;
}

/** Signed area and centroid of a ring (shoelace formula, in degrees). */
function ringCentroid(ring: readonly Position[]): { area: number; x: number; y: number } {
  let twice = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0 = 0, y0 = 0] = ring[j] ?? [];
    const [x1 = 0, y1 = 0] = ring[i] ?? [];
    const cross = x0 * y1 - x1 * y0;
    twice += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (twice === 0) return { area: 0, x: ring[0]?.[0] ?? 0, y: ring[0]?.[1] ?? 0 };
  return { area: twice / 2, x: cx / (3 * twice), y: cy / (3 * twice) };
}

/** Whether a point lies inside a ring (ray casting). */
function inRing(x: number, y: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The anchor of a country: the centroid of its largest polygon, or that polygon's bounding-box centre when
 * the centroid falls outside it (a crescent-shaped coast).
 */
export function anchorOf(geometry: Polygon | MultiPolygon): { at: LngLat; area: number } | null {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best: { at: LngLat; area: number } | null = null;
  for (const polygon of polygons) {
    const outer = polygon[0];
    if (!outer || outer.length < 3) continue;
    const { area, x, y } = ringCentroid(outer);
    const size = Math.abs(area);
    if (best && size <= best.area) continue;
    let at: LngLat = [x, y];
    if (!inRing(x, y, outer)) {
      const xs = outer.map((p) => p[0] ?? 0);
      const ys = outer.map((p) => p[1] ?? 0);
      at = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    }
    best = { at, area: size };
  }
  return best;
}

/** The anchors of the countries that have a code, largest first. */
export function countryAnchors(features: readonly Feature[]): CountryAnchor[] {
  const anchors: CountryAnchor[] = [];
  for (const f of features) {
    const code = alpha2OfNumeric(f.id);
    const geometry = f.geometry;
    if (!code || !geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) continue;
    const anchor = anchorOf(geometry);
    if (anchor) anchors.push({ code, ...anchor });
  }
  return anchors.sort((a, b) => b.area - a.area);
}

export interface LabelBox {
  code: string;
  /** Screen position of the label's centre, CSS pixels from the map's top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Room kept between two names, in CSS pixels. */
export const LABEL_GAP = 6;

/**
 * Which names to show: in order (largest country first), each name whose box fits inside the map and
 * overlaps no name already shown. Boxes are centred on their anchor.
 */
export function placeLabels(candidates: readonly LabelBox[], view: { width: number; height: number }): LabelBox[] {
  const shown: LabelBox[] = [];
  for (const box of candidates) {
    const left = box.x - box.width / 2;
    const top = box.y - box.height / 2;
    if (left < 0 || top < 0 || left + box.width > view.width || top + box.height > view.height) continue;
    const clashes = shown.some(
      (other) =>
        Math.abs(other.x - box.x) * 2 < other.width + box.width + LABEL_GAP * 2 &&
        Math.abs(other.y - box.y) * 2 < other.height + box.height + LABEL_GAP * 2,
    );
    if (!clashes) shown.push(box);
  }
  return shown;
}

/** A country's name in the page's language ('AE' → "الإمارات العربية المتحدة" in Arabic). */
export { regionName as countryLabel } from '../reference/region-names.ts';
