/**
 * The OpenAPI 3.1 document of the API, generated from the calls' declarations (src/lib/api/endpoint.ts,
 * docs/decisions/028) with zod's own JSON Schema conversion: a call's paths, parameters, body, answer, headers and
 * error codes are what its declaration says, so the document can't drift from the code.
 */
import { z } from 'zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import {
  errorCodesOf,
  isSchema,
  needsSession,
  paramNamesOf,
  successStatusesOf,
  type AnyEndpoint,
  type HeaderSpec,
  type Schema,
} from '../../src/lib/api/endpoint.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import type { Brand } from '../../src/brands/brands.ts';
import { sessionCookieName } from '../auth/sessions.ts';

type JsonSchema = OpenAPIV3_1.SchemaObject;
/** A parameter's schema: openapi-types gives 3.1 parameters the 3.0 schema type, though 3.1 uses JSON Schema. */
type ParameterSchema = OpenAPIV3_1.ParameterObject['schema'];

/** A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as sent (input) or as answered (output). */
export function jsonSchema(schema: Schema, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete converted.$schema;
  return converted as JsonSchema;
}

/** The properties of an object schema (path and query parameters), each with whether it is required. */
function propertiesOf(
  schema: Schema,
  io: 'input' | 'output',
): { name: string; schema: JsonSchema; required: boolean }[] {
  const object = jsonSchema(schema, io);
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    schema: property as JsonSchema,
    required: required.has(name),
  }));
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: `fieldErrors` names each field and its problems',
  401: 'No live session',
  403: "Another customer's data, or a state-changing call from another site",
  404: 'Not found',
  409: "The object's state does not allow it",
  413: 'Too large',
  415: 'The body is not of the declared type',
  422: 'Understood, but it cannot be done',
  429: 'Too many attempts: `Retry-After` says when to try again',
  502: 'A service behind this one failed',
  503: 'The database cannot be reached for a moment: `Retry-After` says when to try again',
  504: 'A service behind this one did not answer in time',
};

/** A camelCase operation id from the method and path: `getApiAccountCustomerGUIDWallet`. */
export function operationIdOf(endpoint: AnyEndpoint): string {
  const words = `${endpoint.method.toLowerCase()} ${endpoint.path}`
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : `${w[0]?.toUpperCase() ?? ''}${w.slice(1)}`)).join('');
}

function headerParameters(headers: Readonly<Record<string, HeaderSpec>> | undefined): OpenAPIV3_1.ParameterObject[] {
  return Object.entries(headers ?? {}).map(([name, header]) => ({
    name,
    in: 'header',
    description: header.description,
    required: header.required ?? false,
    schema: { type: 'string' },
  }));
}

function answerHeaders(endpoint: AnyEndpoint): Record<string, OpenAPIV3_1.HeaderObject> | undefined {
  const entries = Object.entries(endpoint.answerHeaders ?? {});
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    entries.map(([name, header]) => [
      name,
      {
        description: header.schema
          ? `${header.description} (JSON: ${JSON.stringify(jsonSchema(header.schema, 'output'))})`
          : header.description,
        schema: { type: 'string' },
      },
    ]),
  );
}

function requestBody(endpoint: AnyEndpoint): OpenAPIV3_1.RequestBodyObject | undefined {
  const { body } = endpoint;
  if (!body) return undefined;
  if (isSchema(body)) return { required: true, content: { 'application/json': { schema: jsonSchema(body, 'input') } } };
  return {
    required: true,
    description: `Up to ${body.maxFiles} file(s) under \`${body.field}\`, each checked by its content, size and type`,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            [body.field]: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: body.maxFiles },
          },
          required: [body.field],
        },
      },
    },
  };
}

function success(endpoint: AnyEndpoint): OpenAPIV3_1.ResponseObject {
  const { answer } = endpoint;
  const headers = answerHeaders(endpoint);
  const base = { description: 'Done', ...(headers ? { headers } : {}) };
  if (answer === null) return { ...base, description: 'Done, nothing to answer' };
  if (isSchema(answer)) return { ...base, content: { 'application/json': { schema: jsonSchema(answer, 'output') } } };
  return { ...base, description: answer.description, content: { 'application/octet-stream': { schema: {} } } };
}

function operation(endpoint: AnyEndpoint, path: string): OpenAPIV3_1.OperationObject {
  const params: OpenAPIV3_1.ParameterObject[] = [];
  const declaredParams = endpoint.params ? propertiesOf(endpoint.params, 'input') : [];
  for (const name of paramNamesOf(path)) {
    const declared = declaredParams.find((p) => p.name === name);
    params.push({
      name,
      in: 'path',
      required: true,
      schema: (declared?.schema ?? { type: 'string' }) as ParameterSchema,
    });
  }
  if (endpoint.query) {
    for (const p of propertiesOf(endpoint.query, 'input')) {
      params.push({ name: p.name, in: 'query', required: p.required, schema: p.schema as ParameterSchema });
    }
  }
  params.push(...headerParameters(endpoint.requestHeaders));

  const responses: OpenAPIV3_1.ResponsesObject = {};
  for (const status of successStatusesOf(endpoint)) responses[status] = success(endpoint);
  for (const [status, codes] of [...errorCodesOf(endpoint)].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: `${ERROR_DESCRIPTIONS[status] ?? 'Refused'}. Codes: ${[...codes].join(', ')}`,
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: '#/components/schemas/ApiError' }, { properties: { code: { enum: [...codes] } } }],
          },
        },
      },
    };
  }
  responses[500] = {
    description: 'Something went wrong on our side',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  };

  const alias = path !== endpoint.path;
  const body = requestBody(endpoint);
  return {
    operationId: operationIdOf(endpoint) + (alias ? `Alias${operationIdOf({ ...endpoint, path })}` : ''),
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description || alias
      ? {
          description: [
            endpoint.description,
            alias
              ? `Also answers here, as /${endpoint.path} does: ${endpoint.aliases?.find((a) => a.path === path)?.why ?? ''}`
              : undefined,
          ]
            .filter(Boolean)
            .join('\n\n'),
        }
      : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    ...(needsSession(endpoint) ? { security: [{ session: [] }] } : {}),
  };
}

/** The document of every call the router registered. */
export function openApiDocument(
  endpoints: readonly AnyEndpoint[],
  brand: Brand,
  version: string,
): OpenAPIV3_1.Document {
  const paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'delete', OpenAPIV3_1.OperationObject>>> = {};
  for (const endpoint of endpoints) {
    for (const path of [endpoint.path, ...(endpoint.aliases ?? []).map((a) => a.path)]) {
      const item = (paths[`/${path}`] ??= {});
      const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      item[method] = operation(endpoint, path);
    }
  }
  const tags = [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: `${brand.name} API`,
      version,
      description:
        'The reference API of the customer web app: every call the site makes (spec 2 §7), as declared in ' +
        "`src/lib/api/<area>/contract.ts`. Calls that name a customer answer only that customer's session; " +
        'state-changing calls from another site are refused.',
    },
    servers: [{ url: '/' }],
    tags,
    // openapi-types types 3.1 path items with 3.0 parts; the operations are 3.1's.
    paths: paths as OpenAPIV3_1.PathsObject,
    components: {
      schemas: { ApiError: jsonSchema(apiErrorSchema, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookieName(true),
          description: `The session cookie set by login (\`${sessionCookieName(false)}\` over plain http in development)`,
        },
      },
    },
  };
}
