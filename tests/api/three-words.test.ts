import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, capturedLogger, createTestApp, type TestApp } from './harness.ts';
import { createApp } from '../../server/app.ts';
import { rateLimits } from '../../server/db/schema.ts';
import { THREE_WORDS_LIMIT, threeWordsKey } from '../../server/api/three-words/three-words.routes.ts';
import { What3wordsThreeWords } from '../../server/three-words/what3words.ts';
import { encode } from '../../server/three-words/three-word-encoding.ts';
import {
  addressResultSchema,
  autosuggestResultSchema,
  ThreeWordsErrorCode,
} from '../../src/lib/api/three-words/contract.ts';
import { apiErrorSchema, ErrorCode } from '../../src/lib/api/errors.ts';
import { z } from '../../src/lib/zod.ts';

let addresses = 0;
/** A fresh caller address per test, so the per-address limit of one test does not touch another. */
const nextAddress = () => `198.51.100.${++addresses}`;

const RIYADH = { lat: 24.7136, lng: 46.6753 };

describe.each(BACKENDS)('three-word API (embedded) on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const get = (path: string, from = nextAddress()) => t.request(`/api/v1/threewords/${path}`, { from });
  const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json());

  describe('GET api/v1/threewords/reverse', () => {
    it('answers the square of a point, its words and its country, to a visitor', async () => {
      const res = await get(`reverse?lat=${RIYADH.lat}&lng=${RIYADH.lng}&language=en`);
      expect(res.status).toBe(200);
      const body = z.strictObject(addressResultSchema.shape).parse(await res.json());
      expect(body.words).toBe(encode(RIYADH.lat, RIYADH.lng));
      expect(body.country).toBe('SA');
      expect(body.geometry.southwest.lat).toBeLessThanOrEqual(RIYADH.lat);
      expect(body.geometry.northeast.lat).toBeGreaterThanOrEqual(RIYADH.lat);
      expect(body.geometry.southwest.lng).toBeLessThanOrEqual(RIYADH.lng);
      expect(body.geometry.northeast.lng).toBeGreaterThanOrEqual(RIYADH.lng);
    });

    it('answers the same English words in Arabic, and a sea square with no country', async () => {
      const en = await (await get(`reverse?lat=25.2048&lng=55.2708`)).json();
      const ar = await (await get(`reverse?lat=25.2048&lng=55.2708&language=ar`)).json();
      expect(ar).toEqual(en);
      const sea = addressResultSchema.parse(await (await get('reverse?lat=30&lng=-40')).json());
      expect(sea.country).toBeNull();
    });

    it.each([
      ['0,0 (ignored)', 'lat=0&lng=0'],
      ['latitude out of range', 'lat=90.5&lng=10'],
      ['longitude out of range', 'lat=10&lng=-181'],
      ['not a number', 'lat=ten&lng=10'],
      ['missing longitude', 'lat=10'],
      ['empty latitude', 'lat=&lng=10'],
      ['an unknown language', 'lat=10&lng=10&language=fr'],
    ])('refuses %s with 400', async (_name, query) => {
      const res = await get(`reverse?${query}`);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe(ErrorCode.validation);
    });
  });

  describe('GET api/v1/threewords/forward', () => {
    it('answers the square of a three-word address (a leading /// is fine)', async () => {
      const words = encode(51.5074, -0.1278);
      for (const value of [words, `///${words}`]) {
        const res = await get(`forward?words=${encodeURIComponent(value)}`);
        expect(res.status).toBe(200);
        const body = z.strictObject(addressResultSchema.shape).parse(await res.json());
        expect(body).toMatchObject({ words, country: 'GB' });
        expect(Math.abs(body.lat - 51.5074)).toBeLessThan(1 / 20000);
        expect(Math.abs(body.lng - -0.1278)).toBeLessThan(1 / 20000);
      }
    });

    it('answers 404 for words that name no square', async () => {
      const [a, b] = encode(51.5074, -0.1278).split('.');
      for (const value of [`${a}.${b}.notalistword`, 'مثال.عنوان.عربي']) {
        const res = await get(`forward?words=${encodeURIComponent(value)}`);
        expect(res.status).toBe(404);
        expect((await errorOf(res)).code).toBe(ErrorCode.notFound);
      }
    });

    it.each(['', 'two.words', 'Upper.case.words', 'with1.digit.here', 'mixed.خريطة.words', 'ab.cd.ef'])(
      'refuses the malformed value %j with 400',
      async (value) => {
        const res = await get(`forward?words=${encodeURIComponent(value)}`);
        expect(res.status).toBe(400);
        expect((await errorOf(res)).code).toBe(ErrorCode.validation);
      },
    );
  });

  describe('GET api/v1/threewords/autosuggest', () => {
    const words = encode(RIYADH.lat, RIYADH.lng);
    const [a, b, c] = words.split('.') as [string, string, string];

    it('suggests squares of the country only, at most 50, the exact match first', async () => {
      const res = await get(`autosuggest?input=${a}.${b}.${c.slice(0, 1)}&country=sa`);
      expect(res.status).toBe(200);
      const { suggestions } = autosuggestResultSchema.parse(await res.json());
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.length).toBeLessThanOrEqual(50);
      for (const s of suggestions) expect(s).toMatchObject({ country: 'SA', place: 'Saudi Arabia' });
      expect(suggestions.map((s) => s.words)).toContain(words);

      const exact = autosuggestResultSchema.parse(
        await (await get(`autosuggest?input=${encodeURIComponent(`///${words}`)}&country=SA&language=ar`)).json(),
      );
      expect(exact.suggestions[0]).toMatchObject({ words, country: 'SA', text: words, label: `///${words}` });
      expect(exact.suggestions[0]!.place).toContain('السعودية');
    });

    it('answers 50 at most without a country, fewer with a limit, none for Arabic input', async () => {
      const all = autosuggestResultSchema.parse(await (await get(`autosuggest?input=${a}.${b}.`)).json());
      expect(all.suggestions).toHaveLength(50);
      const two = autosuggestResultSchema.parse(
        await (await get(`autosuggest?input=${a}.${b}.&limit=2&focus=24.7,46.6`)).json(),
      );
      expect(two.suggestions).toHaveLength(2);
      const arabic = await get(`autosuggest?input=${encodeURIComponent('مثال.عنوان.عر')}&language=ar`);
      expect(await arabic.json()).toEqual({ suggestions: [] });
    });

    it.each([
      ['no input', 'country=SA'],
      ['a country that is not a code', 'input=a.b.c&country=SAU'],
      ['a focus that is not lat,lng', 'input=a.b.c&focus=north'],
      ['a focus off the globe', 'input=a.b.c&focus=91,0'],
      ['a limit over 50', 'input=a.b.c&limit=51'],
    ])('refuses %s with 400', async (_name, query) => {
      const res = await get(`autosuggest?${query}`);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe(ErrorCode.validation);
    });
  });

  it('limits calls per caller address: 429 with Retry-After, other addresses unaffected', async () => {
    const from = nextAddress();
    const key = threeWordsKey(from);
    expect(await get('reverse?lat=1&lng=1', from)).toHaveProperty('status', 200);
    const [row] = await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row?.count).toBe(1);
    // Spend the rest of this window's allowance, as THREE_WORDS_LIMIT.max - 1 more calls would.
    await t.database.db
      .insert(rateLimits)
      .values({ key, windowStart: t.clock(), count: THREE_WORDS_LIMIT.max })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: THREE_WORDS_LIMIT.max } });
    for (const path of ['reverse?lat=1&lng=1', `forward?words=a.b.c`, 'autosuggest?input=a.b.c']) {
      const res = await get(path, from);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(THREE_WORDS_LIMIT.windowSeconds);
      expect((await errorOf(res)).code).toBe(ErrorCode.tooManyAttempts);
    }
    expect((await get('reverse?lat=1&lng=1')).status).toBe(200);
    t.advance(THREE_WORDS_LIMIT.windowSeconds * 1000);
    expect((await get('reverse?lat=1&lng=1', from)).status).toBe(200);
  });

  it('counts an IPv6 caller by its /64', () => {
    expect(threeWordsKey('2001:db8:1:2:aaaa::1')).toBe(threeWordsKey('2001:db8:1:2:bbbb::2'));
    expect(threeWordsKey('2001:db8:1:2::1')).not.toBe(threeWordsKey('2001:db8:1:3::1'));
    expect(threeWordsKey('203.0.113.5')).toBe('threewords:203.0.113.5');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The what3words adapter, against a fake of their API on this machine.

interface Seen {
  path: string;
  params: Record<string, string>;
  key: string | undefined;
}

const W3W_KEY = 'test-key-7f3a9c';

const square = {
  southwest: { lng: -0.195543, lat: 51.520833 },
  northeast: { lng: -0.195499, lat: 51.52086 },
};

function fakeAnswer(req: IncomingMessage, url: URL): { status: number; body: unknown; delayMs?: number } | 'garbage' {
  const words = url.searchParams.get('words');
  const input = url.searchParams.get('input') ?? '';
  if (req.headers['x-api-key'] !== W3W_KEY) {
    return { status: 401, body: { error: { code: 'InvalidKey', message: 'Authentication failed; invalid API key' } } };
  }
  switch (url.pathname) {
    case '/v3/convert-to-coordinates':
      if (words === 'filled.count.soap') {
        return {
          status: 200,
          body: {
            country: 'GB',
            square,
            nearestPlace: 'Bayswater, London',
            coordinates: { lng: -0.195521, lat: 51.520847 },
            words: 'filled.count.soap',
            language: 'en',
            map: 'https://w3w.co/filled.count.soap',
          },
        };
      }
      if (words === 'quota.quota.quota') {
        return { status: 402, body: { error: { code: 'QuotaExceeded', message: 'Quota exceeded' } } };
      }
      return { status: 400, body: { error: { code: 'BadWords', message: 'Invalid or non-existent 3 word address' } } };
    case '/v3/convert-to-3wa':
      return {
        status: 200,
        body: {
          country: url.searchParams.get('coordinates') === '30,-40' ? 'ZZ' : 'GB',
          square,
          nearestPlace: 'Bayswater, London',
          coordinates: { lng: -0.195521, lat: 51.520847 },
          words: url.searchParams.get('language') === 'ar' ? 'مثال.عنوان.عربي' : 'filled.count.soap',
          language: url.searchParams.get('language') ?? 'en',
          map: 'https://w3w.co/filled.count.soap',
        },
      };
    case '/v3/autosuggest':
      if (input.startsWith('slow')) return { status: 200, body: { suggestions: [] }, delayMs: 1500 };
      if (input.startsWith('broken')) return 'garbage';
      if (input.startsWith('weird')) return { status: 200, body: { suggestions: [{ words: 42 }] } };
      return {
        status: 200,
        body: {
          suggestions: [
            { country: 'GB', nearestPlace: 'Bayswater, London', words: 'filled.count.soap', rank: 1, language: 'en' },
            { country: 'ZZ', nearestPlace: '', words: 'filled.count.soaps', rank: 2, language: 'en' },
            { country: 'US', nearestPlace: 'Homer, Alaska', words: 'fills.count.soap', rank: 3, language: 'en' },
          ],
        },
      };
    default:
      return { status: 404, body: { error: { code: 'NotFound', message: 'no such call' } } };
  }
}

describe('three-word API through the what3words adapter (a local fake of their API)', () => {
  let t: TestApp;
  let server: Server;
  let app: ReturnType<typeof createApp>;
  const seen: Seen[] = [];
  const { logger, lines } = capturedLogger();

  beforeAll(async () => {
    t = await createTestApp('pglite');
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      seen.push({
        path: url.pathname,
        params: Object.fromEntries(url.searchParams),
        key: req.headers['x-api-key'] as string | undefined,
      });
      const answer = fakeAnswer(req, url);
      if (answer === 'garbage') {
        res.writeHead(500, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
        return;
      }
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    app = createApp({
      brand: 'shipbox',
      distDir: t.distDir,
      uploadDir: t.uploadDir,
      db: t.database.db,
      logger,
      clock: t.clock,
      trustProxy: true,
      threeWords: new What3wordsThreeWords({ apiKey: W3W_KEY, baseUrl: `http://127.0.0.1:${port}/v3`, timeoutMs: 300 }),
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const get = (path: string) =>
    Promise.resolve(
      app.request(`/api/v1/threewords/${path}`, {
        headers: { 'x-forwarded-for': nextAddress(), 'sec-fetch-site': 'same-origin' },
      }),
    );
  const last = () => seen[seen.length - 1]!;

  it('forward calls convert-to-coordinates with the words and the key in a header, and maps the answer', async () => {
    const res = await get('forward?words=%2F%2F%2Ffilled.count.soap');
    expect(res.status).toBe(200);
    expect(last()).toEqual({
      path: '/v3/convert-to-coordinates',
      params: { words: 'filled.count.soap' },
      key: W3W_KEY,
    });
    expect(z.strictObject(addressResultSchema.shape).parse(await res.json())).toEqual({
      lat: 51.520847,
      lng: -0.195521,
      geometry: { southwest: { lat: 51.520833, lng: -0.195543 }, northeast: { lat: 51.52086, lng: -0.195499 } },
      words: 'filled.count.soap',
      country: 'GB',
    });
  });

  it('forward answers 404 for their BadWords, 502 for any other error of theirs (QuotaExceeded)', async () => {
    const missing = await get('forward?words=index.home.raft');
    expect(missing.status).toBe(404);
    expect(last().params).toEqual({ words: 'index.home.raft' });
    const quota = await get('forward?words=quota.quota.quota');
    expect(quota.status).toBe(502);
    expect(apiErrorSchema.parse(await quota.json()).code).toBe(ThreeWordsErrorCode.upstreamUnavailable);
  });

  it('reverse calls convert-to-3wa with lat,lng and the language; their ZZ (sea) becomes no country', async () => {
    const res = await get('reverse?lat=51.520847&lng=-0.195521&language=ar');
    expect(res.status).toBe(200);
    expect(last()).toEqual({
      path: '/v3/convert-to-3wa',
      params: { coordinates: '51.520847,-0.195521', language: 'ar' },
      key: W3W_KEY,
    });
    expect(addressResultSchema.parse(await res.json())).toMatchObject({ words: 'مثال.عنوان.عربي', country: 'GB' });
    const sea = addressResultSchema.parse(await (await get('reverse?lat=30&lng=-40')).json());
    expect(sea.country).toBeNull();
    const calls = seen.length;
    expect((await get('reverse?lat=0&lng=0')).status).toBe(400);
    expect(seen.length).toBe(calls);
  });

  it('autosuggest calls theirs with clip-to-country, focus, n-results and language, and maps each suggestion', async () => {
    const res = await get('autosuggest?input=filled.count.so&country=gb&focus=51.52,-0.19&language=en&limit=10');
    expect(res.status).toBe(200);
    expect(last()).toEqual({
      path: '/v3/autosuggest',
      params: {
        input: 'filled.count.so',
        'clip-to-country': 'GB',
        focus: '51.52,-0.19',
        'n-results': '10',
        language: 'en',
      },
      key: W3W_KEY,
    });
    expect(autosuggestResultSchema.parse(await res.json()).suggestions).toEqual([
      {
        words: 'filled.count.soap',
        country: 'GB',
        place: 'Bayswater, London',
        text: 'filled.count.soap',
        label: '///filled.count.soap',
      },
      {
        words: 'filled.count.soaps',
        country: null,
        place: '',
        text: 'filled.count.soaps',
        label: '///filled.count.soaps',
      },
      {
        words: 'fills.count.soap',
        country: 'US',
        place: 'Homer, Alaska',
        text: 'fills.count.soap',
        label: '///fills.count.soap',
      },
    ]);
    await get('autosuggest?input=filled.count.so');
    expect(last().params).toEqual({ input: 'filled.count.so', 'n-results': '50', language: 'en' });
  });

  it.each([
    ['no answer in time', 'slow.slow.slow'],
    ['an answer that is not JSON', 'broken.broken.b'],
    ['an answer of the wrong shape', 'weird.weird.w'],
  ])('answers 502 for %s', async (_name, input) => {
    const res = await get(`autosuggest?input=${input}`);
    expect(res.status).toBe(502);
    expect(apiErrorSchema.parse(await res.json()).code).toBe(ThreeWordsErrorCode.upstreamUnavailable);
  });

  it('answers 502 when the key is refused, and never writes the key to the log', async () => {
    const refused = new What3wordsThreeWords({ apiKey: 'wrong-key', baseUrl: `http://127.0.0.1:1/v3`, timeoutMs: 300 });
    await expect(refused.forward('filled.count.soap')).rejects.toThrow(/unreachable/);
    const { port } = server.address() as AddressInfo;
    const wrong = new What3wordsThreeWords({ apiKey: 'wrong-key', baseUrl: `http://127.0.0.1:${port}/v3/` });
    await expect(wrong.reverse(1, 1, 'en')).rejects.toMatchObject({ status: 401, code: 'InvalidKey' });
    expect(lines.some((l) => l.includes('three-word service failed'))).toBe(true);
    expect(lines.join('\n')).not.toContain(W3W_KEY);
    for (const s of seen) expect(JSON.stringify(s.params)).not.toContain(W3W_KEY);
  });
});
