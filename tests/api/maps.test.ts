import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { GEOCODE_LIMIT } from '../../server/api/maps/maps.routes.ts';
import { geocodeResultSchema } from '../../src/lib/api/maps/contract.ts';
import { apiErrorSchema, ErrorCode } from '../../src/lib/api/errors.ts';
import { z } from '../../src/lib/zod.ts';

let addresses = 0;
const nextAddress = () => `203.0.113.${++addresses}`;

describe.each(BACKENDS)('maps place search (GET api/v1/geocode) on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const get = (query: string, from = nextAddress()) => t.request(`/api/v1/geocode?${query}`, { from });

  it('places a city by the offices in it, in either language', async () => {
    for (const city of ['Dubai', ' dubai ', 'دبي']) {
      const res = await get(`country=ae&city=${encodeURIComponent(city)}&street=1%20Test%20Street`);
      expect(res.status).toBe(200);
      const found = z.strictObject(geocodeResultSchema.shape).parse(await res.json());
      expect(found.precision).toBe('city');
      expect(found.zoom).toBe(12);
      expect(found.lat).toBeGreaterThan(24.9);
      expect(found.lat).toBeLessThan(25.3);
      expect(found.lng).toBeGreaterThan(55);
      expect(found.lng).toBeLessThan(55.5);
    }
  });

  it('falls back to the middle of the country, and says so', async () => {
    const res = await get('country=SA&city=Nowhere');
    const found = geocodeResultSchema.parse(await res.json());
    expect(found).toMatchObject({ precision: 'country', zoom: 5 });
    // Inside Saudi Arabia.
    expect(found.lat).toBeGreaterThan(16);
    expect(found.lat).toBeLessThan(32);
    expect(found.lng).toBeGreaterThan(34);
    expect(found.lng).toBeLessThan(56);
  });

  it('refuses a missing or malformed country, and answers 404 for an unknown one', async () => {
    for (const query of ['city=Dubai', 'country=UAE', 'country=1A']) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(apiErrorSchema.parse(await res.json()).code).toBe(ErrorCode.validation);
    }
    expect((await get('country=XX')).status).toBe(404);
  });

  it('limits the searches of one address', async () => {
    const from = nextAddress();
    for (let i = 0; i < GEOCODE_LIMIT.max; i++) expect((await get('country=AE', from)).status).toBe(200);
    const refused = await get('country=AE', from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await get('country=AE')).status).toBe(200);
  });
});
