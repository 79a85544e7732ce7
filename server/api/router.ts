import { Hono, type Handler, type MiddlewareHandler } from 'hono';
import type { ApiEnv } from './env.ts';
import { OWNER_PARAMS, requireOwner, requireSession } from './session.ts';

type Method = 'get' | 'post' | 'put' | 'delete';

export interface RouteOptions {
  /** The call needs a logged-in session. Implied by a user parameter in the path. */
  auth?: boolean;
  /** Middleware that runs after the access checks (a body limit: strangers' bodies are refused unread). */
  before?: MiddlewareHandler<ApiEnv>[];
}

/**
 * Declares API routes. A path with a user parameter ({guid}, {customerGUID}, {accountGUID}, {userGuid})
 * gets the owner check by construction, so no route can forget it.
 */
export class ApiRouter {
  readonly app = new Hono<ApiEnv>();

  route(method: Method, path: string, handler: Handler<ApiEnv>, options: RouteOptions = {}): this {
    const owner = OWNER_PARAMS.find((p) => path.includes(`:${p}`));
    const chain: MiddlewareHandler<ApiEnv>[] = [];
    if (owner) chain.push(requireOwner(owner));
    else if (options.auth) chain.push(requireSession);
    chain.push(...(options.before ?? []));
    this.app.on(method.toUpperCase(), [path], ...chain, handler);
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
