import { afterEach, describe, expect, it, vi } from 'vitest';

// The site's client resolves '/api/…' against the page; here a page of a pretend site.
vi.hoisted(() => {
  globalThis.location = new URL('https://site.test/en/home') as unknown as Location;
});

import { z } from '../../src/lib/zod.ts';
import { call, callWithHeaders, urlOf } from '../../src/lib/api/call.ts';
import { endpoint, multipart } from '../../src/lib/api/endpoint.ts';
import { ApiError, loadErrorKey } from '../../src/lib/api/errors.ts';
import { json } from '../support/stores.ts';

const postOk = endpoint({
  tag: 'Test',
  summary: 'Says ok',
  method: 'POST',
  path: 'api/ok',
  answer: z.object({ ok: z.literal(true) }),
});

describe('API failures', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [401, { code: 'AE001' }, 'errors.login.AE001'],
    [401, { code: 'AE002' }, 'errors.login.AE002'],
    [401, { code: 'AE003' }, 'errors.login.AE003'],
    [401, { code: 'UNAUTHORIZED' }, 'errors.unauthorized'],
    [400, { code: 'VALIDATION', fieldErrors: { email: ['bad'] } }, 'errors.validation'],
    [429, { code: 'TOO_MANY_ATTEMPTS' }, 'errors.tooManyAttempts'],
    [500, { code: 'SERVER_ERROR' }, 'errors.500'],
    [503, { code: 'SERVICE_UNAVAILABLE' }, 'errors.unavailable'],
    [503, 'not json', 'errors.unavailable'],
    [400, { code: 'ACCOUNT_NOT_RESOLVED' }, 'errors.accountNotResolved'],
    [400, { code: 'ALREADY_ACTIVE' }, 'notifications.accountAlreadyActive'],
    [400, { code: 'SAME_PASSWORD' }, 'notifications.samePassword'],
    [400, { code: 'WRONG_PASSWORD' }, 'errors.wrongPassword'],
  ])('maps a %i %j to %s', async (status, body, key) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(status, body, { 'retry-after': '42' }));
    const error = await call(postOk).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messageKey).toBe(key);
    expect((error as ApiError).retryAfterSeconds).toBe(42);
    const fieldErrors = typeof body === 'object' && 'fieldErrors' in body ? body.fieldErrors : {};
    expect((error as ApiError).fieldErrors).toEqual(fieldErrors);
  });

  it('maps a network failure to errors.network', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await call(postOk).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, messageKey: 'errors.network' });
  });

  it("gives a page's load failure its message: the session ended, the service away for a moment, or else", () => {
    expect(loadErrorKey(new ApiError(401, { code: 'UNAUTHORIZED' }))).toBe('errors.unauthorized');
    expect(loadErrorKey(new ApiError(503, { code: 'SERVICE_UNAVAILABLE' }))).toBe('errors.unavailable');
    expect(loadErrorKey(new ApiError(500, null))).toBe('errors.500');
    expect(loadErrorKey(new Error('x'))).toBe('errors.500');
  });
});

const tag = 'Test';
const getThing = endpoint({
  tag,
  summary: 'A thing',
  method: 'GET',
  path: 'api/tracking//{origin}/things/{id}',
  query: z.object({ pageIndex: z.optional(z.int()), q: z.optional(z.string()) }),
  answer: z.object({ id: z.string() }),
});
const saveThing = endpoint({
  tag,
  summary: 'Saves a thing',
  method: 'POST',
  path: 'api/things',
  body: z.object({ name: z.string() }),
  answer: z.object({ saved: z.boolean() }),
});
const attach = endpoint({
  tag,
  summary: 'Attaches files',
  method: 'POST',
  path: 'api/things/{id}/files',
  body: multipart('files', 2),
  answer: null,
});

describe('call() on a declared call', () => {
  const seen: Request[] = [];
  const answer = (response: Response) =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      seen.push((input as Request).clone());
      return response;
    });
  afterEach(() => {
    vi.restoreAllMocks();
    seen.length = 0;
  });

  it('fills in the path, encoding each parameter, and adds the query without the parameters left out', async () => {
    answer(json(200, { id: 'a/b' }));
    await expect(
      call(getThing, { params: { origin: 'NYC', id: 'a/b' }, query: { pageIndex: 2, q: undefined } }),
    ).resolves.toEqual({ id: 'a/b' });
    expect(seen[0]?.url).toBe('https://site.test/api/tracking//NYC/things/a%2Fb?pageIndex=2');
    expect(seen[0]?.method).toBe('GET');
    expect(urlOf(getThing, { params: { origin: 'NYC', id: 7 }, query: { q: 'x y' } })).toBe(
      '/api/tracking//NYC/things/7?q=x+y',
    );
  });

  it('sends a JSON body and parses the answer with the declaration', async () => {
    answer(json(200, { saved: true }));
    await expect(call(saveThing, { body: { name: 'box' } })).resolves.toEqual({ saved: true });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(await seen[0]?.json()).toEqual({ name: 'box' });
  });

  it('refuses an answer that breaks the declaration', async () => {
    answer(json(200, { saved: 'yes' }));
    await expect(call(saveThing, { body: { name: 'box' } })).rejects.toMatchObject({ status: 502 });
  });

  it('sends files under the declared field, and reads no answer from a 204', async () => {
    answer(new Response(null, { status: 204 }));
    const files = [new File(['a'], 'a.pdf'), new File(['b'], 'b.png')];
    await expect(call(attach, { params: { id: 3 }, body: files })).resolves.toBeUndefined();
    const form = await seen[0]?.formData();
    expect(form?.getAll('files').map((f) => (f as File).name)).toEqual(['a.pdf', 'b.png']);
  });

  it('gives the answer headers to those who read them, and errors as ApiError', async () => {
    answer(json(200, { id: '1' }, { 'x-pagination': '{"TotalCount":3}' }));
    const { headers } = await callWithHeaders(getThing, { params: { origin: 'LON', id: 1 } });
    expect(headers.get('x-pagination')).toBe('{"TotalCount":3}');
    vi.restoreAllMocks();
    answer(json(409, { code: 'CONFLICT', message: 'no' }));
    await expect(call(saveThing, { body: { name: 'box' } })).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('refuses to send a call whose path parameter is missing', async () => {
    answer(json(200, { id: '1' }));
    await expect(call(getThing, { params: { origin: '', id: 1 } })).rejects.toThrow(/no origin/);
    expect(seen).toEqual([]);
  });
});
