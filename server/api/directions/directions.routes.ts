/**
 * Directions for the office locator (spec 1 §2.7, spec 2 §7 "Maps service"; docs/decisions/020):
 * GET api/v1/directions?from=lat,lng&to=lat,lng&mode=pedestrian|car|publicTransport answers a route in the OSRM
 * shape from the configured engine (an OSRM or Valhalla server, else the direct-line estimate).
 *
 * Open to visitors. Every call counts against the caller's address (an IPv6 address by its /64), so the API can't
 * be used as a free routing service; points further apart than MAX_ROUTE_DISTANCE_M are refused before any engine
 * is asked.
 */
import { DirectionsErrorCode, MAX_ROUTE_DISTANCE_M, getDirections } from '../../../src/lib/api/directions/contract.ts';
import type { Limit } from '../../auth/throttle.ts';
import { haversineMetres } from '../../routing/direct-line.ts';
import { RoutingError, type RoutingFailure } from '../../routing/routing-service.ts';
import { clientAddress } from '../client-address.ts';
import { HttpError } from '../http-errors.ts';
import { throttleFirst } from '../throttle-first.ts';
import type { ApiRouter } from '../router.ts';
import { trackingKey } from '../tracking/tracking.routes.ts';

/** Routes asked per address in a window: a visitor trying every mode for a few offices stays well inside. */
export const DIRECTIONS_LIMIT: Limit = { max: 120, windowSeconds: 600 };

/** The throttle key of an address (IPv6 by its /64, as tracking counts them). */
export const directionsKey = (address: string): string => trackingKey(address).replace(/^tracking:/, 'directions:');

/** The answer to each routing failure. */
const FAILURES: Record<RoutingFailure, { status: 404 | 422 | 502 | 504; code: string; message: string }> = {
  unsupportedMode: {
    status: 422,
    code: DirectionsErrorCode.unsupportedMode,
    message: 'The routing engine does not route this mode',
  },
  noRoute: { status: 404, code: DirectionsErrorCode.noRoute, message: 'No route between these points' },
  upstream: { status: 502, code: DirectionsErrorCode.upstream, message: 'The routing engine failed' },
  timeout: { status: 504, code: DirectionsErrorCode.timeout, message: 'The routing engine did not answer in time' },
};

/** Every call counts, a refused one too, before its query is even read. */
const throttled = throttleFirst((c) => directionsKey(clientAddress(c)), DIRECTIONS_LIMIT);

export function directionsRoutes(router: ApiRouter): void {
  router.handle(
    getDirections,
    async (c, { query: { from, to, mode } }) => {
      const { routing, logger } = c.var.deps;
      // The page keeps each mode's route itself (src/lib/directions/route-query.ts).
      c.header('Cache-Control', 'private, no-store');
      if (haversineMetres(from, to) > MAX_ROUTE_DISTANCE_M) {
        throw new HttpError(422, {
          code: DirectionsErrorCode.tooFar,
          message: `Directions only within ${MAX_ROUTE_DISTANCE_M / 1000} km`,
        });
      }
      try {
        return await routing.route(from, to, mode);
      } catch (error) {
        if (!(error instanceof RoutingError)) throw error;
        const answer = FAILURES[error.failure];
        // Spec 2 §8: route failures are only logged (no positions in the log).
        const level = error.failure === 'upstream' || error.failure === 'timeout' ? 'warn' : 'info';
        logger[level]({ engine: routing.engine, mode, failure: error.failure, err: error }, 'route not given');
        throw new HttpError(answer.status, { code: answer.code, message: answer.message });
      }
    },
    { before: [throttled] },
  );
}
