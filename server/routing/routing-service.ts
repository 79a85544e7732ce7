/**
 * Routing behind one interface (docs/decisions/020): whatever computes the route, the answer has the shape of an
 * OSRM route response (src/lib/api/directions/contract.ts), with the engine named and estimates marked.
 */
import type { LatLng, RouteResult, RoutingEngine, TransportMode } from '../../src/lib/api/directions/contract.ts';

export interface RoutingService {
  /** What computes the routes: an OSRM or Valhalla server, or the embedded direct-line estimate. */
  readonly engine: RoutingEngine;
  /** The fastest route from `from` to `to` by `mode`; fails with a RoutingError. */
  route(from: LatLng, to: LatLng, mode: TransportMode): Promise<RouteResult>;
}

/**
 * Why a route could not be given: the engine does not do this mode, found no way, failed or answered something
 * that is not a route, or did not answer in time.
 */
export type RoutingFailure = 'unsupportedMode' | 'noRoute' | 'upstream' | 'timeout';

export class RoutingError extends Error {
  readonly failure: RoutingFailure;

  constructor(failure: RoutingFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RoutingError';
    this.failure = failure;
  }
}
