import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono, type Context, type Handler, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  errorCodesOf,
  isSchema,
  needsSession,
  ownerParamOf,
  paramNamesOf,
  successStatusOf,
  successStatusesOf,
  takesInput,
  type AnswerIn,
  type AnyEndpoint,
  type BodyOut,
  type ErrorStatus,
  type OwnerParam,
  type ParamNames,
  type ParamsOut,
  type QueryOut,
} from '../../src/lib/api/endpoint.ts';
import type { ApiEnv, SessionContext } from './env.ts';
import { HttpError, asHttpError, fieldErrorsOf, invalid, jsonBody } from './http-errors.ts';
import { ErrorCode, apiErrorSchema } from '../../src/lib/api/errors.ts';
import { requireOwner, requireSession } from './session.ts';
import { unstorableFields } from './storable.ts';

export interface RouteOptions {
  /** Middleware that runs after the access checks (a body limit: strangers' bodies are refused unread). */
  before?: MiddlewareHandler<ApiEnv>[];
  /**
   * A hot read (issue 28): also answered beside the app, straight from the Node request, when the request is plainly
   * its owner's (server/api/hot-reads.ts). Only for a GET whose handler reads `c.var` and sets headers, no more.
   */
  hot?: boolean;
}

/** A hot read as the path beside the app runs it (server/api/hot-reads.ts). */
export interface HotCall {
  readonly endpoint: AnyEndpoint;
  /** The path's pattern: each parameter a segment without `/`. */
  readonly pattern: RegExp;
  readonly params: readonly string[];
  readonly owner: OwnerParam | undefined;
  /**
   * Checks the path and query as the app's chain does and runs the handler with `c`; throws where the app would
   * answer otherwise than with the declared success (the path beside the app then hands the request to the app).
   */
  answer(c: Context<ApiEnv>, params: Record<string, string>, query: Record<string, string>): Promise<unknown>;
}

/** A route as declared, for tests and reviews that walk the whole API (tests/api/security.test.ts). */
export interface DeclaredRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Hono's path, with `:name` parameters. */
  readonly path: string;
  /** Every path parameter's name, in order. */
  readonly params: readonly string[];
  /** The user parameter that gets the owner check, if the path has one. */
  readonly owner: OwnerParam | undefined;
  /** Whether the call needs a session (401 without one): always with an owner parameter. */
  readonly auth: boolean;
  /** 'link' when the user the path names is checked by the handler against an account link's token. */
  readonly ownerBy: 'session' | 'link';
}

/** Hono's form of a spec path: '/api/account/:guid/wallet' for 'api/account/{guid}/wallet'. */
export const honoPath = (specPath: string) => `/${specPath.replace(/\{(\w+)\}/g, ':$1')}`;

/** Whether a call's handler runs after the session check: then the context's user is not optional. */
type Authed<E extends AnyEndpoint> = E['auth'] extends true
  ? true
  : E['ownerBy'] extends 'link'
    ? false
    : [Extract<ParamNames<E['path']>, OwnerParam>] extends [never]
      ? false
      : true;

/** The context a call's handler gets. */
export type CallContext<E extends AnyEndpoint> = Authed<E> extends true ? SessionContext : Context<ApiEnv>;

/** The checked input of a call. */
export interface CallInput<E extends AnyEndpoint> {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
}

/** What a handler gives back: the answer as JSON (sent with the declared status), or a response of its own. */
type Result<E extends AnyEndpoint> = E['answer'] extends null
  ? Response | undefined
  : [AnswerIn<E>] extends [never]
    ? Response
    : AnswerIn<E> | Response;

export type CallHandler<E extends AnyEndpoint> = (
  c: CallContext<E>,
  input: CallInput<E>,
) => Promise<Result<E>> | Result<E>;

/** A parsed part of the request (the path, the query), or a 400 naming its fields. */
function parsed(schema: z.core.$ZodType | undefined, value: unknown): unknown {
  if (!schema) return value;
  const result = z.safeParse(schema, value);
  if (!result.success) throw invalid(fieldErrorsOf(result.error));
  return result.data;
}

/** Refuses, as a 400 naming the fields, input the database could not store (./storable.ts). */
function refuseUnstorable(...parts: unknown[]): void {
  const fieldErrors = Object.assign({}, ...parts.map(unstorableFields)) as Record<string, string[]>;
  if (Object.keys(fieldErrors).length > 0) throw invalid(fieldErrors);
}

/**
 * The path and query as sent, checked before the call's own middleware, some of which look up what the path names
 * before the router parses it (a country, a shipment).
 */
function storablePathAndQuery(endpoint: AnyEndpoint): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    refuseUnstorable(c.req.param(), endpoint.query ? c.req.query() : undefined);
    await next();
  };
}

/** The size from which answers are compressed (the app's compression, and the hot reads beside it). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * A JSON answer with its length, so the compression after it leaves small answers as they are (it compresses only
 * what is known to be COMPRESS_FROM_BYTES or more).
 */
function jsonAnswer(c: Context<ApiEnv>, result: unknown, status: number): Response {
  const text = JSON.stringify(result);
  return c.body(text, status as 200, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  });
}

/**
 * A call's path and query parsed with its declaration, then its body read (`body`), in that order; refused (400)
 * when unstorable once parsed.
 */
async function checkedInput<E extends AnyEndpoint>(
  endpoint: E,
  params: unknown,
  query: unknown,
  body: () => unknown,
): Promise<CallInput<E>> {
  const input = {
    params: parsed(endpoint.params, params),
    query: endpoint.query ? parsed(endpoint.query, query) : undefined,
    body: await body(),
  } as CallInput<E>;
  // What the handler gets, as parsed (a number from a path, a field a default filled in), must be storable too.
  refuseUnstorable(input.params, input.query, input.body);
  return input;
}

/** JSON bodies here are forms and lists of ids: 64 KiB is far above any of them. */
export const MAX_JSON_BYTES = 64 * 1024;

/** Refuses a larger JSON body from its Content-Length, or while it streams in, so it is never read into memory. */
const limitJson: MiddlewareHandler<ApiEnv> = bodyLimit({
  maxSize: MAX_JSON_BYTES,
  onError: () => {
    throw new HttpError(413, { code: ErrorCode.bodyTooLarge, message: `Send at most ${MAX_JSON_BYTES} bytes of JSON` });
  },
});

/** A contract breach found while testing: an answer or error the declaration doesn't promise. */
class ContractBreach extends Error {
  override readonly name = 'ContractBreach';
}

/**
 * With contract checks on (tests): a JSON answer must parse with the declaration's schema, and a refusal the
 * handler answered itself (an idempotent replay of one) must be one the declaration lists.
 */
async function checkAnswer(endpoint: AnyEndpoint, response: Response): Promise<void> {
  const { answer } = endpoint;
  if (response.status >= 400 && response.status !== 500) {
    const body = apiErrorSchema.safeParse(
      await response
        .clone()
        .json()
        .catch(() => undefined),
    );
    checkError(endpoint, new HttpError(response.status as ErrorStatus, body.success ? body.data : { code: '?' }));
    return;
  }
  if (!isSchema(answer) || response.status >= 300) return;
  const expected = successStatusesOf(endpoint);
  if (!(expected as readonly number[]).includes(response.status)) {
    throw new ContractBreach(
      `${endpoint.method} ${endpoint.path} answered ${response.status}, declared ${expected.join(' or ')}`,
    );
  }
  const body = await answerJson(response);
  const result = z.safeParse(answer, body);
  if (!result.success) {
    throw new ContractBreach(`${endpoint.method} ${endpoint.path} answer breaks its schema: ${result.error.message}`);
  }
}

/** A JSON answer's body, decoded when the handler sent it compressed (the articles' kept answers). */
export async function answerJson(response: Response): Promise<unknown> {
  const bytes = Buffer.from(await response.clone().arrayBuffer());
  const encoding = response.headers.get('Content-Encoding');
  try {
    const text = (
      encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes
    ).toString('utf8');
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** With contract checks on: every error a handler throws must be one its declaration lists. */
function checkError(endpoint: AnyEndpoint, error: unknown): void {
  if (!(error instanceof HttpError)) return;
  const declared = errorCodesOf(endpoint).get(error.status as ErrorStatus);
  if (!declared?.has(error.body.code)) {
    throw new ContractBreach(
      `${endpoint.method} ${endpoint.path} answered ${error.status} ${error.body.code}, which it does not declare`,
    );
  }
}

/**
 * Registers the API's routes from their declarations (src/lib/api/endpoint.ts). A path with a user parameter
 * ({guid}, {customerGUID}, {accountGUID}, {userGuid}) gets the owner check by construction, so no route can forget
 * it; the path, query and body are parsed with the declared schemas before the handler runs (400 naming the
 * fields, 415 for a body that is not JSON). Every declaration is recorded in `endpoints`.
 */
export class ApiRouter {
  readonly app = new Hono<ApiEnv>();
  readonly #endpoints: AnyEndpoint[] = [];
  readonly #hot: HotCall[] = [];

  /** Refuse, as a 500 the tests see, an answer or an error the declaration doesn't promise. */
  readonly checkContract: boolean;

  constructor(checkContract = false) {
    this.checkContract = checkContract;
  }

  /** Every route declared so far (each declared path and alias), in declaration order (a frozen copy). */
  get routes(): readonly DeclaredRoute[] {
    return Object.freeze(
      this.#endpoints.flatMap((e) =>
        [e.path, ...(e.aliases ?? []).map((a) => a.path)].map((path) =>
          Object.freeze({
            method: e.method,
            path: honoPath(path),
            params: Object.freeze(paramNamesOf(path)),
            owner: ownerParamOf(e),
            auth: needsSession(e),
            ownerBy: e.ownerBy ?? 'session',
          }),
        ),
      ),
    );
  }

  /** The hot reads (RouteOptions.hot), in declaration order. */
  get hotCalls(): readonly HotCall[] {
    return Object.freeze([...this.#hot]);
  }

  /** Every call registered from its declaration, in order. */
  get endpoints(): readonly AnyEndpoint[] {
    return Object.freeze([...this.#endpoints]);
  }

  /** Registers a declared call: its path and aliases, the access checks, the input parsing and the handler. */
  handle<E extends AnyEndpoint>(endpoint: E, handler: CallHandler<E>, options: RouteOptions = {}): this {
    if (this.#endpoints.includes(endpoint)) throw new Error(`${endpoint.method} ${endpoint.path} registered twice`);
    const owner = ownerParamOf(endpoint);
    const chain: MiddlewareHandler<ApiEnv>[] = [];
    if (owner) chain.push(requireOwner(owner));
    else if (needsSession(endpoint)) chain.push(requireSession);
    if (takesInput(endpoint)) chain.push(storablePathAndQuery(endpoint));
    if (isSchema(endpoint.body)) chain.push(limitJson);
    const status = successStatusOf(endpoint);
    const check = this.checkContract;
    // With contract checks on, the refusals of the call's own middleware (a throttle, a body refused unread) must be
    // declared too.
    for (const middleware of options.before ?? []) {
      chain.push(
        check
          ? async (c, next) => {
              try {
                return await middleware(c, next);
              } catch (error) {
                checkError(endpoint, error);
                throw error;
              }
            }
          : middleware,
      );
    }

    const run: Handler<ApiEnv> = async (c) => {
      const input = await checkedInput(endpoint, c.req.param(), endpoint.query ? c.req.query() : undefined, () =>
        isSchema(endpoint.body) ? jsonBody(c, endpoint.body) : undefined,
      );
      let result: unknown;
      try {
        result = await handler(c as CallContext<E>, input);
      } catch (thrown) {
        // Domain modules refuse with domain errors; here, at the edge, they become answers.
        const error = asHttpError(thrown);
        if (check) checkError(endpoint, error);
        throw error;
      }
      const response =
        result instanceof Response ? result : status === 204 ? c.body(null, 204) : jsonAnswer(c, result, status);
      if (check) await checkAnswer(endpoint, response);
      return response;
    };

    const specPaths = [endpoint.path, ...(endpoint.aliases ?? []).map((a) => a.path)];
    this.app.on(endpoint.method, specPaths.map(honoPath), ...chain, run);
    if (options.hot) this.#hot.push(...specPaths.map((path) => this.#hotCall(endpoint, path, handler, options)));
    this.#endpoints.push(endpoint);
    return this;
  }

  /** The hot read of `specPath`, one of the call's paths. */
  #hotCall<E extends AnyEndpoint>(
    endpoint: E,
    specPath: string,
    handler: CallHandler<E>,
    options: RouteOptions,
  ): HotCall {
    if (endpoint.method !== 'GET' || options.before?.length || !isSchema(endpoint.answer)) {
      throw new Error(`${endpoint.method} ${endpoint.path}: only a GET with a JSON answer and no middleware is hot`);
    }
    const check = this.checkContract;
    const answerSchema = endpoint.answer;
    return {
      endpoint,
      pattern: new RegExp(`^${honoPath(specPath).replace(/:\w+/g, '([^/]+)')}$`),
      params: paramNamesOf(specPath),
      owner: ownerParamOf(endpoint),
      async answer(c, params, query) {
        // As the app's chain: the path and query as sent, then as parsed.
        refuseUnstorable(params, endpoint.query ? query : undefined);
        const result = await handler(c as CallContext<E>, await checkedInput(endpoint, params, query, () => undefined));
        if (result instanceof Response || result === undefined) throw new Error('not a JSON answer');
        if (check && !z.safeParse(answerSchema, result).success) throw new ContractBreach('the app answers this one');
        return result;
      },
    };
  }
}
