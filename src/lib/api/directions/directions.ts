/**
 * The directions call (spec 2 §7 "Maps service"). Not cached here: the page keeps one promise per transport mode
 * and pair of points (src/lib/directions/route-cache.ts).
 */
import { http } from '../http.ts';
import { call } from '../call.ts';
import {
  ROUTING_TIMEOUT_MS,
  coordinatesParam,
  routeResultSchema,
  type RoutePoint,
  type RouteResult,
  type TransportMode,
} from './contract.ts';

/** The route from `from` to `to` by `mode`, with what computed it and whether it is a direct-line estimate. */
export function getDirections(from: RoutePoint, to: RoutePoint, mode: TransportMode): Promise<RouteResult> {
  return call(routeResultSchema, () =>
    http.get('v1/directions', {
      searchParams: { from: coordinatesParam(from), to: coordinatesParam(to), mode },
      // The API waits up to ROUTING_TIMEOUT_MS for its engine; a little more here, so its answer arrives.
      timeout: ROUTING_TIMEOUT_MS + 2_000,
      retry: 0,
      cache: 'no-store',
    }),
  );
}
