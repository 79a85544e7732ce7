/**
 * Requests drawn from a call's declaration (src/lib/api/endpoint.ts) for the contract fuzz test
 * (tests/api/fuzz-contract.test.ts): path, query and body from their schemas' JSON Schema, and now and then one part
 * broken on purpose. Drawn values are plain data, so fast-check can print and shrink them; what depends on the
 * running app (the customer's guid, the ids of their own packages and messages) is named here and filled in when
 * the request is sent.
 */
import fc from 'fast-check';
import { jsonSchema } from '../../../server/api/openapi.ts';
import {
  isSchema,
  needsSession,
  ownerParamOf,
  paramNamesOf,
  type AnyEndpoint,
  type Schema,
} from '../../../src/lib/api/endpoint.ts';
import { invalidTexts, invalidValues, valid, type JsonSchema } from './json-schema-arbitrary.ts';

/** The logged-in customer's guid, put where the path names its owner. */
export const OWNER = { owner: true } as const;
/** The n-th value the app itself answered for a field of this name (ids, codes, numbers): see `KnownValues`. */
export interface Known {
  readonly known: number;
}
export type ParamDraw = string | typeof OWNER | Known;

/** The files of a multipart body: each its bytes (as numbers, to print), its name and its declared type. */
export interface DrawnFile {
  readonly bytes: number[];
  readonly name: string;
  readonly type: string;
}

export interface DrawnRequest {
  readonly params: Readonly<Record<string, ParamDraw>>;
  readonly query: Readonly<Record<string, string>> | undefined;
  /** The JSON body, or the files of a multipart one; undefined for none. */
  readonly body: unknown;
  readonly files: readonly DrawnFile[] | undefined;
  /** Headers the declaration names (an Idempotency-Key), when drawn. */
  readonly headers: Readonly<Record<string, string>>;
  /** Whether the request carries the customer's session. */
  readonly session: boolean;
  /** Which part was broken on purpose, and how: for the failure message. */
  readonly broken: string | undefined;
}

/** A schema's JSON Schema, as the OpenAPI document writes it. */
const jsonSchemaOf = (schema: Schema, io: 'input' | 'output' = 'input') => jsonSchema(schema, io) as JsonSchema;

/**
 * Values drawn from a schema as sent and as parsed: a pipe's JSON Schema as sent is only its first step (any text),
 * and as parsed it carries the rules (an e-mail address, a choice of numbers); a transform's is any value.
 */
function validEither(schema: Schema): fc.Arbitrary<unknown> {
  return fc.oneof(valid(jsonSchemaOf(schema, 'input')), valid(jsonSchemaOf(schema, 'output')));
}

/** The JSON Schema of each path parameter: the declared one, else any text. */
function paramSchemas(endpoint: AnyEndpoint, io: 'input' | 'output' = 'input'): Record<string, JsonSchema> {
  const declared = endpoint.params ? (jsonSchemaOf(endpoint.params, io).properties ?? {}) : {};
  return Object.fromEntries(paramNamesOf(endpoint.path).map((name) => [name, declared[name] ?? { type: 'string' }]));
}

/** A query or path value as a URL carries it. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(asText).join(',');
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** A valid value of a path parameter: one the app answered (most often), or one drawn from the schema. */
function paramArbitrary(endpoint: AnyEndpoint, name: string): fc.Arbitrary<ParamDraw> {
  if (ownerParamOf(endpoint) === name) return fc.constant(OWNER);
  return fc.oneof(
    { weight: 2, arbitrary: fc.nat().map((known): Known => ({ known })) },
    { weight: 1, arbitrary: valid(paramSchemas(endpoint, 'input')[name] ?? {}).map(asText) },
    { weight: 1, arbitrary: valid(paramSchemas(endpoint, 'output')[name] ?? {}).map(asText) },
  );
}

function queryArbitrary(schema: Schema): fc.Arbitrary<Record<string, string>> {
  return validEither(schema).map((value) =>
    Object.fromEntries(
      Object.entries((value ?? {}) as Record<string, unknown>)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, asText(v)]),
    ),
  );
}

/** A file's first bytes: a real PNG, JPEG or PDF signature, or none at all (type by content, not by name). */
const SIGNATURES = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff, 0xe0],
  [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34],
  [],
];

const fileArbitrary: fc.Arbitrary<DrawnFile> = fc.record({
  bytes: fc
    .tuple(fc.constantFrom(...SIGNATURES), fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }))
    .map(([head, rest]) => [...head, ...rest]),
  name: fc.oneof(fc.constantFrom('receipt.pdf', 'photo.png', 'scan.jpg', 'x.exe', '../../x.png'), fc.string()),
  type: fc.constantFrom('application/pdf', 'image/png', 'image/jpeg', 'text/html', 'application/octet-stream'),
});

/** The request's parts drawn valid, each broken part drawn on top. */
interface Parts {
  params: Record<string, ParamDraw>;
  query: Record<string, string> | undefined;
  body: unknown;
  files: DrawnFile[] | undefined;
}

/** Each value once (by its JSON), in order. */
function unique<T>(values: T[]): T[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v) ?? 'undefined';
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** One broken part at a time: a path parameter, a query parameter, a body field, a missing field, or the body. */
function breakages(endpoint: AnyEndpoint): fc.Arbitrary<(parts: Parts) => { parts: Parts; broken: string }>[] {
  const found: fc.Arbitrary<(parts: Parts) => { parts: Parts; broken: string }>[] = [];
  const outputParams = paramSchemas(endpoint, 'output');
  for (const [name, schema] of Object.entries(paramSchemas(endpoint))) {
    found.push(
      fc
        .constantFrom(...unique([...invalidTexts(schema), ...invalidTexts(outputParams[name] ?? {})]))
        .map((text) => (parts: Parts) => ({
          parts: { ...parts, params: { ...parts.params, [name]: text } },
          broken: `path ${name} = ${JSON.stringify(text).slice(0, 80)}`,
        })),
    );
  }
  if (endpoint.query) {
    const query = jsonSchemaOf(endpoint.query);
    const output = jsonSchemaOf(endpoint.query, 'output').properties ?? {};
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      found.push(
        fc
          .constantFrom(...unique([...invalidTexts(schema), ...invalidTexts(output[name] ?? {})]))
          .map((text) => (parts: Parts) => ({
            parts: { ...parts, query: { ...parts.query, [name]: text } },
            broken: `query ${name} = ${JSON.stringify(text).slice(0, 80)}`,
          })),
      );
    }
  }
  if (isSchema(endpoint.body)) {
    const body = jsonSchemaOf(endpoint.body);
    const output = jsonSchemaOf(endpoint.body, 'output').properties ?? {};
    const whole = invalidValues(body);
    if (whole.length > 0) {
      found.push(
        fc.constantFrom(...whole).map((value) => (parts: Parts) => ({
          parts: { ...parts, body: value },
          broken: `body = ${JSON.stringify(value)?.slice(0, 80)}`,
        })),
      );
    }
    for (const [name, schema] of Object.entries(body.properties ?? {})) {
      const values = unique([...invalidValues(schema), ...invalidValues(output[name] ?? {})]);
      if (values.length === 0) continue;
      found.push(
        fc.constantFrom(...values).map((value) => (parts: Parts) => ({
          parts: { ...parts, body: { ...(parts.body as object), [name]: value } },
          broken: `body ${name} = ${JSON.stringify(value)?.slice(0, 80)}`,
        })),
      );
    }
    const required = body.required ?? [];
    if (required.length > 0) {
      found.push(
        fc.constantFrom(...required).map((name) => (parts: Parts) => {
          const rest = Object.fromEntries(
            Object.entries(parts.body as Record<string, unknown>).filter(([key]) => key !== name),
          );
          return { parts: { ...parts, body: rest }, broken: `body without ${name}` };
        }),
      );
    }
  } else if (endpoint.body) {
    const { maxFiles } = endpoint.body;
    found.push(
      fc.constantFrom(0, maxFiles + 1).map((count) => (parts: Parts) => ({
        parts: {
          ...parts,
          files: Array.from({ length: count }, () => ({ bytes: [1], name: 'a.png', type: 'image/png' })),
        },
        broken: `${count} files`,
      })),
    );
  }
  return found;
}

/** Requests to one call: valid by its schemas, or with one part broken; with the session mostly, when it needs one. */
export function requestArbitrary(endpoint: AnyEndpoint): fc.Arbitrary<DrawnRequest> {
  const parts: fc.Arbitrary<Parts> = fc.record({
    params: fc.record(
      Object.fromEntries(paramNamesOf(endpoint.path).map((name) => [name, paramArbitrary(endpoint, name)])),
    ),
    query: endpoint.query ? queryArbitrary(endpoint.query) : fc.constant(undefined),
    body: isSchema(endpoint.body) ? validEither(endpoint.body) : fc.constant(undefined),
    files:
      endpoint.body && !isSchema(endpoint.body)
        ? fc.array(fileArbitrary, { minLength: 1, maxLength: endpoint.body.maxFiles })
        : fc.constant(undefined),
  });
  const broken = breakages(endpoint);
  const session = needsSession(endpoint)
    ? fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) })
    : fc.boolean();
  const headerNames = Object.keys(endpoint.requestHeaders ?? {});
  const headers = fc.record(
    Object.fromEntries(headerNames.map((name) => [name, fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/)])),
    { requiredKeys: [] },
  );
  return fc
    .record({
      parts,
      headers,
      breaking: broken.length > 0 ? fc.option(fc.oneof(...broken), { freq: 2 }) : fc.constant(null),
      session,
    })
    .map(({ parts: drawn, headers: sentHeaders, breaking, session: withSession }) => {
      const { parts: sent, broken: how } = breaking ? breaking(drawn) : { parts: drawn, broken: undefined };
      return { ...sent, headers: sentHeaders as Record<string, string>, session: withSession, broken: how };
    });
}
