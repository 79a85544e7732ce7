/**
 * OSRM (http://project-osrm.org): GET {url}/route/v1/{profile}/{lng,lat;lng,lat} with the steps and the full
 * GeoJSON line. OSRM routes one profile per server process in practice (foot or driving); public transport is not
 * something it does.
 */
import type { LatLng, TransportMode } from '../../src/lib/api/directions/contract.ts';
import { RoutingError } from './routing-service.ts';
import { UpstreamRouting } from './upstream.ts';

/** OSRM's profile per transport mode; absent: not routed by OSRM. */
export const OSRM_PROFILES: Partial<Record<TransportMode, string>> = { pedestrian: 'foot', car: 'driving' };

const point = (p: LatLng) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;

export class OsrmRouting extends UpstreamRouting {
  readonly engine = 'osrm' as const;

  route(from: LatLng, to: LatLng, mode: TransportMode) {
    const profile = OSRM_PROFILES[mode];
    if (!profile) return Promise.reject(new RoutingError('unsupportedMode', `OSRM does not route ${mode}`));
    const query = 'steps=true&overview=full&geometries=geojson&alternatives=false';
    const url = `${this.url}/route/v1/${profile}/${point(from)};${point(to)}?${query}`;
    return this.request(url);
  }
}
