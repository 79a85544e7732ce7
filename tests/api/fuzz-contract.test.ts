/**
 * Every declared call fuzzed from its declaration (issue 29; docs/decisions/045): requests drawn from each call's
 * path, query and body schemas (through their JSON Schema, ./fuzz/json-schema-arbitrary.ts), valid or with one part
 * broken, sent in-process as a logged-in customer (or as nobody), on PGlite and PostgreSQL. For every answer:
 * - never a 5xx;
 * - a 4xx is JSON of the error shape, and a 400 VALIDATION names the fields;
 * - a request its schemas refuse is refused (4xx), and a 400 names exactly the fields the schemas named;
 * - a call that needs a session answers 401 without one;
 * - a 2xx has a declared status and, when JSON, parses with the call's answer schema.
 *
 * Seeded and bounded: FUZZ_SEED (default below) and FUZZ_RUNS (requests per call and database) replay or widen a
 * run. A failure prints fast-check's seed and path, and the smallest failing request.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it } from '@fast-check/vitest';
import { z } from 'zod';
import { createApi } from '../../server/api/api.ts';
import type { ApiDeps } from '../../server/api/env.ts';
import { unstorableFields } from '../../server/api/storable.ts';
import { fieldErrorsOf } from '../../server/api/http-errors.ts';
import { answerJson } from '../../server/api/router.ts';
import {
  isSchema,
  needsSession,
  paramNamesOf,
  successStatusesOf,
  takesInput,
  type AnyEndpoint,
} from '../../src/lib/api/endpoint.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { BACKENDS, cookieOf, createTestApp, type TestApp } from './harness.ts';
import { DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { KnownValues } from './fuzz/known-values.ts';
import { requestArbitrary, type DrawnRequest, type ParamDraw } from './fuzz/requests.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 29_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

const endpoints = createApi({} as ApiDeps).endpoints;

/**
 * What the router refuses before the handler runs, in its order (server/api/router.ts): the path and query as
 * sent, if the database couldn't store them; then the path, query and body by their schemas; then what they parse
 * to, if it couldn't be stored. Answers the fields named by the first refusal, or nothing when all pass.
 */
function refusedFields(
  endpoint: AnyEndpoint,
  params: Record<string, string>,
  query: Record<string, string> | undefined,
  body: unknown,
): string[] | undefined {
  const first = Object.keys({ ...unstorableFields(params), ...unstorableFields(endpoint.query ? query : undefined) });
  if (takesInput(endpoint) && first.length > 0) return first.sort();
  const parsed: unknown[] = [];
  for (const [schema, value] of [
    [endpoint.params, params],
    [endpoint.query, query ?? {}],
    [isSchema(endpoint.body) ? endpoint.body : undefined, body],
  ] as const) {
    if (!schema) {
      parsed.push(value);
      continue;
    }
    const result = z.safeParse(schema, value);
    if (!result.success) return Object.keys(fieldErrorsOf(result.error)).sort();
    parsed.push(result.data);
  }
  const after = Object.keys(Object.assign({}, ...parsed.map(unstorableFields)) as object);
  return after.length > 0 ? after.sort() : undefined;
}

/** A path value as a URL can carry it: well-formed text, never empty or a dot segment (both would change the route). */
function pathText(value: string): string {
  const text = value.toWellFormed();
  return text === '' || text === '.' || text === '..' ? `${text}x` : text;
}

describe.each(BACKENDS)('every declared call, fuzzed (%s)', (backend) => {
  let t: TestApp;
  let address = 0;
  /** A new address for each request, so the per-address limits don't answer for the checks. */
  const nextAddress = () => `198.18.${(++address >> 8) & 255}.${address & 255}`;
  let customer: { cookie: string; guid: string; email: string };
  /** Values the app answered, by field name: the ids, codes and numbers of the customer's own things. */
  const known = new KnownValues();

  /** Every read that names nothing but the customer, and the public lists. */
  async function collectKnown(): Promise<void> {
    for (const e of endpoints) {
      if (e.method !== 'GET' || !isSchema(e.answer)) continue;
      const names = paramNamesOf(e.path);
      if (names.length > 1 || (names.length === 1 && !needsSession(e))) continue;
      if (e.query && !z.safeParse(e.query, {}).success) continue;
      const path = `/${e.path.replace(/\{\w+\}/, customer.guid)}`;
      const res = await t.request(path, { cookie: customer.cookie, from: nextAddress() });
      if (res.ok) known.add(await answerJson(res));
    }
  }

  /** Whether a request with the session was refused for want of one: a call (logout, a password change) ended it. */
  let sessionEnded = false;

  /** The customer's session, live again if a call ended it, or a new customer if it can't log in any more. */
  async function liveCustomer(): Promise<typeof customer> {
    if (!sessionEnded) return customer;
    sessionEnded = false;
    const login = await t.request('/api/account/login', {
      method: 'POST',
      from: nextAddress(),
      body: JSON.stringify({ email: customer.email, password: DEMO_PASSWORD }),
    });
    const cookie = cookieOf(login);
    if (login.status === 200 && cookie) customer = { ...customer, cookie };
    else customer = await t.newCustomer({ savedCard: true, pendingShipments: 2, deliveredShipments: 2 });
    return customer;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    customer = await t.newCustomer({ savedCard: true, pendingShipments: 2, deliveredShipments: 2 });
    await collectKnown();
  });
  /** Each call's answers by status, for the coverage check at the end. */
  const answered = new Map<AnyEndpoint, Map<number, number>>();
  afterAll(async () => {
    // FUZZ_REPORT=1 prints what each call answered, to see which calls the drawn requests get through to.
    if (process.env.FUZZ_REPORT) {
      for (const [e, statuses] of answered) {
        console.log(`${e.method} ${e.path}`, JSON.stringify(Object.fromEntries(statuses)));
      }
    }
    await t.close();
  });

  function paramValue(name: string, drawn: ParamDraw, guid: string): string {
    if (typeof drawn === 'string') return pathText(drawn);
    if ('owner' in drawn) return guid;
    const pool = known.for(name);
    return pathText(pool[drawn.known % pool.length] ?? '1');
  }

  async function send(endpoint: AnyEndpoint, drawn: DrawnRequest) {
    const who = drawn.session ? await liveCustomer() : undefined;
    const params = Object.fromEntries(
      Object.entries(drawn.params).map(([name, value]) => [name, paramValue(name, value, customer.guid)]),
    );
    const query = drawn.query
      ? Object.fromEntries(Object.entries(drawn.query).map(([k, v]) => [k, v.toWellFormed()]))
      : undefined;
    let path = `/${endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;
    if (query && Object.keys(query).length > 0) {
      path += `?${Object.entries(query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&')}`;
    }
    let body: BodyInit | undefined;
    if (drawn.files) {
      const form = new FormData();
      const field = endpoint.body && !isSchema(endpoint.body) ? endpoint.body.field : 'files';
      for (const file of drawn.files)
        form.append(field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      body = form;
    } else if (drawn.body !== undefined) {
      body = JSON.stringify(drawn.body);
    }
    const res = await t.request(path, {
      method: endpoint.method,
      from: nextAddress(),
      headers: drawn.headers,
      ...(who ? { cookie: who.cookie } : {}),
      ...(body === undefined ? {} : { body }),
    });
    return { res, params, query, path };
  }

  for (const endpoint of endpoints) {
    const name = `${endpoint.method} ${endpoint.path}`;
    it.prop([requestArbitrary(endpoint)], { seed: SEED, numRuns: RUNS })(name, async (drawn) => {
      const { res, params, query, path } = await send(endpoint, drawn);
      const body = await answerJson(res);
      if (drawn.session && res.status === 401 && apiErrorSchema.safeParse(body).data?.code === 'UNAUTHORIZED') {
        sessionEnded = true;
      }
      const statuses = answered.get(endpoint) ?? new Map<number, number>();
      answered.set(endpoint, statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1));
      const seen = `${endpoint.method} ${path} answered ${res.status}: ${JSON.stringify(body)?.slice(0, 400)}`;

      expect(res.status, seen).toBeLessThan(500);
      if (needsSession(endpoint) && !drawn.session) {
        expect(res.status, seen).toBe(401);
        return;
      }
      const refused = drawn.files ? undefined : refusedFields(endpoint, params, query, drawn.body);
      if (res.status >= 400) {
        expect(res.headers.get('Content-Type') ?? '', seen).toMatch(/^application\/json/);
        const error = apiErrorSchema.safeParse(body);
        expect(error.success, seen).toBe(true);
        if (res.status === 400 && error.data?.code === 'VALIDATION') {
          const named = Object.keys(error.data.fieldErrors ?? {}).sort();
          expect(named.length, `${seen}: a 400 names no field`).toBeGreaterThan(0);
          if (refused) expect(named, `${seen}: the schemas refuse ${refused.join(', ')}`).toEqual(refused);
        }
        return;
      }
      expect(refused, `${seen}: accepted a request its schemas refuse (${drawn.broken ?? 'as drawn'})`).toBeUndefined();
      expect(successStatusesOf(endpoint), seen).toContain(res.status);
      if (isSchema(endpoint.answer) && res.status !== 204) {
        const parsed = z.safeParse(endpoint.answer, body);
        expect(parsed.success ? [] : parsed.error.issues, seen).toEqual([]);
      }
    });
  }

  it('gets through to the handler and its success on a good share of the calls', () => {
    const succeeded = [...answered].filter(([, statuses]) => [...statuses.keys()].some((s) => s < 300));
    // With the default seed and runs, about 64 of 140 calls answered a success on each database when this was written:
    // the others need state no drawn request has (a link's token, an open payment) or rules JSON Schema can't carry.
    expect(answered.size).toBe(endpoints.length);
    expect(succeeded.length / endpoints.length).toBeGreaterThanOrEqual(RUNS >= 12 ? 0.4 : 0);
  });
});
