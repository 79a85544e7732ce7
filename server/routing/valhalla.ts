/**
 * Valhalla (https://valhalla.github.io/valhalla/): POST {url}/route with format=osrm, so the answer has the same
 * OSRM shape, and a GeoJSON line. Valhalla routes every mode: pedestrian, auto, and multimodal (walking and
 * transit, where the server has transit data).
 */
import type { LatLng, TransportMode } from '../../src/lib/api/directions/contract.ts';
import { UpstreamRouting } from './upstream.ts';

/** Valhalla's costing model per transport mode. */
export const VALHALLA_COSTING: Record<TransportMode, string> = {
  pedestrian: 'pedestrian',
  car: 'auto',
  publicTransport: 'multimodal',
};

export class ValhallaRouting extends UpstreamRouting {
  readonly engine = 'valhalla' as const;

  route(from: LatLng, to: LatLng, mode: TransportMode) {
    const body = {
      locations: [
        { lat: from.lat, lon: from.lng },
        { lat: to.lat, lon: to.lng },
      ],
      costing: VALHALLA_COSTING[mode],
      format: 'osrm',
      shape_format: 'geojson',
      // Distances in the OSRM format are metres whatever the units; the units are set for the record.
      // Current Valhalla reads them at the top level, older releases under directions_options.
      units: 'kilometers',
      directions_options: { units: 'kilometers' },
    };
    return this.request(`${this.url}/route`, body);
  }
}
