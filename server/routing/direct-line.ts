/**
 * The embedded routing engine when no routing server is configured: an honest direct-line estimate. The line is
 * the great circle from start to end, the distance its length, the time that distance at a typical speed of the
 * mode, and the steps only depart and arrive: no roads are known, so no turns are invented. The answer says
 * `engine: 'direct'` and `estimate: true`, and the page says it is a direct-line estimate.
 */
import type { LatLng, RouteResult, TransportMode } from '../../src/lib/api/directions/contract.ts';
import type { RoutingService } from './routing-service.ts';

/** Mean Earth radius in metres (IUGG). */
export const EARTH_RADIUS_M = 6_371_008.8;

/** Typical door-to-door speeds used for the estimate, km/h. */
export const DIRECT_LINE_SPEEDS_KMH: Record<TransportMode, number> = {
  pedestrian: 5,
  car: 40,
  publicTransport: 20,
};

/** The OSRM step mode of each transport mode. */
const STEP_MODES: Record<TransportMode, string> = { pedestrian: 'walking', car: 'driving', publicTransport: 'transit' };

/** The line has a point about every kilometre, 100 points at most. */
const POINT_SPACING_M = 1000;
const MAX_POINTS = 100;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance in metres (haversine). */
export function haversineMetres(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from `a` towards `b`, whole degrees 0–359 (0 north, 90 east). */
export function initialBearing(a: LatLng, b: LatLng): number {
  const phi1 = rad(a.lat);
  const phi2 = rad(b.lat);
  const dLambda = rad(b.lng - a.lng);
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  return Math.round((deg(Math.atan2(y, x)) + 360) % 360) % 360;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The great circle from `a` to `b` as [lng, lat] points: both ends and a point about every kilometre between. */
export function greatCircleLine(a: LatLng, b: LatLng): [number, number][] {
  const distance = haversineMetres(a, b);
  const segments = Math.min(MAX_POINTS - 1, Math.max(1, Math.ceil(distance / POINT_SPACING_M)));
  const delta = distance / EARTH_RADIUS_M;
  const [phi1, lambda1, phi2, lambda2] = [rad(a.lat), rad(a.lng), rad(b.lat), rad(b.lng)];
  const line: [number, number][] = [[a.lng, a.lat]];
  for (let i = 1; i < segments; i++) {
    // Spherical interpolation between the two unit vectors.
    const f = i / segments;
    const A = Math.sin((1 - f) * delta) / Math.sin(delta);
    const B = Math.sin(f * delta) / Math.sin(delta);
    const x = A * Math.cos(phi1) * Math.cos(lambda1) + B * Math.cos(phi2) * Math.cos(lambda2);
    const y = A * Math.cos(phi1) * Math.sin(lambda1) + B * Math.cos(phi2) * Math.sin(lambda2);
    const z = A * Math.sin(phi1) + B * Math.sin(phi2);
    line.push([round6(deg(Math.atan2(y, x))), round6(deg(Math.atan2(z, Math.hypot(x, y))))]);
  }
  line.push([b.lng, b.lat]);
  return line;
}

const tenth = (n: number) => Math.round(n * 10) / 10;

/** The direct-line estimate from `from` to `to` by `mode`, in the OSRM shape. */
export function directLineRoute(from: LatLng, to: LatLng, mode: TransportMode): RouteResult {
  const distance = tenth(haversineMetres(from, to));
  const duration = tenth(distance / ((DIRECT_LINE_SPEEDS_KMH[mode] * 1000) / 3600));
  const heading = initialBearing(from, to);
  // The heading on arrival: the reverse of the initial bearing from the end back to the start.
  const arrivalHeading = (initialBearing(to, from) + 180) % 360;
  const stepMode = STEP_MODES[mode];
  return {
    code: 'Ok',
    routes: [
      {
        distance,
        duration,
        geometry: { type: 'LineString', coordinates: greatCircleLine(from, to) },
        legs: [
          {
            distance,
            duration,
            steps: [
              {
                distance,
                duration,
                name: '',
                mode: stepMode,
                maneuver: { type: 'depart', location: [from.lng, from.lat], bearing_before: 0, bearing_after: heading },
              },
              {
                distance: 0,
                duration: 0,
                name: '',
                mode: stepMode,
                maneuver: {
                  type: 'arrive',
                  location: [to.lng, to.lat],
                  bearing_before: arrivalHeading,
                  bearing_after: 0,
                },
              },
            ],
          },
        ],
      },
    ],
    waypoints: [
      { name: '', location: [from.lng, from.lat], distance: 0 },
      { name: '', location: [to.lng, to.lat], distance: 0 },
    ],
    engine: 'direct',
    estimate: true,
  };
}

export class DirectLineRouting implements RoutingService {
  readonly engine = 'direct' as const;

  route(from: LatLng, to: LatLng, mode: TransportMode): Promise<RouteResult> {
    return Promise.resolve(directLineRoute(from, to, mode));
  }
}
