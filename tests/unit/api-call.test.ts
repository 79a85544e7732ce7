import { describe, expect, it } from 'vitest';
import ky from 'ky';
import { z } from '../../src/lib/zod.ts';
import { call } from '../../src/lib/api/call.ts';
import { ApiError } from '../../src/lib/api/errors.ts';

function client(respond: () => Response | Promise<Response>) {
  return ky.create({ baseUrl: 'http://api.test/', retry: 0, fetch: async () => respond() });
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const okSchema = z.object({ ok: z.literal(true) });

describe('API calls', () => {
  it('parses answers with the contract', async () => {
    await expect(call(okSchema, () => client(() => json(200, { ok: true })).get('x'))).resolves.toEqual({ ok: true });
  });

  it('refuses an answer that breaks the contract', async () => {
    await expect(call(okSchema, () => client(() => json(200, { ok: 'yes' })).get('x'))).rejects.toMatchObject({
      status: 502,
      messageKey: 'errors.500',
    });
  });

  it.each([
    [401, { code: 'AE001' }, 'errors.login.AE001'],
    [401, { code: 'AE002' }, 'errors.login.AE002'],
    [401, { code: 'AE003' }, 'errors.login.AE003'],
    [401, { code: 'UNAUTHORIZED' }, 'errors.unauthorized'],
    [400, { code: 'VALIDATION', fieldErrors: { email: ['bad'] } }, 'errors.validation'],
    [429, { code: 'TOO_MANY_ATTEMPTS' }, 'errors.tooManyAttempts'],
    [500, { code: 'SERVER_ERROR' }, 'errors.500'],
    [503, 'not json', 'errors.500'],
    [400, { code: 'ACCOUNT_NOT_RESOLVED' }, 'errors.accountNotResolved'],
    [400, { code: 'ALREADY_ACTIVE' }, 'notifications.accountAlreadyActive'],
    [400, { code: 'SAME_PASSWORD' }, 'notifications.samePassword'],
    [400, { code: 'WRONG_PASSWORD' }, 'errors.wrongPassword'],
  ])('maps a %i %j to %s', async (status, body, key) => {
    const error = await call(okSchema, () => client(() => json(status, body, { 'retry-after': '42' })).post('x')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messageKey).toBe(key);
    expect((error as ApiError).retryAfterSeconds).toBe(42);
    const fieldErrors = typeof body === 'object' && 'fieldErrors' in body ? body.fieldErrors : {};
    expect((error as ApiError).fieldErrors).toEqual(fieldErrors);
  });

  it('maps a network failure to errors.network', async () => {
    const error = await call(okSchema, () =>
      client(() => {
        throw new TypeError('Failed to fetch');
      }).get('x'),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, messageKey: 'errors.network' });
  });
});
