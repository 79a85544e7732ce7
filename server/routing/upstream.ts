/**
 * One request to a routing server whose answer is an OSRM route response (OSRM itself, Valhalla with
 * format=osrm): a time-out, a failure, an error answer or anything that is not a route becomes a RoutingError.
 */
import {
  ROUTING_TIMEOUT_MS,
  osrmRouteResponseSchema,
  type LatLng,
  type TransportMode,
  type RouteResult,
  type RoutingEngine,
} from '../../src/lib/api/directions/contract.ts';
import { RoutingError, type RoutingService } from './routing-service.ts';

export interface UpstreamOptions {
  /** The server's address, e.g. http://127.0.0.1:5000 (a trailing slash is ignored). */
  url: string;
  /** How long to wait for the whole answer; default ROUTING_TIMEOUT_MS of the contract (spec 2 §9). */
  timeoutMs?: number;
}

/** The base address without trailing slashes. */
export const baseUrl = (url: string): string => url.replace(/\/+$/, '');

/** OSRM codes (which Valhalla also gives with format=osrm) meaning no route between these points. */
const NO_ROUTE_CODES = new Set(['NoRoute', 'NoSegment']);
/** Valhalla's own error codes for the same: no path (442), a point not near a road (171, 443, 444). */
const VALHALLA_NO_ROUTE_ERRORS = new Set([171, 442, 443, 444]);

const isTimeout = (error: unknown) =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

function isNoRoute(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { code, error_code: errorCode } = body as { code?: unknown; error_code?: unknown };
  return (
    (typeof code === 'string' && NO_ROUTE_CODES.has(code)) ||
    (typeof errorCode === 'number' && VALHALLA_NO_ROUTE_ERRORS.has(errorCode))
  );
}

/** GETs `url`, or POSTs `json` to it, and reads the answer as a route. */
export async function requestRoute(
  engine: Exclude<RoutingEngine, 'direct'>,
  url: string,
  timeoutMs: number,
  json?: unknown,
): Promise<RouteResult> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, {
      ...(json === undefined
        ? { method: 'GET', headers: { accept: 'application/json' } }
        : {
            method: 'POST',
            headers: { accept: 'application/json', 'content-type': 'application/json' },
            body: JSON.stringify(json),
          }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = await response.json().catch((error: unknown) => {
      if (isTimeout(error)) throw error;
      return undefined;
    });
  } catch (error) {
    if (isTimeout(error)) throw new RoutingError('timeout', `${engine} did not answer in ${timeoutMs} ms`);
    throw new RoutingError('upstream', `${engine} could not be reached`, { cause: error });
  }
  if (isNoRoute(body)) throw new RoutingError('noRoute', `${engine} found no route`);
  if (!response.ok) throw new RoutingError('upstream', `${engine} answered ${response.status}`);
  const parsed = osrmRouteResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new RoutingError('upstream', `${engine} answered something that is not a route`, { cause: parsed.error });
  }
  return { ...parsed.data, engine, estimate: false };
}

/** A routing server at an address, asked with a time limit: what the OSRM and Valhalla adapters share. */
export abstract class UpstreamRouting implements RoutingService {
  abstract readonly engine: Exclude<RoutingEngine, 'direct'>;
  protected readonly url: string;
  private readonly timeoutMs: number;

  constructor(options: UpstreamOptions) {
    this.url = baseUrl(options.url);
    this.timeoutMs = options.timeoutMs ?? ROUTING_TIMEOUT_MS;
  }

  abstract route(from: LatLng, to: LatLng, mode: TransportMode): Promise<RouteResult>;

  /** GETs `url`, or POSTs `json` to it, within the time limit. */
  protected request(url: string, json?: unknown): Promise<RouteResult> {
    return requestRoute(this.engine, url, this.timeoutMs, json);
  }
}
