import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

describe('the log', () => {
  it("keeps a failed query's statement and its driver's error, never the values a customer sent", () => {
    const { logger, lines } = capture();
    const cause = Object.assign(new Error('value too long for type character varying(64)'), { code: '22001' });
    const error = new DrizzleQueryError(
      'insert into "wallet_tokens" ("token", "email") values ($1, $2)',
      ['tok_9f8e7d6c5b4a', 'dana@example.com'],
      cause,
    );
    logger.error({ err: error, path: '/api/account/x/wallet/content/3rdparty' }, 'unhandled API error');
    const written = lines.join('');
    expect(written).not.toContain('tok_9f8e7d6c5b4a');
    expect(written).not.toContain('dana@example.com');
    const entry = JSON.parse(written) as {
      err: { message: string; paramCount: number; stack: string; cause: { message: string; code: string } };
    };
    expect(entry.err.message).toBe('Failed query: insert into "wallet_tokens" ("token", "email") values ($1, $2)');
    expect(entry.err.paramCount).toBe(2);
    expect(entry.err.stack).toMatch(/^\s+at /);
    expect(entry.err.cause).toMatchObject({ message: 'value too long for type character varying(64)', code: '22001' });
  });

  it('writes other errors whole', () => {
    const { logger, lines } = capture();
    logger.error({ err: new TypeError('boom') }, 'unhandled error');
    const entry = JSON.parse(lines.join('')) as { err: { type: string; message: string; stack: string } };
    expect(entry.err).toMatchObject({ type: 'TypeError', message: 'boom' });
    expect(entry.err.stack).toContain('TypeError: boom');
  });
});
