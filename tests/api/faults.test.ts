/**
 * Under faults (docs/decisions/030): while the database can't be reached every call answers 503 with a code, a
 * message and Retry-After, readiness agrees, and both come back by themselves; input the database could not store
 * is a 400 naming the field on every call, never a 500; an upload over the limit gets its 413 over a real socket
 * while the client is still sending, and the connection stays usable.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Server } from 'node:http';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, capturedLogger, createTestApp, type TestApp } from './harness.ts';
import { createApi } from '../../server/api/api.ts';
import { MAX_JSON_BYTES } from '../../server/api/router.ts';
import type { ApiDeps } from '../../server/api/env.ts';
import { OWNER_PARAMS, type AnyEndpoint } from '../../src/lib/api/endpoint.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { openDatabase } from '../../server/db/database.ts';
import { seedIfEmpty } from '../../server/dev/seed.ts';
import { createApp } from '../../server/app.ts';
import { listen, type DiscardLimits } from '../../server/listen.ts';
import { MAX_FILE_BYTES } from '../../src/lib/uploads/file-rules.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { z } from 'zod';

const API = createApi({} as ApiDeps);

/** An empty site folder for the apps built here without the harness. */
let distDir: string;
beforeAll(() => {
  distDir = mkdtempSync(join(tmpdir(), 'dist-'));
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

/** The error answer's status, code and field errors, and its Retry-After. */
async function refusal(res: Response) {
  const body = apiErrorSchema.parse(await res.json());
  return {
    status: res.status,
    code: body.code,
    fieldErrors: body.fieldErrors,
    retryAfter: res.headers.get('retry-after'),
    message: body.message,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The database goes away

/** The database of a test app, by name, and an admin connection to its server to take it away and give it back. */
async function outageOf(t: TestApp) {
  const rows = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const name = rows.rows[0]!.name;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  return {
    /** No new connection is accepted, and every open one (the pool's) is ended. */
    async cut() {
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    },
    async restore() {
      await admin.query(`alter database ${name} allow_connections true`);
    },
    end: () => admin.end(),
  };
}

describe('a PostgreSQL database that goes away', () => {
  let t: TestApp;
  let lines: string[];
  let outage: Awaited<ReturnType<typeof outageOf>>;

  beforeAll(async () => {
    const captured = capturedLogger();
    lines = captured.lines;
    t = await createTestApp('postgres', { logger: captured.logger });
    outage = await outageOf(t);
  });
  afterAll(async () => {
    await outage.restore();
    await outage.end();
    await t.close();
  });

  it('answers every kind of call 503 with a code, a message and Retry-After, and recovers by itself', async () => {
    const me = await t.login('demo@example.com');
    const calls = {
      session: () => t.request('/api/account/GetCustomerDetails', { cookie: me.cookie }),
      owned: () => t.request(`/api/account/${me.guid}/wallet/content`, { cookie: me.cookie }),
      open: () => t.request('/api/countries/'),
      login: () =>
        t.request('/api/account/login', {
          method: 'POST',
          body: JSON.stringify({ email: 'demo@example.com', password: 'Demo!2345' }),
        }),
    };
    for (const [name, call] of Object.entries(calls)) expect((await call()).status, name).toBe(200);
    expect((await t.request('/api/health/ready')).status).toBe(200);

    await outage.cut();
    for (const [name, call] of Object.entries(calls)) {
      const answer = await refusal(await call());
      expect(answer, name).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: '5' });
      expect(answer.message, name).toMatch(/unavailable/);
    }
    // Readiness agrees, so the load balancer stops sending here; the process itself is alive.
    expect((await t.request('/api/health/ready')).status).toBe(503);
    expect((await t.request('/api/health/live')).status).toBe(200);
    // The log says why, with the driver's words only: no query and none of its parameters.
    const logged = lines.filter((l) => l.includes('"msg":"database unavailable"'));
    expect(logged.length).toBeGreaterThanOrEqual(4);
    expect(logged.join('\n')).toMatch(/not currently accepting connections|terminating connection/);
    expect(logged.join('\n')).not.toMatch(/demo@example\.com|Demo!2345|select /);

    // Back, with no restart: the pool makes new connections, and the session is still there.
    await outage.restore();
    for (const [name, call] of Object.entries(calls)) expect((await call()).status, name).toBe(200);
    expect((await t.request('/api/health/ready')).status).toBe(200);
  });
});

describe('a PostgreSQL pool with no free connection', () => {
  it('answers 503 once the wait for a connection times out, and serves again when one is free', async () => {
    const scratch = await createScratchDatabase('pool_wait');
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1, connectionTimeoutMs: 300 });
    try {
      await seedIfEmpty(database.db, () => new Date());
      const app = createApp({
        brand: 'shipbox',
        distDir,
        db: database.db,
        logger: capturedLogger().logger,
        checkContract: true,
      });
      let release = () => {};
      const held = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise<void>((resolve) => (release = resolve));
      });
      const busy = await refusal(await app.request('/api/countries/'));
      expect(busy).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: '5' });
      release();
      await held;
      expect((await app.request('/api/countries/')).status).toBe(200);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});

describe('a PGlite database that is closed', () => {
  it('answers 503 as PostgreSQL does, and readiness agrees', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await seedIfEmpty(database.db, () => new Date());
    const app = createApp({
      brand: 'shipbox',
      distDir,
      db: database.db,
      logger: capturedLogger().logger,
      checkContract: true,
      readiness: () => database.problem(),
    });
    expect((await app.request('/api/countries/')).status).toBe(200);
    await database.close();
    expect(await refusal(await app.request('/api/countries/'))).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      retryAfter: '5',
    });
    const login = await app.request('/api/account/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'Demo!2345' }),
    });
    expect(login.status).toBe(503);
    expect((await app.request('/api/health/ready')).status).toBe(503);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Input the database can't store

/** The names a query schema declares (from its JSON Schema, as the API document lists them). */
const queryNames = (endpoint: AnyEndpoint): string[] =>
  endpoint.query
    ? Object.keys(
        (z.toJSONSchema(endpoint.query, { io: 'input', unrepresentable: 'any' }) as { properties?: object })
          .properties ?? {},
      )
    : [];

describe.each(BACKENDS)('input the database could not store, on %s', (backend) => {
  let t: TestApp;
  let me: { cookie: string; guid: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    me = await t.login('demo@example.com');
  });
  afterAll(() => t.close());

  /** The route's path with `value` for `name`, the session's guid for the user and a plain word elsewhere. */
  const pathWith = (path: string, name: string | undefined, value: string) =>
    path.replace(/:(\w+)/g, (_all, param: string) => {
      if (param === name) return encodeURIComponent(value);
      if ((OWNER_PARAMS as readonly string[]).includes(param)) return me.guid;
      return 'x1';
    });

  const send = (method: string, path: string, body?: unknown) =>
    t.request(path, {
      method,
      cookie: me.cookie,
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: JSON.stringify(body ?? {}) }),
    });

  it('refuses the two calls of the report with a 400 naming the field, storing nothing', async () => {
    const token = await refusal(
      await send('POST', `/api/account/${me.guid}/wallet/content/3rdparty`, { token: 'tok\u0000en' }),
    );
    expect(token).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      fieldErrors: { token: ['Contains a NUL character'] },
    });
    const surrogate = await refusal(
      await send('POST', `/api/account/${me.guid}/wallet/content/3rdparty`, { token: 'tok\ud800en' }),
    );
    expect(surrogate.fieldErrors).toEqual({ token: ['Contains an unpaired surrogate'] });
    const order = await refusal(await send('POST', `/api/customers/${me.guid}/payments/SB%00000001/complete`));
    expect(order).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      fieldErrors: { orderNumber: ['Contains a NUL character'] },
    });
  });

  it('refuses a NUL in any path parameter of any call as a 400 naming it', async () => {
    const checked: string[] = [];
    for (const route of API.routes) {
      for (const name of route.params.filter((p) => !(OWNER_PARAMS as readonly string[]).includes(p))) {
        const res = await send(route.method, pathWith(route.path, name, 'a\u0000b'));
        const answer = await refusal(res);
        expect({ route: `${route.method} ${route.path}`, ...answer }).toMatchObject({
          status: 400,
          code: 'VALIDATION',
          fieldErrors: { [name]: ['Contains a NUL character'] },
        });
        checked.push(`${route.method} ${route.path} ${name}`);
      }
    }
    expect(checked.length).toBeGreaterThan(30);
  });

  it('refuses a NUL in any declared query parameter of any call as a 400 naming it', async () => {
    const checked: string[] = [];
    for (const endpoint of API.endpoints) {
      const path = pathWith(`/${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`, undefined, '');
      for (const name of queryNames(endpoint)) {
        const answer = await refusal(await send(endpoint.method, `${path}?${name}=a%00b`));
        expect({ call: `${endpoint.method} ${endpoint.path}`, ...answer }).toMatchObject({
          status: 400,
          fieldErrors: { [name]: ['Contains a NUL character'] },
        });
        checked.push(`${endpoint.path} ${name}`);
      }
    }
    expect(checked.length).toBeGreaterThan(5);
  });

  it('refuses an integer out of the range of integer columns, naming it, and takes one within', async () => {
    const path = `/api/customers/${me.guid}/subscriptions`;
    const huge = await refusal(await send('PUT', path, [{ action: '1', type: 99_999_999_999 }]));
    expect(huge).toMatchObject({
      status: 400,
      fieldErrors: { '0.type': ['Out of range (-2147483648 to 2147483647)'] },
    });
    expect((await send('PUT', path, [{ action: '1', type: 4 }])).status).toBe(200);
  });

  it('refuses a JSON body larger than any form sends with 413, and takes the same call within the limit', async () => {
    const path = `/api/account/${me.guid}/requests/search`;
    // Unknown fields are dropped by the call's schema: only the size makes the difference.
    const padded = (bytes: number) => ({ SearchLines: [], note: 'x'.repeat(bytes) });
    const big = await refusal(await send('POST', path, padded(MAX_JSON_BYTES)));
    expect(big).toMatchObject({ status: 413, code: 'BODY_TOO_LARGE' });
    expect((await send('POST', path, padded(MAX_JSON_BYTES - 100))).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// An upload over the limit, over a real socket

const TOTAL = 9 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** Reads HTTP/1.1 answers off a socket, one at a time (Content-Length bodies only: the API's JSON). */
function answers(socket: Socket) {
  let buffer = Buffer.alloc(0);
  const waiting: (() => void)[] = [];
  socket.on('data', (data: Buffer) => {
    buffer = Buffer.concat([buffer, data]);
    waiting.splice(0).forEach((wake) => wake());
  });
  return async function next(): Promise<{ status: number; headers: string; body: string }> {
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = buffer.subarray(0, end).toString();
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length >= end + 4 + length) {
          const body = buffer.subarray(end + 4, end + 4 + length).toString();
          buffer = buffer.subarray(end + 4 + length);
          return { status: Number(head.split(' ')[1]), headers: head, body };
        }
      }
      if (socket.destroyed) throw new Error('the connection ended before an answer came');
      await new Promise<void>((wake) => waiting.push(wake));
    }
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an upload over the limit, from a slow client over a real socket', () => {
  let t: TestApp;
  let me: { cookie: string; guid: string };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    me = await t.login('demo@example.com');
  });
  afterAll(() => t.close());

  async function server(discard?: DiscardLimits): Promise<{ port: number; close(): Promise<void> }> {
    const listening: Server = listen(t.app.fetch, { port: 0, hostname: '127.0.0.1', ...(discard ? { discard } : {}) });
    await once(listening, 'listening');
    return {
      port: (listening.address() as AddressInfo).port,
      close: () =>
        new Promise((resolve) => {
          listening.close(() => resolve());
          listening.closeAllConnections();
        }),
    };
  }

  /**
   * Sends the upload's head, then its body a chunk every few milliseconds, as a slow line would; records the first
   * answer, how much was sent when it came, and whether writing ever failed.
   */
  async function slowUpload(port: number, chunked: boolean) {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const next = answers(socket);
    const errors: string[] = [];
    socket.on('error', (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message));
    const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${TOTAL}`;
    socket.write(
      `POST /api/account/${me.guid}/upload/1 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${me.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=x\r\n${length}\r\n\r\n`,
    );
    let sent = 0;
    let sentAtAnswer = -1;
    const first = next().then((answer) => {
      sentAtAnswer = sent;
      return answer;
    });
    const data = Buffer.alloc(CHUNK, 0x41);
    while (sent < TOTAL && !socket.destroyed) {
      const part = data.subarray(0, Math.min(CHUNK, TOTAL - sent));
      const frame = chunked
        ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
        : part;
      await new Promise<void>((resolve) => socket.write(frame, () => resolve()));
      sent += part.length;
      await pause(8);
    }
    if (chunked && !socket.destroyed) socket.write('0\r\n\r\n');
    return { socket, next, first, sent: () => sent, sentAtAnswer: () => sentAtAnswer, errors };
  }

  it.each([
    ['with its length declared', false],
    ['sent in chunks', true],
  ])('answers 413 %s, reads the rest without resetting the connection, which stays usable', async (_name, chunked) => {
    const { port, close } = await server();
    try {
      const upload = await slowUpload(port, chunked);
      const answer = await upload.first;
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'FILE_TOO_LARGE' });
      // The answer came early, while most of the body was still to come, and every byte then went through.
      expect(upload.sentAtAnswer()).toBeLessThan(TOTAL / 2 + MAX_FILE_BYTES);
      expect(upload.sent()).toBe(TOTAL);
      expect(upload.errors).toEqual([]);
      expect(upload.socket.destroyed).toBe(false);
      // The same connection serves the next request.
      upload.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      const after = await upload.next();
      expect(after.status).toBe(200);
      upload.socket.end();
    } finally {
      await close();
    }
  });

  it('closes the connection of a client that sends far more than it may after the answer', async () => {
    const { port, close } = await server({ bytes: 1024 * 1024, ms: 30_000 });
    try {
      const upload = await slowUpload(port, false);
      expect((await upload.first).status).toBe(413);
      expect(upload.sent()).toBeLessThan(TOTAL);
      expect(upload.socket.destroyed).toBe(true);
    } finally {
      await close();
    }
  });
});
