/**
 * The embedded base map: land and country borders from Natural Earth (public domain), as the
 * world-atlas package ships them in TopoJSON. The file is a same-origin asset fetched only when a map
 * is shown, and turned here into the GeoJSON the offline style draws.
 */
import { feature, mesh } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry, MultiLineString } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { countryAnchors, type CountryAnchor } from './labels.ts';

export interface CountryProperties {
  name: string;
}

/** world-atlas' countries file: the countries and the land they make up. */
export type CountriesTopology = Topology<{
  countries: GeometryCollection<CountryProperties>;
  land: GeometryCollection;
}>;

export interface Basemap {
  land: FeatureCollection;
  /** The borders between two countries (coasts are the land's edge, not a border). */
  borders: Feature<MultiLineString>;
  /** Where each country's name goes, largest country first. */
  countries: CountryAnchor[];
}

function isGeometryCollection(value: unknown): value is GeometryCollection {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'GeometryCollection' &&
    Array.isArray((value as { geometries?: unknown }).geometries)
  );
}

/** Whether a parsed file is a countries topology this module can draw. */
export function isCountriesTopology(value: unknown): value is CountriesTopology {
  if (typeof value !== 'object' || value === null) return false;
  const topology = value as { type?: unknown; arcs?: unknown; objects?: { countries?: unknown; land?: unknown } };
  return (
    topology.type === 'Topology' &&
    Array.isArray(topology.arcs) &&
    typeof topology.objects === 'object' &&
    topology.objects !== null &&
    isGeometryCollection(topology.objects.countries) &&
    isGeometryCollection(topology.objects.land)
  );
}

/** The land and the borders between countries, as GeoJSON. */
export function topologyToBasemap(topology: CountriesTopology): Basemap {
  const land = feature(topology, topology.objects.land) as FeatureCollection<Geometry>;
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  const countries = feature(topology, topology.objects.countries) as FeatureCollection<Geometry>;
  return {
    land,
    borders: { type: 'Feature', geometry: borders, properties: {} },
    countries: countryAnchors(countries.features),
  };
}

/** An empty base map: the sea alone, while the data loads. */
export function emptyBasemap(): Basemap {
  return {
    land: { type: 'FeatureCollection', features: [] },
    borders: { type: 'Feature', geometry: { type: 'MultiLineString', coordinates: [] }, properties: {} },
    countries: [],
  };
}

/** Fetches the countries file (same origin) and turns it into the base map; rejects on any failure. */
export async function loadBasemap(
  url: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<Basemap> {
  const response = await fetchImpl(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The map data answered ${response.status}`);
  const data: unknown = await response.json();
  if (!isCountriesTopology(data)) throw new Error('The map data is not a countries topology');
  return topologyToBasemap(data);
}
