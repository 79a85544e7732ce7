/**
 * The hot reads beside the app (issue 28; server/api/hot-reads.ts, docs/decisions/047), over real HTTP on both
 * databases: the owner's account packages, wallet, messages and tracking are answered there with the same status,
 * headers and body as the app gives, compressed alike; everything else (no session, an ended one, another
 * customer's path or package, a query the declaration refuses, an encoding other than gzip) is answered by the app
 * exactly as before, and nothing is counted as served there.
 */
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../server/listen.ts';
import { quickPath } from '../../server/site/quick-path.ts';
import { HotReads } from '../../server/api/hot-reads.ts';
import { HSTS } from '../../server/site/security-headers.ts';
import { BACKENDS, capturedLogger, createTestApp, type TestApp } from './harness.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The body, decoded when it came compressed. */
  body: string;
}

/** Headers that differ by transport, not by answer. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

const comparable = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSPORT.has(name)));

describe.each(BACKENDS)('hot reads beside the app on %s', (backend) => {
  let t: TestApp;
  let hot: HotReads;
  let server: Server;
  let port: number;
  const log = capturedLogger();
  let demo: { cookie: string; guid: string };
  let other: { cookie: string; guid: string };
  let awb: string;
  let othersAwb: string;

  beforeAll(async () => {
    hot = new HotReads();
    t = await createTestApp(backend, { hotReads: hot, logger: log.logger });
    const front = quickPath({
      files: t.siteFiles,
      site: { brandSlug: 'shipbox', languages: ['en', 'ar'] },
      trustProxy: true,
      logger: log.logger,
      hotReads: hot,
    });
    server = listen(t.app.fetch, { port: 0, hostname: '127.0.0.1', quickPath: front });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    // The quick path takes the security headers from the app's middleware once, as it starts.
    await new Promise((resolve) => setTimeout(resolve, 50));
    demo = await t.login('demo@example.com', '198.51.100.170');
    other = await t.newCustomer({ pendingShipments: 1 });
    awb = ((await (await t.request(packagesPath(demo.guid), { cookie: demo.cookie })).json()) as { awb: string }[])[0]!
      .awb;
    othersAwb = (
      (await (await t.request(packagesPath(other.guid), { cookie: other.cookie })).json()) as {
        awb: string;
      }[]
    )[0]!.awb;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const packagesPath = (guid: string) => `/api/customers/${guid}/packages/getAllPackages`;

  /** A GET over HTTP, through the quick path and the hot reads. */
  function overHttp(path: string, headers: Record<string, string>): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const flat = res.headers as IncomingHttpHeaders;
          const named: Record<string, string> = {};
          for (const [name, value] of Object.entries(flat)) named[name] = String(value);
          const body = (named['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: named, body });
        });
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** The same GET answered by the app in-process. */
  async function byApp(path: string, headers: Record<string, string>): Promise<Answer> {
    const res = await t.app.request(path, { headers });
    const raw = Buffer.from(await res.arrayBuffer());
    const named = Object.fromEntries(res.headers);
    const body = (named['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
    return { status: res.status, headers: named, body };
  }

  /** Asks over HTTP: the answer, and whether the hot reads served it. */
  async function ask(path: string, headers: Record<string, string>): Promise<{ answer: Answer; hot: boolean }> {
    const before = hot.served;
    const answer = await overHttp(path, { 'x-forwarded-for': '198.51.100.171', ...headers });
    return { answer, hot: hot.served === before + 1 };
  }

  const GZIP = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  it("answers the owner's four reads beside the app, as the app does, plain and gzipped", async () => {
    const reads = [
      packagesPath(demo.guid),
      `${packagesPath(demo.guid)}?pageIndex=1&pageSize=5`,
      `/api/account/${demo.guid}/wallet`,
      `/api/customers/${demo.guid}/messages?language=ar`,
      `/api/customers/${demo.guid.toUpperCase()}/messages?pageIndex=0&pageSize=3`,
      `/api/packages/${awb}/singlePackage`,
      `/api/packages/${awb.toLowerCase()}/singlePackage?language=ar&count=2`,
    ];
    for (const path of reads) {
      for (const encoding of [{}, GZIP]) {
        const headers = { cookie: demo.cookie, ...encoding };
        const { answer, hot: served } = await ask(path, headers);
        expect(served, path).toBe(true);
        expect(answer.status, path).toBe(200);
        const app = await byApp(path, headers);
        expect(comparable(answer.headers), path).toEqual(comparable(app.headers));
        expect(JSON.parse(answer.body), path).toEqual(JSON.parse(app.body));
        // What is 1 KiB or more goes compressed when gzip is accepted; less goes as it is.
        const big = Buffer.byteLength(answer.body) >= 1024;
        expect(answer.headers['content-encoding'], path).toBe(big && encoding === GZIP ? 'gzip' : undefined);
        expect(answer.headers.vary, path).toBe(big ? 'Accept-Encoding' : undefined);
      }
    }
    // Both sizes were met: a page of packages is past 1 KiB, the wallet's balance well under it.
    expect((await ask(packagesPath(demo.guid), { cookie: demo.cookie })).answer.body.length).toBeGreaterThan(1024);
    expect((await ask(`/api/account/${demo.guid}/wallet`, { cookie: demo.cookie })).answer.body.length).toBeLessThan(
      1024,
    );
  });

  it('leaves the refusals to the app, which answers them as always', async () => {
    const cases: [string, Record<string, string>, number][] = [
      [packagesPath(demo.guid), {}, 401],
      [packagesPath(demo.guid), { cookie: 'sid=not-a-session' }, 401],
      // Another customer's path, and another customer's package (404: not even confirmed to exist).
      [packagesPath(other.guid), { cookie: demo.cookie }, 403],
      [`/api/account/${other.guid}/wallet`, { cookie: demo.cookie }, 403],
      [`/api/customers/${other.guid}/messages`, { cookie: demo.cookie }, 403],
      [`/api/packages/${othersAwb}/singlePackage`, { cookie: demo.cookie }, 404],
      [`/api/packages/NOT-A-WAYBILL/singlePackage`, { cookie: demo.cookie }, 404],
      // A query the declaration refuses, and one written so that only the app reads it.
      [`${packagesPath(demo.guid)}?pageSize=0`, { cookie: demo.cookie }, 400],
      [`/api/customers/${demo.guid}/messages?language=ar&language=en`, { cookie: demo.cookie }, 200],
      [`/api/customers/${demo.guid}/messages?language=%61r`, { cookie: demo.cookie }, 200],
      // An encoding the app chooses itself.
      [`/api/account/${demo.guid}/wallet`, { cookie: demo.cookie, 'accept-encoding': 'deflate' }, 200],
      [`/api/account/${demo.guid}/wallet`, { cookie: demo.cookie, 'accept-encoding': 'gzip;q=0.5, br' }, 200],
    ];
    for (const [path, headers, status] of cases) {
      const { answer, hot: served } = await ask(path, headers);
      expect([path, answer.status, served]).toEqual([path, status, false]);
      const app = await byApp(path, { 'x-forwarded-for': '198.51.100.171', ...headers });
      expect(comparable(answer.headers), path).toEqual(comparable(app.headers));
      expect(answer.body, path).toBe(app.body);
    }
  });

  it('ends a session at once: after a logout and after the idle time-out, the reads answer 401', async () => {
    const session = await t.newCustomer({ pendingShipments: 1 });
    const wallet = `/api/account/${session.guid}/wallet`;
    expect((await ask(wallet, { cookie: session.cookie })).hot).toBe(true);
    const out = await t.request('/api/account/logout', { method: 'POST', cookie: session.cookie });
    expect(out.status).toBe(204);
    const after = await ask(wallet, { cookie: session.cookie });
    expect([after.answer.status, after.hot]).toEqual([401, false]);

    const idle = await t.newCustomer({ pendingShipments: 1 });
    const path = packagesPath(idle.guid);
    expect((await ask(path, { cookie: idle.cookie })).hot).toBe(true);
    t.advance(31 * 60_000);
    const late = await ask(path, { cookie: idle.cookie });
    expect([late.answer.status, late.hot]).toEqual([401, false]);
    // The demo's session is as old: a new login goes on.
    demo = await t.login('demo@example.com', '198.51.100.170');
  });

  it('reads the session cookie of HTTPS behind the proxy, and sends HSTS as the app does', async () => {
    const cookieValue = demo.cookie.split('=').slice(1).join('=');
    const path = `/api/account/${demo.guid}/wallet`;
    const secure = await ask(path, { cookie: `__Host-sid=${cookieValue}`, 'x-forwarded-proto': 'https' });
    expect([secure.answer.status, secure.hot]).toEqual([200, true]);
    expect(secure.answer.headers['strict-transport-security']).toBe(HSTS);
    // Over HTTPS the plain cookie is not the session's.
    const plain = await ask(path, { cookie: demo.cookie, 'x-forwarded-proto': 'https' });
    expect([plain.answer.status, plain.hot]).toEqual([401, false]);
  });

  it('logs each read it answers as the app logs a request', async () => {
    log.lines.length = 0;
    const path = `/api/customers/${demo.guid}/messages`;
    expect((await ask(path, { cookie: demo.cookie })).hot).toBe(true);
    const lines = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request', method: 'GET', path, status: 200 }));
  });
});
