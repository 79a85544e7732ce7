/**
 * Contract of the directions call of the office locator (spec 1 §2.7, spec 2 §7 "Maps service", §9;
 * docs/decisions/020): GET api/v1/directions?from=lat,lng&to=lat,lng&mode=pedestrian|car|publicTransport.
 *
 * The answer has the shape of an OSRM route response (the fields the site uses), whichever engine computed it,
 * plus `engine` and `estimate`. The API checks an upstream engine's answer against the same schema.
 */
import { z } from '../../zod.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';

/** The transport modes of the office locator; pedestrian is the default (spec 2 §9). */
export const TRANSPORT_MODES = ['pedestrian', 'car', 'publicTransport'] as const;
export const transportModeSchema = z.enum(TRANSPORT_MODES);
export type TransportMode = z.infer<typeof transportModeSchema>;
export const DEFAULT_TRANSPORT_MODE: TransportMode = 'pedestrian';

/** Upstream requests give up after this long (spec 2 §9: 10000 ms). */
export const ROUTING_TIMEOUT_MS = 10_000;

/** Points further apart than this (great-circle metres) get no directions, whatever the engine. */
export const MAX_ROUTE_DISTANCE_M = 1_500_000;

export interface LatLng {
  lat: number;
  lng: number;
}

/** A point as the API takes it ({lat, lng}) or as maps hold it ([lng, lat]). */
export type RoutePoint = LatLng | readonly [lng: number, lat: number];

export const latLngOf = (p: RoutePoint): LatLng => ('lat' in p ? { lat: p.lat, lng: p.lng } : { lat: p[1], lng: p[0] });

/** [longitude, latitude], the order of GeoJSON and OSRM. */
const lngLatSchema = z.tuple([z.number().check(z.gte(-180), z.lte(180)), z.number().check(z.gte(-90), z.lte(90))]);

export const maneuverSchema = z.object({
  /** OSRM maneuver type: depart, arrive, turn, new name, continue, roundabout, … (unknown types are kept). */
  type: z.string(),
  /** uturn, sharp right, right, slight right, straight, slight left, left, sharp left. */
  modifier: z.optional(z.string()),
  location: lngLatSchema,
  bearing_before: z.optional(z.number()),
  bearing_after: z.optional(z.number()),
  /** The exit to take at a roundabout or rotary (1 is the first). */
  exit: z.optional(z.int()),
});
export type Maneuver = z.infer<typeof maneuverSchema>;

export const routeStepSchema = z.object({
  /** Metres. */
  distance: z.number().check(z.gte(0)),
  /** Seconds. */
  duration: z.number().check(z.gte(0)),
  /** The way's name; empty when it has none. */
  name: z._default(z.string(), ''),
  /** The way's reference (road number), when it has one. */
  ref: z.optional(z.string()),
  /** walking, driving, transit, ferry… as the engine says. */
  mode: z.string(),
  maneuver: maneuverSchema,
});
export type RouteStep = z.infer<typeof routeStepSchema>;

export const routeLegSchema = z.object({
  distance: z.number().check(z.gte(0)),
  duration: z.number().check(z.gte(0)),
  steps: z.array(routeStepSchema),
});

export const lineStringSchema = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(lngLatSchema).check(z.minLength(2)),
});

export const routeSchema = z.object({
  distance: z.number().check(z.gte(0)),
  duration: z.number().check(z.gte(0)),
  geometry: lineStringSchema,
  legs: z.array(routeLegSchema).check(z.minLength(1)),
});
export type Route = z.infer<typeof routeSchema>;

export const waypointSchema = z.object({
  name: z._default(z.string(), ''),
  location: lngLatSchema,
  /** Metres from the asked point to where the route starts or ends. */
  distance: z.optional(z.number().check(z.gte(0))),
});

/** A successful OSRM route response, as OSRM (and Valhalla with format=osrm) send it. */
export const osrmRouteResponseSchema = z.object({
  code: z.literal('Ok'),
  routes: z.array(routeSchema).check(z.minLength(1)),
  waypoints: z.array(waypointSchema),
});

export const ROUTING_ENGINES = ['osrm', 'valhalla', 'direct'] as const;
export type RoutingEngine = (typeof ROUTING_ENGINES)[number];

/** GET api/v1/directions: the route, the engine that made it and whether it is only an estimate. */
export const routeResultSchema = z.extend(osrmRouteResponseSchema, {
  engine: z.enum(ROUTING_ENGINES),
  /** True for the direct-line estimate: a straight line, no roads; the page says so. */
  estimate: z.boolean(),
});
export type RouteResult = z.infer<typeof routeResultSchema>;

/** `lat,lng` in decimal degrees: in range, and not 0,0 (what a missing position becomes). */
export const coordinatesSchema = z
  .pipe(
    z
      .string()
      .check(z.trim(), z.regex(/^-?\d{1,3}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?$/, 'Give lat,lng in decimal degrees')),
    z.transform((text) => {
      const [lat, lng] = text.split(',').map(Number) as [number, number];
      return { lat, lng };
    }),
  )
  .check(
    z.refine((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180, 'Latitude -90 to 90, longitude -180 to 180'),
    z.refine((p) => !(p.lat === 0 && p.lng === 0), 'No position (0,0)'),
  );

export const directionsQuerySchema = z.object({
  from: coordinatesSchema,
  to: coordinatesSchema,
  mode: z._default(transportModeSchema, DEFAULT_TRANSPORT_MODE),
});

/** A point as the query writes it: `lat,lng`. */
export const coordinatesParam = (p: RoutePoint): string => {
  const { lat, lng } = latLngOf(p);
  return `${lat},${lng}`;
};

export const DirectionsErrorCode = {
  /** 422: the configured engine does not route this mode (OSRM and public transport). */
  unsupportedMode: 'DIRECTIONS_UNSUPPORTED_MODE',
  /** 422: the points are further apart than MAX_ROUTE_DISTANCE_M. */
  tooFar: 'DIRECTIONS_TOO_FAR',
  /** 404: the engine found no way between the points (or could not place one on a road). */
  noRoute: 'DIRECTIONS_NO_ROUTE',
  /** 502: the engine failed or answered something that is not a route. */
  upstream: 'DIRECTIONS_UPSTREAM',
  /** 504: the engine did not answer in time. */
  timeout: 'DIRECTIONS_TIMEOUT',
} as const;
export type DirectionsErrorCode = (typeof DirectionsErrorCode)[keyof typeof DirectionsErrorCode];

export const getDirections = endpoint({
  tag: 'Directions',
  summary: 'The route between two points by a transport mode, in the OSRM shape, from the configured engine',
  description:
    'Limited per caller address (429). 422 when the points are further apart than the limit or the engine ' +
    'does not route the mode; 502 and 504 when the engine fails or does not answer in time.',
  method: 'GET',
  path: 'api/v1/directions',
  query: directionsQuerySchema,
  answer: routeResultSchema,
  errors: {
    404: [DirectionsErrorCode.noRoute],
    422: [DirectionsErrorCode.tooFar, DirectionsErrorCode.unsupportedMode],
    429: [ErrorCode.tooManyAttempts],
    502: [DirectionsErrorCode.upstream],
    504: [DirectionsErrorCode.timeout],
  },
});
