/**
 * The map's style: the embedded offline style (sea, land, borders, places) that needs no request
 * outside the origin, and the places layer that is laid over any style.
 */
import type {
  CircleLayerSpecification,
  ExpressionSpecification,
  GeoJSONSourceSpecification,
  LineLayerSpecification,
  StyleSpecification,
} from 'maplibre-gl';
import { emptyBasemap, type Basemap } from './basemap.ts';
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import type { LngLat, PlacesCollection } from './places.ts';

export const SOURCE = { land: 'land', borders: 'borders', places: 'places', route: 'route', user: 'user' } as const;
export const LAYER = {
  sea: 'sea',
  land: 'land',
  borders: 'borders',
  places: 'places',
  route: 'route',
  user: 'user',
} as const;

/** Width of a drawn route, in CSS pixels (spec 2 §9). */
export const ROUTE_LINE_WIDTH = 4;

export interface MapColours {
  sea: string;
  land: string;
  border: string;
  /** Fill of a place. */
  place: string;
  /** Fill of the selected place. */
  selected: string;
  /** Ring around every place, so it stands out from land and sea alike. */
  halo: string;
  /** The route line and the visitor's position. */
  route: string;
}

/** Light sea and land, a brand blue for places and the brand's accent for the chosen one. */
export const DEFAULT_COLOURS: MapColours = {
  sea: '#cfe2f1',
  land: '#f4f1ea',
  border: '#a59f94',
  place: '#0b5cad',
  selected: '#b84a00',
  halo: '#ffffff',
  route: '#0b5cad',
};

/** Radius of a place and of the selected place, in CSS pixels (the selected one larger). */
export const PLACE_RADIUS = { normal: 6, selected: 10 } as const;

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The page's colours for the places: its brand colour for places and its accent for the selected one
 * (custom properties --brand and --accent), so each brand's map matches its site; anything that is not
 * a plain hex colour keeps the default.
 */
export function coloursFromPage(readProperty: (name: string) => string): MapColours {
  const pick = (name: string, fallback: string) => {
    const value = readProperty(name).trim();
    return HEX_COLOUR.test(value) ? value : fallback;
  };
  return {
    ...DEFAULT_COLOURS,
    place: pick('--brand', DEFAULT_COLOURS.place),
    selected: pick('--accent', DEFAULT_COLOURS.selected),
    route: pick('--brand', DEFAULT_COLOURS.route),
  };
}

export function placesSource(data: PlacesCollection): GeoJSONSourceSpecification {
  return { type: 'geojson', data };
}

/** The places as circles: the selected one larger and in its own colour, drawn above the others. */
export function placesLayer(colours: MapColours): CircleLayerSpecification {
  const selected: ExpressionSpecification = ['==', ['get', 'selected'], true];
  return {
    id: LAYER.places,
    type: 'circle',
    source: SOURCE.places,
    layout: { 'circle-sort-key': ['get', 'order'] },
    paint: {
      'circle-radius': ['case', selected, PLACE_RADIUS.selected, PLACE_RADIUS.normal],
      'circle-color': ['case', selected, colours.selected, colours.place],
      'circle-stroke-color': colours.halo,
      'circle-stroke-width': ['case', selected, 3, 2],
      'circle-pitch-alignment': 'map',
    },
  };
}

/** A line (the route) or a point (the visitor) as GeoJSON; empty while there is none. */
export function lineData(coordinates: readonly LngLat[] | null): Feature<LineString> | FeatureCollection {
  return coordinates && coordinates.length > 1
    ? { type: 'Feature', geometry: { type: 'LineString', coordinates: coordinates.map((c) => [...c]) }, properties: {} }
    : { type: 'FeatureCollection', features: [] };
}

export function pointData(position: LngLat | null): Feature<Point> | FeatureCollection {
  return position
    ? { type: 'Feature', geometry: { type: 'Point', coordinates: [...position] }, properties: {} }
    : { type: 'FeatureCollection', features: [] };
}

/** The route under the places, 4 px wide with round joins. */
export function routeLayer(colours: MapColours): LineLayerSpecification {
  return {
    id: LAYER.route,
    type: 'line',
    source: SOURCE.route,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': colours.route, 'line-width': ROUTE_LINE_WIDTH },
  };
}

/** The visitor's position: a ringed dot in the route's colour. */
export function userLayer(colours: MapColours): CircleLayerSpecification {
  return {
    id: LAYER.user,
    type: 'circle',
    source: SOURCE.user,
    paint: {
      'circle-radius': 7,
      'circle-color': colours.route,
      'circle-stroke-color': colours.halo,
      'circle-stroke-width': 3,
      'circle-pitch-alignment': 'map',
    },
  };
}

/** Sources and layers drawn over any style: route, places, then the visitor on top. */
export function overlaySources(overlay: MapOverlay): Record<string, GeoJSONSourceSpecification> {
  return {
    [SOURCE.route]: { type: 'geojson', data: lineData(overlay.route) },
    [SOURCE.places]: placesSource(overlay.places),
    [SOURCE.user]: { type: 'geojson', data: pointData(overlay.user) },
  };
}

export function overlayLayers(colours: MapColours): (LineLayerSpecification | CircleLayerSpecification)[] {
  return [routeLayer(colours), placesLayer(colours), userLayer(colours)];
}

export interface MapOverlay {
  places: PlacesCollection;
  route: readonly LngLat[] | null;
  user: LngLat | null;
}

function bordersLayer(colours: MapColours): LineLayerSpecification {
  return {
    id: LAYER.borders,
    type: 'line',
    source: SOURCE.borders,
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': colours.border,
      'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 6, 1.2, 10, 1.8],
    },
  };
}

/**
 * The embedded style: no glyphs, sprites or tiles, so the map asks nothing of any server; the base
 * map's GeoJSON is set on its sources (empty until the data has loaded).
 */
export function buildOfflineStyle(options: {
  places: PlacesCollection;
  route?: readonly LngLat[] | null;
  user?: LngLat | null;
  basemap?: Basemap | null;
  colours?: MapColours;
}): StyleSpecification {
  const colours = options.colours ?? DEFAULT_COLOURS;
  const basemap = options.basemap ?? emptyBasemap();
  return {
    version: 8,
    name: 'Offline (Natural Earth)',
    sources: {
      [SOURCE.land]: { type: 'geojson', data: basemap.land, tolerance: 0.2 },
      [SOURCE.borders]: { type: 'geojson', data: basemap.borders, tolerance: 0.2 },
      ...overlaySources({ places: options.places, route: options.route ?? null, user: options.user ?? null }),
    },
    layers: [
      { id: LAYER.sea, type: 'background', paint: { 'background-color': colours.sea } },
      { id: LAYER.land, type: 'fill', source: SOURCE.land, paint: { 'fill-color': colours.land } },
      bordersLayer(colours),
      ...overlayLayers(colours),
    ],
  };
}
