/**
 * One API call, declared once (docs/decisions/028): its method, its spec path with `{name}` parameters, the
 * schemas of its path, query, body and answer, and the error codes it can answer. The server registers its route
 * from the declaration (server/api/router.ts `ApiRouter.handle`), the site calls through it (`call()` in
 * ./call.ts) and the OpenAPI document is generated from it (server/api/openapi.ts).
 *
 * Each declaration is its own export of its area's contract (`src/lib/api/<area>/contract.ts`), so a page bundles
 * the schemas of the calls it makes and no others.
 */
import type { z } from '../zod.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A schema of either zod build: the site's mini one and the server's classic one share this core. */
export type Schema = z.core.$ZodType;

/** The statuses an error answer can have (server/api/http-errors.ts), beside 500. */
export type SuccessStatus = 200 | 201 | 204;

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503 | 504;

/** Path parameters that name a user: a session may only touch its own (the router's owner check). */
export const OWNER_PARAMS = ['guid', 'customerGUID', 'accountGUID', 'userGuid'] as const;
export type OwnerParam = (typeof OWNER_PARAMS)[number];

/** A multipart body: files under one field, checked by content, size and count by the server. */
export interface MultipartBody {
  readonly kind: 'multipart';
  /** The form field the files go under. */
  readonly field: string;
  /** How many files one call may carry. */
  readonly maxFiles: number;
}

/** An answer that is a file (a download), not JSON. */
export interface FileAnswer {
  readonly kind: 'file';
  /** What the file can be, for the document. */
  readonly description: string;
}

export const multipart = (field: string, maxFiles: number): MultipartBody => ({ kind: 'multipart', field, maxFiles });
export const fileAnswer = (description: string): FileAnswer => ({ kind: 'file', description });

/** A header of the request or the answer, for the document (and for the site to read). */
export interface HeaderSpec {
  readonly description: string;
  readonly required?: boolean;
  /** What the header's value parses as, when the site reads it (X-Pagination is JSON). */
  readonly schema?: Schema;
}

export interface EndpointSpec<P extends string = string> {
  /** One line: what the call does (the document's summary). */
  readonly summary: string;
  /** More words for the document, when the summary is not enough. */
  readonly description?: string;
  /** The area it belongs to (the document's tag). */
  readonly tag: string;
  readonly method: Method;
  /** The spec's path, from the site's root: 'api/account/{customerGUID}/wallet'. */
  readonly path: P;
  /** Schema of the path parameters, an object keyed by the path's names; default: each a string. */
  readonly params?: Schema;
  /** Schema of the query string, an object of its parameters. */
  readonly query?: Schema;
  /** Schema of the JSON body, or a multipart body of files. */
  readonly body?: Schema | MultipartBody;
  /** Schema of the JSON answer; a file; a page; or null for none (204). */
  readonly answer: Schema | FileAnswer | null;
  /**
   * The status of a success; default 200 (204 when the answer is null). A call that answers either of two (a
   * creation that answers what an earlier one made) lists both, the usual one first; the handler then sends the
   * other one itself (`c.json(answer, 200)`).
   */
  readonly status?: SuccessStatus | readonly [SuccessStatus, ...SuccessStatus[]];
  readonly requestHeaders?: Readonly<Record<string, HeaderSpec>>;
  readonly answerHeaders?: Readonly<Record<string, HeaderSpec>>;
  /**
   * The error codes the call answers, by status, beyond what the declaration implies: VALIDATION (400) for a call
   * with parameters, a query or a body; UNAUTHORIZED (401) for one that needs a session; FORBIDDEN (403) for a
   * path that names a user or a call that changes state (refused from another site); SERVICE_UNAVAILABLE (503) for
   * every call, while the database can't be reached.
   */
  readonly errors?: { readonly [S in ErrorStatus]?: readonly string[] };
  /** A session is needed though the path names no user. */
  readonly auth?: boolean;
  /**
   * How the user the path names is checked: 'session' (default) by the router, which refuses any session but that
   * user's; 'link' by the handler, from an account link's token the logged-out customer holds (activation), which
   * must name the same user (403 otherwise).
   */
  readonly ownerBy?: 'session' | 'link';
  /** Other paths that answer the same, each kept because something outside the site needs it (say why). */
  readonly aliases?: readonly { readonly path: string; readonly why: string }[];
}

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & { readonly kind: 'endpoint' };
export type AnyEndpoint = Endpoint<EndpointSpec>;

/** Declares a call. */
export function endpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  return { ...spec, kind: 'endpoint' };
}

export function isEndpoint(value: unknown): value is AnyEndpoint {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'endpoint';
}

/** Whether a body or answer is a zod schema (not a multipart, file or page marker). */
export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

// ---------------------------------------------------------------------------
// What a declaration implies, for the router, the client and the document alike.

/** The names of a spec path's `{name}` parameters, in order. */
export function paramNamesOf(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
}

/** The user parameter of the path that the router checks against the session. */
export function ownerParamOf(endpoint: EndpointSpec): OwnerParam | undefined {
  if (endpoint.ownerBy === 'link') return undefined;
  const names = paramNamesOf(endpoint.path);
  return OWNER_PARAMS.find((p) => names.includes(p));
}

/** Whether the call needs a logged-in session: always when the path names a user. */
export function needsSession(endpoint: EndpointSpec): boolean {
  return endpoint.auth === true || ownerParamOf(endpoint) !== undefined;
}

/** Whether the call takes any input the server checks (a 400 VALIDATION is then possible). */
export function takesInput(endpoint: EndpointSpec): boolean {
  return paramNamesOf(endpoint.path).length > 0 || Boolean(endpoint.query) || Boolean(endpoint.body);
}

/** Every error code the call can answer with each status: the declared ones and those its shape implies. */
export function errorCodesOf(endpoint: EndpointSpec): Map<ErrorStatus, Set<string>> {
  const codes = new Map<ErrorStatus, Set<string>>();
  const add = (status: ErrorStatus, code: string) => {
    let set = codes.get(status);
    if (!set) codes.set(status, (set = new Set()));
    set.add(code);
  };
  if (takesInput(endpoint)) add(400, 'VALIDATION');
  if (isSchema(endpoint.body)) {
    add(415, 'VALIDATION');
    add(413, 'BODY_TOO_LARGE');
  }
  if (needsSession(endpoint)) add(401, 'UNAUTHORIZED');
  if (ownerParamOf(endpoint) || endpoint.ownerBy === 'link' || endpoint.method !== 'GET') add(403, 'FORBIDDEN');
  // Every call reads the database, if only for the session.
  add(503, 'SERVICE_UNAVAILABLE');
  for (const [status, list] of Object.entries(endpoint.errors ?? {})) {
    for (const code of list) add(Number(status) as ErrorStatus, code);
  }
  return codes;
}

/** Every status a success of the call can have, the usual one first. */
export function successStatusesOf(endpoint: EndpointSpec): readonly SuccessStatus[] {
  const { status } = endpoint;
  if (status === undefined) return [endpoint.answer === null ? 204 : 200];
  return typeof status === 'number' ? [status] : status;
}

/** The usual success status of a call: the one the router sends a handler's answer with. */
export const successStatusOf = (endpoint: EndpointSpec): SuccessStatus => successStatusesOf(endpoint)[0] ?? 200;

// ---------------------------------------------------------------------------
// Types a declaration gives its callers and its handler.

/** The names of a path's `{name}` parameters, as a union of string literals. */
export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer R}` ? N | ParamNames<R> : never;

type SchemaIn<T> = T extends Schema ? z.input<T> : never;
type SchemaOut<T> = T extends Schema ? z.output<T> : never;

/** What the site passes for each path parameter. */
export type ParamsIn<E extends EndpointSpec> = Record<ParamNames<E['path']>, string | number | boolean>;

/** What the handler reads for the path parameters: the schema's output, else strings. */
export type ParamsOut<E extends EndpointSpec> = E['params'] extends Schema
  ? SchemaOut<E['params']>
  : Record<ParamNames<E['path']>, string>;

export type QueryIn<E extends EndpointSpec> = E['query'] extends Schema ? SchemaIn<E['query']> : undefined;
export type QueryOut<E extends EndpointSpec> = E['query'] extends Schema ? SchemaOut<E['query']> : undefined;

export type BodyIn<E extends EndpointSpec> = E['body'] extends MultipartBody
  ? readonly File[]
  : E['body'] extends Schema
    ? SchemaIn<E['body']>
    : undefined;
export type BodyOut<E extends EndpointSpec> = E['body'] extends Schema ? SchemaOut<E['body']> : undefined;

/** What the site gets back: the answer schema's output; a Blob for a file; nothing for none. */
export type AnswerOut<E extends EndpointSpec> = E['answer'] extends Schema
  ? SchemaOut<E['answer']>
  : E['answer'] extends FileAnswer
    ? Blob
    : undefined;

/** What the handler must give: JSON that parses with the answer schema. */
export type AnswerIn<E extends EndpointSpec> = E['answer'] extends Schema ? SchemaIn<E['answer']> : never;

/** The input of a call from the site: only the parts the declaration has. */
export type CallInput<E extends EndpointSpec> = ([ParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: ParamsIn<E> }) &
  (E['query'] extends Schema
    ? object extends QueryIn<E>
      ? { query?: QueryIn<E> }
      : { query: QueryIn<E> }
    : { query?: undefined }) &
  (E['body'] extends Schema | MultipartBody ? { body: BodyIn<E> } : { body?: undefined });

/** Whether a call's input may be left out: nothing in it is required. */
export type InputOptional<E extends EndpointSpec> = object extends CallInput<E> ? true : false;
