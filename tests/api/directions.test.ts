import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { parseEnv } from '../../server/env.ts';
import { DIRECTIONS_LIMIT, directionsKey } from '../../server/api/directions/directions.routes.ts';
import { createRoutingService } from '../../server/routing/create-routing.ts';
import { DIRECT_LINE_SPEEDS_KMH } from '../../server/routing/direct-line.ts';
import { OsrmRouting } from '../../server/routing/osrm.ts';
import { ValhallaRouting } from '../../server/routing/valhalla.ts';
import type { RoutingService } from '../../server/routing/routing-service.ts';
import {
  DirectionsErrorCode,
  MAX_ROUTE_DISTANCE_M,
  routeResultSchema,
  type LatLng,
  type RouteResult,
} from '../../src/lib/api/directions/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { instructionFor } from '../../src/lib/directions/instructions.ts';

/** The test's own haversine (mean Earth radius), independent of the server's. */
function metresBetween(a: LatLng, b: LatLng): number {
  const R = 6_371_008.8;
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLng = (b.lng - a.lng) * toRad;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(s));
}
const at = ([lng, lat]: readonly [number, number]): LatLng => ({ lat, lng });

// An office in Amman and a visitor 1.8 km away; Aqaba (about 290 km), Cairo (about 490 km), London (about 3,700 km).
const VISITOR = { lat: 31.9539, lng: 35.9106 };
const OFFICE = { lat: 31.9454, lng: 35.9284 };
const AQABA = { lat: 29.5321, lng: 35.0063 };
const LONDON = { lat: 51.5072, lng: -0.1276 };
const q = (p: LatLng) => `${p.lat},${p.lng}`;
const path = (from: LatLng | string, to: LatLng | string, mode?: string) =>
  `/api/v1/directions?from=${typeof from === 'string' ? from : q(from)}&to=${typeof to === 'string' ? to : q(to)}${
    mode === undefined ? '' : `&mode=${mode}`
  }`;

let addresses = 0;
/** A fresh caller address per test, so one test's use of the limit does not touch another. */
const nextAddress = () => `198.51.100.${++addresses}`;

describe.each(BACKENDS)('directions API on %s (direct-line estimate, the default)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const get = (url: string, from = nextAddress()) => t.request(url, { from });

  it('answers the great-circle estimate in the OSRM shape: haversine distance, depart and arrive only', async () => {
    const res = await get(path(VISITOR, OFFICE, 'pedestrian'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = routeResultSchema.parse(await res.json());
    expect(body).toMatchObject({ code: 'Ok', engine: 'direct', estimate: true });
    const [route] = body.routes;
    const expected = metresBetween(VISITOR, OFFICE);
    expect(expected).toBeGreaterThan(1500);
    expect(route!.distance).toBeCloseTo(expected, 0);
    // 5 km/h on foot.
    expect(route!.duration).toBeCloseTo(expected / (5000 / 3600), 0);
    const steps = route!.legs.flatMap((leg) => leg.steps);
    expect(steps.map((s) => s.maneuver.type)).toEqual(['depart', 'arrive']);
    expect(steps[0]!.maneuver.location).toEqual([VISITOR.lng, VISITOR.lat]);
    expect(steps[1]!.maneuver.location).toEqual([OFFICE.lng, OFFICE.lat]);
    expect(steps.every((s) => s.maneuver.modifier === undefined)).toBe(true);
    // The office is to the south-east: the first instruction says so, and names no street it does not know.
    expect(instructionFor(steps[0]!).key).toBe('directions.maneuver.depart.southeast');
    expect(instructionFor(steps[1]!).key).toBe('directions.maneuver.arrive.default');
    const line = route!.geometry.coordinates;
    expect(line[0]).toEqual([VISITOR.lng, VISITOR.lat]);
    expect(line.at(-1)).toEqual([OFFICE.lng, OFFICE.lat]);
    // A point about every kilometre: 1.8 km gives two segments.
    expect(line).toHaveLength(3);
    expect(body.waypoints.map((w) => w.location)).toEqual([
      [VISITOR.lng, VISITOR.lat],
      [OFFICE.lng, OFFICE.lat],
    ]);
  });

  it('draws a long line on the great circle with at most 100 points', async () => {
    const body = routeResultSchema.parse(await (await get(path(VISITOR, AQABA, 'car'))).json());
    const [route] = body.routes;
    const line = route!.geometry.coordinates;
    expect(line).toHaveLength(100);
    // Points on the great circle: the segments add up to the whole distance, in about equal parts.
    const segments = line.slice(1).map((p, i) => metresBetween(at(line[i]!), at(p)));
    const sum = segments.reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(metresBetween(VISITOR, AQABA), -1);
    expect(Math.max(...segments) - Math.min(...segments)).toBeLessThan(5);
    expect(route!.duration).toBeCloseTo(route!.distance / ((DIRECT_LINE_SPEEDS_KMH.car * 1000) / 3600), 0);
  });

  it('uses a typical speed per mode and defaults to walking', async () => {
    const durations: Record<string, number> = {};
    for (const mode of ['pedestrian', 'car', 'publicTransport', undefined]) {
      const body = routeResultSchema.parse(await (await get(path(VISITOR, OFFICE, mode))).json());
      durations[mode ?? 'none'] = body.routes[0]!.duration;
    }
    const distance = metresBetween(VISITOR, OFFICE);
    expect(durations.car).toBeCloseTo(distance / (40_000 / 3600), 0);
    expect(durations.publicTransport).toBeCloseTo(distance / (20_000 / 3600), 0);
    expect(durations.none).toBe(durations.pedestrian);
  });

  it('answers the same point as a route of 0 m', async () => {
    const body = routeResultSchema.parse(await (await get(path(OFFICE, OFFICE))).json());
    expect(body.routes[0]!.distance).toBe(0);
    expect(body.routes[0]!.geometry.coordinates).toHaveLength(2);
  });

  it.each([
    ['from missing', '/api/v1/directions?to=31.9454,35.9284', 'from'],
    ['to missing', '/api/v1/directions?from=31.9454,35.9284', 'to'],
    ['latitude out of range', path('91,35.9', OFFICE), 'from'],
    ['longitude out of range', path(VISITOR, '31.9,180.5'), 'to'],
    ['no position (0,0)', path('0,0', OFFICE), 'from'],
    ['0,0 written with decimals', path(VISITOR, '0.0,-0.000'), 'to'],
    ['not a coordinate', path('amman', OFFICE), 'from'],
    ['one number only', path('31.95', OFFICE), 'from'],
    ['unknown mode', path(VISITOR, OFFICE, 'bicycle'), 'mode'],
  ])('refuses %s with 400 naming the field', async (_name, url, field) => {
    const res = await get(url);
    expect(res.status).toBe(400);
    const body = apiErrorSchema.parse(await res.json());
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.fieldErrors ?? {})).toEqual([field]);
  });

  it('refuses points more than 1,500 km apart with 422 tooFar', async () => {
    expect(metresBetween(VISITOR, LONDON)).toBeGreaterThan(MAX_ROUTE_DISTANCE_M);
    const res = await get(path(VISITOR, LONDON));
    expect(res.status).toBe(422);
    expect(apiErrorSchema.parse(await res.json()).code).toBe(DirectionsErrorCode.tooFar);
    // Just inside the limit is answered: about 1,490 km due north of Amman.
    const north = { lat: VISITOR.lat + 1_490_000 / 111_195, lng: VISITOR.lng };
    expect(metresBetween(VISITOR, north)).toBeLessThan(MAX_ROUTE_DISTANCE_M);
    expect((await get(path(VISITOR, north))).status).toBe(200);
  });

  it('limits calls per address and answers 429 with Retry-After, then lets the address in again', async () => {
    const from = nextAddress();
    for (let i = 0; i < DIRECTIONS_LIMIT.max; i++) {
      // Invalid calls count too.
      const res = await get(i % 3 ? path(VISITOR, OFFICE) : path('0,0', OFFICE), from);
      expect(res.status).not.toBe(429);
    }
    const limited = await get(path(VISITOR, OFFICE), from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(await limited.json()).code).toBe('TOO_MANY_ATTEMPTS');
    expect((await get(path(VISITOR, OFFICE))).status).toBe(200);
    t.advance(DIRECTIONS_LIMIT.windowSeconds * 1000);
    expect((await get(path(VISITOR, OFFICE), from)).status).toBe(200);
  });

  it('counts an IPv6 caller by its /64, apart from tracking', () => {
    expect(directionsKey('2001:db8:1:2:3:4:5:6')).toBe(directionsKey('2001:db8:1:2:ffff::1'));
    expect(directionsKey('2001:db8:1:2::9')).not.toBe(directionsKey('2001:db8:1:3::9'));
    expect(directionsKey('192.0.2.7')).toBe('directions:192.0.2.7');
  });
});

/** A routing server stand-in: records each request and answers as the test says. */
interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}
type Answer = (req: IncomingMessage, res: ServerResponse) => void;

async function fakeServer(): Promise<{
  url: string;
  received: Received[];
  answer: (a: Answer) => void;
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  let answer: Answer = (_req, res) => res.writeHead(500).end();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString(),
      });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (a) => {
      answer = a;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json =
  (status: number, body: unknown): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

/** What OSRM answers for a short walk (trimmed), with the fields the contract does not keep. */
const OSRM_ANSWER = {
  code: 'Ok',
  routes: [
    {
      geometry: {
        type: 'LineString',
        coordinates: [
          [35.9106, 31.9539],
          [35.915, 31.952],
          [35.921, 31.948],
          [35.9284, 31.9454],
        ],
      },
      legs: [
        {
          steps: [
            {
              geometry: { type: 'LineString', coordinates: [] },
              maneuver: { bearing_after: 118, bearing_before: 0, location: [35.9106, 31.9539], type: 'depart' },
              mode: 'walking',
              driving_side: 'right',
              name: 'Rainbow Street',
              intersections: [{ out: 0, entry: [true], bearings: [118], location: [35.9106, 31.9539] }],
              weight: 101.2,
              duration: 101.2,
              distance: 140.5,
            },
            {
              maneuver: {
                bearing_after: 95,
                bearing_before: 118,
                location: [35.915, 31.952],
                modifier: 'left',
                type: 'turn',
              },
              mode: 'walking',
              name: 'King Hussein Street',
              ref: '',
              weight: 800,
              duration: 800,
              distance: 1100,
            },
            {
              maneuver: {
                bearing_after: 130,
                bearing_before: 95,
                location: [35.921, 31.948],
                modifier: 'right',
                type: 'roundabout',
                exit: 2,
              },
              mode: 'walking',
              name: '',
              ref: '35',
              weight: 300,
              duration: 300,
              distance: 420,
            },
            {
              maneuver: {
                bearing_after: 0,
                bearing_before: 130,
                location: [35.9284, 31.9454],
                modifier: 'right',
                type: 'arrive',
              },
              mode: 'walking',
              name: 'Zahran Street',
              weight: 0,
              duration: 0,
              distance: 0,
            },
          ],
          summary: 'Rainbow Street, King Hussein Street',
          weight: 1201.2,
          duration: 1201.2,
          distance: 1660.5,
        },
      ],
      weight_name: 'duration',
      weight: 1201.2,
      duration: 1201.2,
      distance: 1660.5,
    },
  ],
  waypoints: [
    { hint: 'AAAA', distance: 3.2, name: 'Rainbow Street', location: [35.9106, 31.9539] },
    { hint: 'BBBB', distance: 1.1, name: 'Zahran Street', location: [35.9284, 31.9454] },
  ],
};

describe('routing servers behind the same API', () => {
  let database: Database;
  let distDir: string;
  let upstream: Awaited<ReturnType<typeof fakeServer>>;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    distDir = mkdtempSync(join(tmpdir(), 'dist-'));
    upstream = await fakeServer();
  });
  afterAll(async () => {
    await upstream.close();
    await database.close();
    rmSync(distDir, { recursive: true, force: true });
  });
  afterEach(() => {
    upstream.received.length = 0;
  });

  /** The app with `routing`; each call from a fresh address. */
  const appWith = (routing: RoutingService) => {
    const app = createApp({
      brand: 'shipbox',
      distDir,
      db: database.db,
      logger: createLogger('silent'),
      trustProxy: true,
      routing,
    });
    return (url: string) =>
      Promise.resolve(
        app.request(url, { headers: { 'x-forwarded-for': nextAddress(), 'sec-fetch-site': 'same-origin' } }),
      );
  };
  const errorCode = async (res: Response) => apiErrorSchema.parse(await res.json()).code;

  describe('OSRM', () => {
    it('asks GET /route/v1/{profile}/{lng,lat;lng,lat} with steps and a GeoJSON line, and answers its route', async () => {
      upstream.answer(json(200, OSRM_ANSWER));
      const get = appWith(new OsrmRouting({ url: upstream.url }));
      const res = await get(path(VISITOR, OFFICE, 'pedestrian'));
      expect(res.status).toBe(200);
      const text = await res.text();
      const body: RouteResult = routeResultSchema.parse(JSON.parse(text));

      expect(upstream.received).toHaveLength(1);
      const asked = new URL(upstream.received[0]!.url, upstream.url);
      expect(upstream.received[0]!.method).toBe('GET');
      expect(asked.pathname).toBe('/route/v1/foot/35.910600,31.953900;35.928400,31.945400');
      expect(Object.fromEntries(asked.searchParams)).toEqual({
        steps: 'true',
        overview: 'full',
        geometries: 'geojson',
        alternatives: 'false',
      });

      expect(body).toMatchObject({ code: 'Ok', engine: 'osrm', estimate: false });
      expect(body.routes[0]!.distance).toBe(1660.5);
      expect(body.routes[0]!.geometry.coordinates).toHaveLength(4);
      const steps = body.routes[0]!.legs[0]!.steps;
      expect(steps.map((s) => [s.maneuver.type, s.maneuver.modifier ?? null, s.name])).toEqual([
        ['depart', null, 'Rainbow Street'],
        ['turn', 'left', 'King Hussein Street'],
        ['roundabout', 'right', ''],
        ['arrive', 'right', 'Zahran Street'],
      ]);
      // The site's own instructions, from the maneuvers.
      expect(steps.map((s) => instructionFor(s))).toEqual([
        { key: 'directions.maneuver.depart.southeast.name', values: { name: 'Rainbow Street' } },
        { key: 'directions.maneuver.turn.left.name', values: { name: 'King Hussein Street' } },
        { key: 'directions.maneuver.roundabout.exit.name', values: { name: '35', exit: 2 } },
        { key: 'directions.maneuver.arrive.right.name', values: { name: 'Zahran Street' } },
      ]);
      // Only the contract's fields reach the site.
      for (const field of ['intersections', 'weight', 'hint', 'summary', 'driving_side']) {
        expect(text).not.toContain(`"${field}"`);
      }
    });

    it('asks the driving profile for a car, under a path prefix too', async () => {
      upstream.answer(json(200, OSRM_ANSWER));
      const get = appWith(new OsrmRouting({ url: `${upstream.url}/osrm/` }));
      expect((await get(path(VISITOR, OFFICE, 'car'))).status).toBe(200);
      expect(new URL(upstream.received[0]!.url, upstream.url).pathname).toBe(
        '/osrm/route/v1/driving/35.910600,31.953900;35.928400,31.945400',
      );
    });

    it('answers 422 unsupportedMode for public transport without asking OSRM', async () => {
      const get = appWith(new OsrmRouting({ url: upstream.url }));
      const res = await get(path(VISITOR, OFFICE, 'publicTransport'));
      expect(res.status).toBe(422);
      expect(await errorCode(res)).toBe(DirectionsErrorCode.unsupportedMode);
      expect(upstream.received).toHaveLength(0);
    });

    it('refuses points too far apart before asking OSRM', async () => {
      const get = appWith(new OsrmRouting({ url: upstream.url }));
      const res = await get(path(VISITOR, LONDON, 'car'));
      expect(res.status).toBe(422);
      expect(await errorCode(res)).toBe(DirectionsErrorCode.tooFar);
      expect(upstream.received).toHaveLength(0);
    });

    it.each([
      ['NoRoute', 400, { code: 'NoRoute', message: 'Impossible route between points' }],
      ['NoSegment', 400, { code: 'NoSegment', message: 'Could not find a matching segment' }],
    ])('answers 404 noRoute when OSRM says %s', async (_name, status, answer) => {
      upstream.answer(json(status, answer));
      const res = await appWith(new OsrmRouting({ url: upstream.url }))(path(VISITOR, OFFICE));
      expect(res.status).toBe(404);
      expect(await errorCode(res)).toBe(DirectionsErrorCode.noRoute);
    });

    it.each<[string, Answer]>([
      ['a server error', json(500, { message: 'boom' })],
      ['another error code', json(400, { code: 'InvalidQuery', message: 'Query string malformed' })],
      ['something that is not JSON', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>')],
      [
        'a route with an encoded polyline',
        json(200, { ...OSRM_ANSWER, routes: [{ ...OSRM_ANSWER.routes[0], geometry: 'o}~tEw`bwE' }] }),
      ],
      ['Ok without routes', json(200, { code: 'Ok', routes: [], waypoints: [] })],
    ])('answers 502 upstream for %s', async (_name, answer) => {
      upstream.answer(answer);
      const res = await appWith(new OsrmRouting({ url: upstream.url }))(path(VISITOR, OFFICE));
      expect(res.status).toBe(502);
      expect(await errorCode(res)).toBe(DirectionsErrorCode.upstream);
    });

    it('answers 502 upstream when nothing listens', async () => {
      const closed = await fakeServer();
      await closed.close();
      const res = await appWith(new OsrmRouting({ url: closed.url }))(path(VISITOR, OFFICE));
      expect(res.status).toBe(502);
      expect(await errorCode(res)).toBe(DirectionsErrorCode.upstream);
    });

    it('gives up after its time-out and answers 504 timeout', async () => {
      // Never answers (the connection is closed when the server closes).
      upstream.answer(() => undefined);
      const get = appWith(new OsrmRouting({ url: upstream.url, timeoutMs: 150 }));
      const started = performance.now();
      const res = await get(path(VISITOR, OFFICE));
      expect(performance.now() - started).toBeLessThan(3000);
      expect(res.status).toBe(504);
      expect(await errorCode(res)).toBe(DirectionsErrorCode.timeout);
    });

    it('gives up on an answer that starts but never ends', async () => {
      upstream.answer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"code":"Ok","routes":[');
      });
      const res = await appWith(new OsrmRouting({ url: upstream.url, timeoutMs: 150 }))(path(VISITOR, OFFICE));
      expect(res.status).toBe(504);
    });
  });

  describe('Valhalla (format=osrm)', () => {
    it.each([
      ['pedestrian', 'pedestrian'],
      ['car', 'auto'],
      ['publicTransport', 'multimodal'],
    ])('asks POST /route with %s as costing %s, the OSRM format and a GeoJSON shape', async (mode, costing) => {
      upstream.answer(json(200, OSRM_ANSWER));
      const res = await appWith(new ValhallaRouting({ url: upstream.url }))(path(VISITOR, OFFICE, mode));
      expect(res.status).toBe(200);
      const body = routeResultSchema.parse(await res.json());
      expect(body).toMatchObject({ engine: 'valhalla', estimate: false });
      expect(body.routes[0]!.legs[0]!.steps).toHaveLength(4);

      const [request] = upstream.received;
      expect(request!.method).toBe('POST');
      expect(request!.url).toBe('/route');
      expect(request!.contentType).toBe('application/json');
      expect(JSON.parse(request!.body)).toMatchObject({
        locations: [
          { lat: VISITOR.lat, lon: VISITOR.lng },
          { lat: OFFICE.lat, lon: OFFICE.lng },
        ],
        costing,
        format: 'osrm',
        shape_format: 'geojson',
        directions_options: { units: 'kilometers' },
      });
    });

    it.each([
      ['its OSRM-format code', { code: 'NoRoute', message: 'Impossible route between points' }],
      ['its own error code', { error_code: 442, error: 'No path could be found for input', status_code: 400 }],
    ])('answers 404 noRoute when Valhalla finds none (%s)', async (_name, answer) => {
      upstream.answer(json(400, answer));
      const res = await appWith(new ValhallaRouting({ url: upstream.url }))(path(VISITOR, OFFICE, 'car'));
      expect(res.status).toBe(404);
      expect(await errorCode(res)).toBe(DirectionsErrorCode.noRoute);
    });

    it('answers 502 upstream for a Valhalla failure and 504 when it is too slow', async () => {
      upstream.answer(json(500, { error_code: 500, error: 'Failed to parse intermediate request format' }));
      const failed = await appWith(new ValhallaRouting({ url: upstream.url }))(path(VISITOR, OFFICE));
      expect(failed.status).toBe(502);
      upstream.answer(() => undefined);
      const slow = await appWith(new ValhallaRouting({ url: upstream.url, timeoutMs: 150 }))(path(VISITOR, OFFICE));
      expect(slow.status).toBe(504);
    });
  });

  describe('configuration', () => {
    it('reads ROUTING_URL and ROUTING_ENGINE (osrm by default) and builds that engine', () => {
      const none = parseEnv({});
      expect(none.ROUTING_URL).toBeUndefined();
      expect(createRoutingService({ url: none.ROUTING_URL, engine: none.ROUTING_ENGINE }).engine).toBe('direct');
      const osrm = parseEnv({ ROUTING_URL: 'http://127.0.0.1:5000' });
      expect(osrm.ROUTING_ENGINE).toBe('osrm');
      expect(createRoutingService({ url: osrm.ROUTING_URL, engine: osrm.ROUTING_ENGINE }).engine).toBe('osrm');
      const valhalla = parseEnv({ ROUTING_URL: 'http://127.0.0.1:8002', ROUTING_ENGINE: 'valhalla' });
      expect(createRoutingService({ url: valhalla.ROUTING_URL, engine: valhalla.ROUTING_ENGINE }).engine).toBe(
        'valhalla',
      );
      expect(() => parseEnv({ ROUTING_URL: 'http://127.0.0.1:5000', ROUTING_ENGINE: 'graphhopper' })).toThrow(
        /ROUTING_ENGINE/,
      );
      expect(() => parseEnv({ ROUTING_URL: 'ftp://example.com' })).toThrow(/ROUTING_URL/);
    });
  });
});
