/**
 * Where the map looks (spec 2 §9: zoom low 2, middle 5 by default, high 17 when going to a place).
 */
import { drawablePlaces, type LngLat, type MapPlace } from './places.ts';

export const MAP_ZOOM = { low: 2, middle: 5, high: 17 } as const;

/** Width of the map when embedded in the tool box (spec 2 §9). */
export const EMBEDDED_MAP_WIDTH = 330;

/** Where to look when there is nothing to show and no fallback: the middle of the inhabited world. */
export const WORLD_CENTER: LngLat = [20, 20];

/** Room kept around the places when the map fits them, in CSS pixels. */
export const FIT_PADDING = 40;

export type MapCamera =
  | { kind: 'point'; center: LngLat; zoom: number }
  /** Fit the box ([west, south], [east, north]) without zooming in further than maxZoom. */
  | { kind: 'bounds'; bounds: [LngLat, LngLat]; maxZoom: number };

/**
 * The camera for a set of places:
 * - the selected place, close up (high);
 * - several places: the box around them, at most at the middle zoom;
 * - one place (or several at the same spot): that place at the middle zoom;
 * - none: the fallback centre, or the world, at the low zoom.
 */
export function chooseCamera(
  places: readonly MapPlace[],
  selectedId?: string | null,
  fallbackCenter?: readonly [number, number],
  focus?: readonly LngLat[] | null,
): MapCamera {
  // A route: all of it in view, however short.
  if (focus && focus.length > 1) {
    const box = boundsOf(focus.map(([lng, lat]) => ({ lng, lat })));
    if (box) return { kind: 'bounds', bounds: box, maxZoom: MAP_ZOOM.high };
  }
  const drawable = drawablePlaces(places);
  const selected = selectedId == null ? undefined : drawable.find((p) => p.id === selectedId);
  if (selected) return { kind: 'point', center: [selected.lng, selected.lat], zoom: MAP_ZOOM.high };

  const first = drawable[0];
  if (!first) {
    const center: LngLat = fallbackCenter ? [fallbackCenter[0], fallbackCenter[1]] : [...WORLD_CENTER];
    return { kind: 'point', center, zoom: MAP_ZOOM.low };
  }

  const box = boundsOf(drawable);
  if (!box) return { kind: 'point', center: [first.lng, first.lat], zoom: MAP_ZOOM.middle };
  return { kind: 'bounds', bounds: box, maxZoom: MAP_ZOOM.middle };
}

/** The box ([west, south], [east, north]) around the points; null when they are all at one spot (or none). */
function boundsOf(points: readonly { lng: number; lat: number }[]): [LngLat, LngLat] | null {
  const first = points[0];
  if (!first) return null;
  let west = first.lng;
  let east = first.lng;
  let south = first.lat;
  let north = first.lat;
  for (const p of points) {
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
  }
  if (west === east && south === north) return null;
  return [
    [west, south],
    [east, north],
  ];
}
