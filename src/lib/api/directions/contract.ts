/**
 * Contract of the directions call of the office locator (spec 1 §2.7, spec 2 §7 "Maps service", §9;
 * docs/decisions/020): GET api/v1/directions?from=lat,lng&to=lat,lng&mode=pedestrian|car|publicTransport.
 *
 * The answer has the shape of an OSRM route response (the fields the site uses), whichever engine computed it,
 * plus `engine` and `estimate`. The API checks an upstream engine's answer against the same schema.
 */
import { z } from '../../zod.ts';

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
const lngLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const maneuverSchema = z.object({
  /** OSRM maneuver type: depart, arrive, turn, new name, continue, roundabout, … (unknown types are kept). */
  type: z.string(),
  /** uturn, sharp right, right, slight right, straight, slight left, left, sharp left. */
  modifier: z.string().optional(),
  location: lngLatSchema,
  bearing_before: z.number().optional(),
  bearing_after: z.number().optional(),
  /** The exit to take at a roundabout or rotary (1 is the first). */
  exit: z.number().int().optional(),
});
export type Maneuver = z.infer<typeof maneuverSchema>;

export const routeStepSchema = z.object({
  /** Metres. */
  distance: z.number().min(0),
  /** Seconds. */
  duration: z.number().min(0),
  /** The way's name; empty when it has none. */
  name: z.string().default(''),
  /** The way's reference (road number), when it has one. */
  ref: z.string().optional(),
  /** walking, driving, transit, ferry… as the engine says. */
  mode: z.string(),
  maneuver: maneuverSchema,
});
export type RouteStep = z.infer<typeof routeStepSchema>;

export const routeLegSchema = z.object({
  distance: z.number().min(0),
  duration: z.number().min(0),
  steps: z.array(routeStepSchema),
});

export const lineStringSchema = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(lngLatSchema).min(2),
});

export const routeSchema = z.object({
  distance: z.number().min(0),
  duration: z.number().min(0),
  geometry: lineStringSchema,
  legs: z.array(routeLegSchema).min(1),
});
export type Route = z.infer<typeof routeSchema>;

export const waypointSchema = z.object({
  name: z.string().default(''),
  location: lngLatSchema,
  /** Metres from the asked point to where the route starts or ends. */
  distance: z.number().min(0).optional(),
});

/** A successful OSRM route response, as OSRM (and Valhalla with format=osrm) send it. */
export const osrmRouteResponseSchema = z.object({
  code: z.literal('Ok'),
  routes: z.array(routeSchema).min(1),
  waypoints: z.array(waypointSchema),
});

export const ROUTING_ENGINES = ['osrm', 'valhalla', 'direct'] as const;
export type RoutingEngine = (typeof ROUTING_ENGINES)[number];

/** GET api/v1/directions: the route, the engine that made it and whether it is only an estimate. */
export const routeResultSchema = osrmRouteResponseSchema.extend({
  engine: z.enum(ROUTING_ENGINES),
  /** True for the direct-line estimate: a straight line, no roads; the page says so. */
  estimate: z.boolean(),
});
export type RouteResult = z.infer<typeof routeResultSchema>;

/** `lat,lng` in decimal degrees: in range, and not 0,0 (what a missing position becomes). */
export const coordinatesSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,3}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?$/, 'Give lat,lng in decimal degrees')
  .transform((text) => {
    const [lat, lng] = text.split(',').map(Number) as [number, number];
    return { lat, lng };
  })
  .refine((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180, 'Latitude -90 to 90, longitude -180 to 180')
  .refine((p) => !(p.lat === 0 && p.lng === 0), 'No position (0,0)');

export const directionsQuerySchema = z.object({
  from: coordinatesSchema,
  to: coordinatesSchema,
  mode: transportModeSchema.default(DEFAULT_TRANSPORT_MODE),
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
