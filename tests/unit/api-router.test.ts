/**
 * The router registers a call from its declaration (src/lib/api/endpoint.ts): the access checks its path implies,
 * the parsing of its path, query and body, its success status, its aliases, and, with contract checks on, the
 * refusal of answers and errors the declaration doesn't promise.
 */
import { describe, expect, it } from 'vitest';
import { z } from '../../src/lib/zod.ts';
import { endpoint, errorCodesOf } from '../../src/lib/api/endpoint.ts';
import { ApiRouter } from '../../server/api/router.ts';
import { HttpError, notFound } from '../../server/api/http-errors.ts';
import { ErrorCode } from '../../src/lib/api/errors.ts';

const tag = 'Test';
const item = z.object({ id: z.int(), name: z.string() });

const getItem = endpoint({
  tag,
  summary: 'An item of a customer',
  method: 'GET',
  path: 'api/customers/{guid}/items/{id}',
  params: z.object({ guid: z.string(), id: z.coerce.number().check(z.int(), z.positive()) }),
  query: z.object({ lang: z._default(z.enum(['en', 'ar']), 'en') }),
  answer: item,
  errors: { 404: [ErrorCode.notFound] },
  aliases: [{ path: 'api/customers/{guid}/item/{id}', why: 'a test' }],
});

const addItem = endpoint({
  tag,
  summary: 'Adds an item',
  method: 'POST',
  path: 'api/items',
  auth: true,
  body: z.object({ name: z.string().check(z.minLength(1)) }),
  answer: item,
  status: 201,
});

const removeItem = endpoint({
  tag,
  summary: 'Removes an item',
  method: 'DELETE',
  path: 'api/items/{id}',
  answer: null,
});

function app(handlers: { get?: () => unknown; add?: () => unknown } = {}) {
  const router = new ApiRouter(true);
  // What the session middleware does: the user of the request, here from a header.
  router.app.use('*', async (c, next) => {
    c.set('userGuid', c.req.header('x-user'));
    await next();
  });
  router.app.onError((error, c) =>
    error instanceof HttpError ? c.json(error.body, error.status) : c.json({ code: 'SERVER_ERROR' }, 500),
  );
  router
    .handle(getItem, async (c, { params, query }) => {
      if (handlers.get) return handlers.get() as never;
      if (params.id === 404) throw notFound();
      return { id: params.id, name: `${c.var.userGuid}:${query.lang}` };
    })
    .handle(addItem, async (_c, { body }) => (handlers.add ? (handlers.add() as never) : { id: 7, name: body.name }))
    .handle(removeItem, async () => undefined);
  return router;
}

const send = (router: ApiRouter, method: string, path: string, init: { user?: string; json?: unknown } = {}) =>
  router.app.request(path, {
    method,
    headers: {
      ...(init.user ? { 'x-user': init.user } : {}),
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });

describe('ApiRouter.handle', () => {
  it('answers a declared call with its parsed path and query, as the owner only', async () => {
    const router = app();
    const ok = await send(router, 'GET', '/api/customers/u1/items/3?lang=ar', { user: 'u1' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id: 3, name: 'u1:ar' });
    expect((await send(router, 'GET', '/api/customers/u1/items/3')).status).toBe(401);
    expect((await send(router, 'GET', '/api/customers/u1/items/3', { user: 'u2' })).status).toBe(403);
  });

  it('answers at its aliases too', async () => {
    const alias = await send(app(), 'GET', '/api/customers/u1/item/5', { user: 'u1' });
    expect(await alias.json()).toEqual({ id: 5, name: 'u1:en' });
  });

  it('refuses a path parameter, a query or a body that breaks its schema, naming the field', async () => {
    const router = app();
    const badId = await send(router, 'GET', '/api/customers/u1/items/x', { user: 'u1' });
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { id: expect.any(Array) } });
    const badLang = await send(router, 'GET', '/api/customers/u1/items/1?lang=fr', { user: 'u1' });
    expect(await badLang.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { lang: expect.any(Array) } });
    const badBody = await send(router, 'POST', '/api/items', { user: 'u1', json: { name: '' } });
    expect(await badBody.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { name: expect.any(Array) } });
    const notJson = await router.app.request('/api/items', { method: 'POST', headers: { 'x-user': 'u1' }, body: 'x' });
    expect(notJson.status).toBe(415);
  });

  it('refuses input the database could not store, naming the field, before any handler runs', async () => {
    let ran = 0;
    const router = app({
      get: () => (ran++, { id: 1, name: 'x' }),
      add: () => (ran++, { id: 1, name: 'x' }),
    });
    const problems = async (res: Response) => {
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; fieldErrors: Record<string, string[]> };
      expect(body.code).toBe('VALIDATION');
      return body.fieldErrors;
    };
    const nul = await send(router, 'POST', '/api/items', { user: 'u1', json: { name: 'box\u0000' } });
    expect(await problems(nul)).toEqual({ name: ['Contains a NUL character'] });
    const surrogate = await send(router, 'POST', '/api/items', { user: 'u1', json: { name: 'box\ud800' } });
    expect(await problems(surrogate)).toEqual({ name: ['Contains an unpaired surrogate'] });
    // A path that parses to an integer PostgreSQL's integer columns can't hold.
    const huge = await send(router, 'GET', '/api/customers/u1/items/99999999999', { user: 'u1' });
    expect(await problems(huge)).toEqual({ id: ['Out of range (-2147483648 to 2147483647)'] });
    // The query as sent, before its schema.
    const query = await send(router, 'GET', '/api/customers/u1/items/1?lang=en%00', { user: 'u1' });
    expect(await problems(query)).toEqual({ lang: ['Contains a NUL character'] });
    const path = await send(router, 'DELETE', '/api/items/1%00');
    expect(await problems(path)).toEqual({ id: ['Contains a NUL character'] });
    expect(ran).toBe(0);
    // The largest integer a column holds passes.
    expect((await send(router, 'GET', '/api/customers/u1/items/2147483647', { user: 'u1' })).status).toBe(200);
  });

  it('answers with the declared status: 201 for a creation, 204 with no answer', async () => {
    const router = app();
    const created = await send(router, 'POST', '/api/items', { user: 'u1', json: { name: 'box' } });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: 7, name: 'box' });
    expect((await send(router, 'POST', '/api/items', { json: { name: 'box' } })).status).toBe(401);
    const removed = await send(router, 'DELETE', '/api/items/1');
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe('');
  });

  it('refuses, with contract checks on, an answer that breaks the schema and an error not declared', async () => {
    const wrongAnswer = await send(app({ get: () => ({ id: 'one' }) }), 'GET', '/api/customers/u1/items/1', {
      user: 'u1',
    });
    expect(wrongAnswer.status).toBe(500);
    const undeclared = await send(
      app({
        add: () => {
          throw new HttpError(409, { code: 'CONFLICT', message: 'no' });
        },
      }),
      'POST',
      '/api/items',
      { user: 'u1', json: { name: 'box' } },
    );
    expect(undeclared.status).toBe(500);
    // A declared one passes.
    const declared = await send(app(), 'GET', '/api/customers/u1/items/404', { user: 'u1' });
    expect(declared.status).toBe(404);
  });

  it('records every declaration it registered, once', () => {
    const router = app();
    expect(router.endpoints).toEqual([getItem, addItem, removeItem]);
    expect(() => router.handle(removeItem, async () => undefined)).toThrow(/twice/);
    expect(router.routes.map((r) => `${r.method} ${r.path} ${r.owner ?? '-'} ${r.auth}`)).toEqual([
      'GET /api/customers/:guid/items/:id guid true',
      'GET /api/customers/:guid/item/:id guid true',
      'POST /api/items - true',
      'DELETE /api/items/:id - false',
    ]);
  });

  it('implies the errors of its shape: validation, body size, session, owner and cross-site refusals', () => {
    const codes = (e: Parameters<typeof errorCodesOf>[0]) =>
      Object.fromEntries([...errorCodesOf(e)].map(([status, set]) => [status, [...set]]));
    expect(codes(getItem)).toEqual({
      400: ['VALIDATION'],
      401: ['UNAUTHORIZED'],
      403: ['FORBIDDEN'],
      503: ['SERVICE_UNAVAILABLE'],
      404: ['NOT_FOUND'],
    });
    expect(codes(addItem)).toEqual({
      400: ['VALIDATION'],
      413: ['BODY_TOO_LARGE'],
      415: ['VALIDATION'],
      401: ['UNAUTHORIZED'],
      403: ['FORBIDDEN'],
      503: ['SERVICE_UNAVAILABLE'],
    });
  });
});
