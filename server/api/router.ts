import { Hono, type Handler, type MiddlewareHandler } from 'hono';
import type { ApiEnv } from './env.ts';
import { OWNER_PARAMS, requireOwner, requireSession } from './session.ts';

type Method = 'get' | 'post' | 'put' | 'delete';

/** A path parameter that names a user. */
export type OwnerParam = (typeof OWNER_PARAMS)[number];

export interface RouteOptions {
  /** The call needs a logged-in session. Implied by a user parameter in the path. */
  auth?: boolean;
  /** Middleware that runs after the access checks (a body limit: strangers' bodies are refused unread). */
  before?: MiddlewareHandler<ApiEnv>[];
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
}

/** The names of a Hono path's parameters (`:name`, `:name?`, `:name{regex}`). */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
}

/**
 * Declares API routes. A path with a user parameter ({guid}, {customerGUID}, {accountGUID}, {userGuid})
 * gets the owner check by construction, so no route can forget it. Every declaration is recorded in `routes`.
 */
export class ApiRouter {
  readonly app = new Hono<ApiEnv>();
  readonly #routes: DeclaredRoute[] = [];

  /** Every route declared so far, in declaration order (a frozen copy). */
  get routes(): readonly DeclaredRoute[] {
    return Object.freeze([...this.#routes]);
  }

  route(method: Method, path: string, handler: Handler<ApiEnv>, options: RouteOptions = {}): this {
    const params = paramNames(path);
    const owner = OWNER_PARAMS.find((p) => params.includes(p));
    const chain: MiddlewareHandler<ApiEnv>[] = [];
    if (owner) chain.push(requireOwner(owner));
    else if (options.auth) chain.push(requireSession);
    chain.push(...(options.before ?? []));
    this.app.on(method.toUpperCase(), [path], ...chain, handler);
    this.#routes.push(
      Object.freeze({
        method: method.toUpperCase() as DeclaredRoute['method'],
        path,
        params: Object.freeze(params),
        owner,
        auth: Boolean(owner) || Boolean(options.auth),
      }),
    );
    return this;
  }

  get(path: string, handler: Handler<ApiEnv>, options?: RouteOptions): this {
    return this.route('get', path, handler, options);
  }
  post(path: string, handler: Handler<ApiEnv>, options?: RouteOptions): this {
    return this.route('post', path, handler, options);
  }
  put(path: string, handler: Handler<ApiEnv>, options?: RouteOptions): this {
    return this.route('put', path, handler, options);
  }
  delete(path: string, handler: Handler<ApiEnv>, options?: RouteOptions): this {
    return this.route('delete', path, handler, options);
  }
}
