/**
 * The route of one way of travel between two points (spec 1 §2.7), a query (src/lib/api/query.ts): asked once per
 * page and kept, so switching back to a mode, or choosing it twice while it loads, asks nothing again; a failure
 * is shown until asked again (`refetch(getDirections)`). The points are written to six decimals (about 0.1 m), so
 * the same office and position are the same route however they were written.
 */
import { query, type Query } from '../api/query.ts';
import {
  ROUTING_TIMEOUT_MS,
  getDirections,
  latLngOf,
  type RoutePoint,
  type TransportMode,
} from '../api/directions/contract.ts';

const coordinate = (p: RoutePoint) => {
  const { lat, lng } = latLngOf(p);
  return `${Number(lat.toFixed(6))},${Number(lng.toFixed(6))}`;
};

export function routeQuery(from: RoutePoint, to: RoutePoint, mode: TransportMode): Query<typeof getDirections> {
  return query(
    getDirections,
    { query: { from: coordinate(from), to: coordinate(to), mode } },
    // The API waits up to ROUTING_TIMEOUT_MS for its engine (a little more here, so its answer arrives); an
    // engine's failure is not asked twice, nor taken from the HTTP cache.
    { timeout: ROUTING_TIMEOUT_MS + 2_000, retry: 0, cache: 'no-store' },
  );
}
