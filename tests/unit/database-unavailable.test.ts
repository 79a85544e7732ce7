/**
 * Which failures mean the database can't be reached (answered 503 and tried again) and which are something else
 * (server/db/unavailable.ts, docs/decisions/030).
 */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, markUnavailable, unavailableCause } from '../../server/db/unavailable.ts';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** What the query builder throws: its message holds the query and its parameters, the driver's error is the cause. */
const wrapped = (cause: unknown, params = '') => new Error(`Failed query: select 1\nparams: ${params}`, { cause });

describe('a database that cannot be reached', () => {
  it.each([
    ['a connection exception (class 08)', coded('08006')],
    ['an administrator ending the connection', coded('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown', coded('57P02')],
    ['a server still starting', coded('57P03')],
    ['no connection slot left', coded('53300')],
    ['a refused connection', coded('ECONNREFUSED')],
    ['a reset connection', coded('ECONNRESET')],
    ['every address of a name refusing', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a broken pooled client', new Error('Client has encountered a connection error and is not queryable')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['any failure to get a connection', markUnavailable(coded('55000', 'database "x" is not accepting connections'))],
  ])('is %s, also as the cause of a failed query', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(unavailableCause(wrapped(error))).toBe(error);
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a bad value', coded('22P02')],
    ['the same code once connected (not marked)', coded('55000')],
    ['a bug', new TypeError('x is undefined')],
    ['another service refusing a connection', new TypeError('fetch failed', { cause: coded('ECONNREFUSED') })],
    [
      'a query whose parameters quote a driver message',
      wrapped(coded('23505'), 'timeout exceeded when trying to connect'),
    ],
    ['nothing', undefined],
  ])('is not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
