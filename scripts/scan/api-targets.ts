/**
 * The security scan's API targets (`npm run scan`, docs/security.md): one per call of the OpenAPI document the
 * running server publishes, each with a request the server accepts as far as it can (a baseline sqlmap compares its
 * payloads against), built from the document alone:
 * - the path's owner parameter is the logged-in customer's guid, other path parameters values the server answered
 *   for a field of that name (tests/api/fuzz/known-values.ts) or drawn from their schema;
 * - the query and the JSON body are drawn from their schemas (tests/api/fuzz/json-schema-arbitrary.ts, seeded);
 *   of a dozen candidates, the one with the best answer is kept (a success, else a refusal past the input checks);
 * - a few calls start from a request of the demo data (the demo customer's login, a tracking number it owns).
 */
import fc from 'fast-check';
import { valid, type JsonSchema } from '../../tests/api/fuzz/json-schema-arbitrary.ts';
import { KnownValues } from '../../tests/api/fuzz/known-values.ts';
import { OWNER_PARAMS as OWNER_PARAM_NAMES } from '../../src/lib/api/endpoint.ts';

const OWNER_PARAMS = new Set<string>(OWNER_PARAM_NAMES);
const METHODS = ['get', 'post', 'put', 'delete'] as const;
const SEED = 29;
const CANDIDATES = 12;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}
export interface OpenApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}

/** A request of the demo data, for calls a drawn request can't get far in. */
interface Start {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}
const STARTS: Record<string, Start> = {
  'POST /api/account/login': { body: { email: 'demo@example.com', password: 'Demo!2345' } },
  'POST /api/signup/check': { body: { email: 'new@example.com' } },
  'POST /api/users/SendForgottenPasswordEmail': { body: { email: 'demo@example.com', langCode: 'en' } },
  'GET /api/tracking/{awbNumber}': { params: { awbNumber: 'SB9000100' } },
  'GET /api/tracking//{originEntity}/GetByShipmentByFAWB/{fawb}': {
    params: { originEntity: 'NYC', fawb: 'TBA512000201' },
  },
  'POST /api/account/{guid}/requests/search': {
    body: { SearchLines: [{ Field: 'ExternalString', Operator: 'eq', Value: 'TBA512000201' }], pageIndex: 0 },
  },
  'GET /api/countryRates': { query: { origin: 'US', destination: 'JO', weight: '2', unit: '1' } },
  'GET /api/v1/threewords/autosuggest': { query: { input: 'index.home.raft', country: 'JO' } },
  'GET /api/v1/geocode': { query: { country: 'JO', city: 'Amman', street: 'Rainbow' } },
  'GET /api/currencies/convert': { query: { currencyFrom: 'USD', currencyTo: 'JOD', amount: '10' } },
};

export interface ApiTarget {
  /** `METHOD /path` as the document writes it. */
  name: string;
  method: string;
  /** The URL with the baseline's values; `pathInjection` marks the path parameters with `*`. */
  url: string;
  /** The URL with each non-owner path parameter (or the owner's, when it is the only input) marked `*`. */
  pathInjection: string | undefined;
  /** The path parameters marked in `pathInjection`. */
  pathParams: string[];
  queryParams: string[];
  /** Headers the call reads (an activation link's), each with the baseline's value; sqlmap marks them `*`. */
  headerParams: Record<string, string>;
  /** The JSON body, when the call takes one. */
  json: unknown;
  /** The call takes files (multipart), which sqlmap does not send. */
  multipart: boolean;
  session: boolean;
  /** Each payload needs a new Idempotency-Key (the tamper script adds one). */
  idempotent: boolean;
  /** What the server answered the baseline. */
  baselineStatus: number;
}

/** Where an answer stands: a success, then refusals past the input checks, then the input checks themselves. */
const rank = (status: number) =>
  status < 400 ? 0 : [404, 409, 422].includes(status) ? 1 : [401, 403, 429].includes(status) ? 2 : 3;

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export interface TargetContext {
  origin: string;
  guid: string;
  /** A live session cookie (logs in again if a call ended the last one). */
  cookie(): Promise<string>;
  /** Headers every request carries (the site's Origin, a new X-Forwarded-For). */
  headers(): Record<string, string>;
}

/** Values the server answers the demo customer: every read that names only the customer, and the public lists. */
async function knownValues(document: OpenApiDocument, context: TargetContext): Promise<KnownValues> {
  const known = new KnownValues();
  for (const [path, item] of Object.entries(document.paths)) {
    const get = item.get;
    if (!get || get.operationId.includes('Alias')) continue;
    const params = get.parameters ?? [];
    const path_ = params.filter((p) => p.in === 'path');
    if (params.some((p) => p.in === 'query' && p.required)) continue;
    if (path_.length > 1 || (path_.length === 1 && !OWNER_PARAMS.has(path_[0]?.name ?? ''))) continue;
    const url = `${context.origin}${path.replace(/\{\w+\}/, context.guid)}`;
    const res = await fetch(url, { headers: { ...context.headers(), cookie: await context.cookie() } });
    if (res.ok && res.headers.get('content-type')?.startsWith('application/json')) known.add(await res.json());
  }
  return known;
}

/** The targets, one per call (aliases answer as their call does and are left out), in the document's order. */
export async function apiTargets(document: OpenApiDocument, context: TargetContext): Promise<ApiTarget[]> {
  const known = await knownValues(document, context);
  const targets: ApiTarget[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op || op.operationId.includes('Alias')) continue;
      targets.push(await target(path, method.toUpperCase(), op, known, context));
    }
  }
  return targets;
}

async function target(
  path: string,
  method: string,
  op: Operation,
  known: KnownValues,
  context: TargetContext,
): Promise<ApiTarget> {
  const name = `${method} ${path}`;
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const idempotent = params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
  const headerParams = params.filter((p) => p.in === 'header' && p.name !== 'Idempotency-Key');
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const multipart = Boolean(op.requestBody?.content['multipart/form-data']);
  const session = (op.security ?? []).length > 0;
  const start = STARTS[name];

  const candidate = fc.record({
    params: fc.record(
      Object.fromEntries(
        pathParams.map((p) => {
          if (OWNER_PARAMS.has(p.name)) return [p.name, fc.constant(context.guid)];
          const answered = known.for(p.name);
          const drawn = valid(p.schema ?? { type: 'string' }).map(text);
          return [p.name, answered.length > 0 ? fc.oneof(fc.constantFrom(...answered), drawn) : drawn];
        }),
      ),
    ),
    query: fc.record(
      Object.fromEntries(queryParams.map((p) => [p.name, valid(p.schema ?? { type: 'string' }).map(text)])),
      // Every parameter, the optional ones too: sqlmap tests only the parameters the request carries.
      { requiredKeys: queryParams.map((p) => p.name) },
    ),
    body: jsonSchema ? valid(jsonSchema) : fc.constant(undefined),
    headers: fc.record(
      // A header carries printable ASCII only.
      Object.fromEntries(
        headerParams.map((p) => [
          p.name,
          valid(p.schema ?? { type: 'string' }).map((v) => text(v).replace(/[^\x20-\x7e]/g, '') || 'x'),
        ]),
      ),
    ),
  });
  const drawn = fc.sample(candidate, { seed: SEED, numRuns: CANDIDATES }) as Start[];
  const candidates: Start[] = start ? [start, ...drawn] : drawn;

  let best: { start: Start; status: number } | undefined;
  for (const c of candidates) {
    const status = await send(context, method, urlOf(context.origin, path, c), c, session, idempotent);
    if (!best || rank(status) < rank(best.status)) best = { start: c, status };
    if (rank(status) === 0) break;
  }
  const chosen = best?.start ?? {};
  const injectable = pathParams.filter((p) => !OWNER_PARAMS.has(p.name));
  // The owner's guid is refused by the owner check for any other value; it is marked only when it is the only input.
  const marked =
    injectable.length > 0 ? injectable : queryParams.length === 0 && !jsonSchema && !multipart ? pathParams : [];
  return {
    name,
    method,
    url: urlOf(context.origin, path, chosen),
    pathInjection:
      marked.length > 0 ? urlOf(context.origin, path, chosen, new Set(marked.map((p) => p.name))) : undefined,
    pathParams: marked.map((p) => p.name),
    queryParams: Object.keys(chosen.query ?? {}),
    headerParams: Object.fromEntries(headerParams.map((p) => [p.name, chosen.headers?.[p.name] ?? 'x'])),
    json: chosen.body,
    multipart,
    session,
    idempotent,
    baselineStatus: best?.status ?? 0,
  };
}

/** The URL of a request; each path parameter in `mark` gets sqlmap's injection marker after its value. */
function urlOf(origin: string, path: string, start: Start, mark = new Set<string>()): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = encodeURIComponent((start.params?.[name] ?? '1').toWellFormed()) || '1';
    return mark.has(name) ? `${value}*` : value;
  });
  const query = Object.entries(start.query ?? {})
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.toWellFormed())}`)
    .join('&');
  return `${origin}${filled}${query ? `?${query}` : ''}`;
}

async function send(
  context: TargetContext,
  method: string,
  url: string,
  { body, headers: own }: Start,
  session: boolean,
  idempotent: boolean,
): Promise<number> {
  const headers: Record<string, string> = { ...context.headers(), ...own };
  if (session) headers.cookie = await context.cookie();
  if (idempotent) headers['Idempotency-Key'] = `scan-${crypto.randomUUID()}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    redirect: 'manual',
  });
  await res.arrayBuffer();
  return res.status;
}
