/**
 * Places on a map: the shape the map island takes, which of them can be drawn, and the GeoJSON the
 * places layer draws.
 */
import type { Feature, FeatureCollection, Point } from 'geojson';

/** A place to show: an office, a pickup point. */
export interface MapPlace {
  id: string;
  lat: number;
  lng: number;
  name: string;
}

/** A position as maps take it: longitude first. */
export type LngLat = [lng: number, lat: number];

export interface PlaceProperties {
  id: string;
  name: string;
  selected: boolean;
  /** Drawing order: the selected place above the others. */
  order: number;
}

export type PlacesCollection = FeatureCollection<Point, PlaceProperties>;

/** Whether a place has a position on Earth (a missing or mistyped coordinate is not drawn). */
export function hasPosition(place: MapPlace): boolean {
  return (
    Number.isFinite(place.lat) && Number.isFinite(place.lng) && Math.abs(place.lat) <= 90 && Math.abs(place.lng) <= 180
  );
}

/** The places that can be drawn, in the order given. */
export function drawablePlaces(places: readonly MapPlace[]): MapPlace[] {
  return places.filter(hasPosition);
}

/** The places layer's data: one point a place, the selected one flagged and drawn last (on top). */
export function placesToGeoJson(places: readonly MapPlace[], selectedId?: string | null): PlacesCollection {
  const features: Feature<Point, PlaceProperties>[] = drawablePlaces(places).map((place) => {
    const selected = selectedId != null && place.id === selectedId;
    return {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
      properties: { id: place.id, name: place.name, selected, order: selected ? 1 : 0 },
    };
  });
  // Later features are drawn above earlier ones; the sort key says the same to the renderer.
  features.sort((a, b) => a.properties.order - b.properties.order);
  return { type: 'FeatureCollection', features };
}
