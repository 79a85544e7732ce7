/**
 * `npm run bench`: a benchmark, never a test. Writes bench/results.md and prints the same tables:
 * - build time of each brand, and of Shipbox again after one article changes;
 * - per page type (home, article, login, account home, wallet, checkout, tracking, office locator), in each
 *   language: gzip bytes of HTML, CSS and JavaScript loaded before any interaction (Chromium at a phone's size,
 *   until the network is idle), and the Lighthouse mobile scores with LCP, TBT and CLS;
 * - API throughput and p50/p99 latency (autocannon on loopback) for login, tracking, account packages, wallet and
 *   articles, on PGlite and on PostgreSQL, with a bare Node http handler as the ceiling.
 * Options: --no-build (time no build; build only if missing), --no-lighthouse, --no-api, --duration=<s> (API, 5).
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else an embedded server started for the run
 * (scripts/embedded-postgres.ts); a fresh database is created on it for the run and dropped after.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import * as prettier from 'prettier';
import { chromium, type BrowserContext } from '@playwright/test';
import { brands } from '../src/brands/brands.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { ROUTE_SAMPLES } from '../tests/e2e/route-samples.ts';
import { kb, weighPage, type PageWeight } from '../tests/e2e/page-weight.ts';
import { logIn } from '../tests/e2e/support.ts';

const root = join(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const basePort = Number(process.env.BENCH_PORT ?? 4620);
const brand = brands.shipbox;
const PHONE = { width: 412, height: 823 };
const flag = (name: string) => process.argv.includes(`--${name}`);
const duration = Number(process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 5);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

// ---------------------------------------------------------------------------------------------------------------
// Build times

function timeBuild(brandId: string): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.ts'), `--brand=${brandId}`], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`The build of ${brandId} failed`);
  return performance.now() - started;
}

/** Both brands from scratch, then Shipbox after one FAQ changes (the change is undone and built again). */
function buildTimes(): string[] {
  const rows: string[] = [];
  for (const id of Object.keys(brands)) {
    rmSync(join(root, 'dist', id), { recursive: true, force: true });
    rows.push(`| ${brands[id as keyof typeof brands].name}, clean | ${seconds(timeBuild(id))} |`);
  }
  const article = join(root, 'src', 'content', 'faqs', 'en', 'how-do-i-cancel-flex.md');
  const original = readFileSync(article, 'utf8');
  try {
    writeFileSync(article, `${original.trimEnd()}\n\nChanged for the benchmark.\n`);
    rows.push(`| ${brand.name}, after one article changed | ${seconds(timeBuild('shipbox'))} |`);
  } finally {
    writeFileSync(article, original);
  }
  timeBuild('shipbox');
  return ['| build | s |', '|---|---:|', ...rows];
}

// ---------------------------------------------------------------------------------------------------------------
// Servers

interface Server {
  origin: string;
  process: ChildProcess;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`The server for ${url} stopped (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

async function startServer(port: number, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, [join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      BRAND: 'shipbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: 'memory://',
      DEV_TOOLS: '1',
      // X-Forwarded-For is trusted so that the load can come from many visitors' addresses.
      TRUST_PROXY: '1',
      ...env,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${origin}/api/health`, child);
  } catch (error) {
    child.kill();
    throw error;
  }
  return { origin, process: child };
}

async function stop(server: Server): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (server.process.exitCode === null) server.process.kill('SIGKILL');
}

interface Customer {
  email: string;
  password: string;
  guid: string;
}

async function newCustomer(origin: string): Promise<Customer> {
  const res = await fetch(`${origin}/dev/customers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ savedCard: true, pendingShipments: 3, deliveredShipments: 3 }),
  });
  if (!res.ok) throw new Error(`POST /dev/customers answered ${res.status}`);
  return (await res.json()) as Customer;
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

/** The page types of the benchmark and the route each is sampled from (tests/e2e/route-samples.ts). */
const PAGE_TYPES = [
  ['home', 'home'],
  ['article', 'about.what-is'],
  ['login', 'login'],
  ['tracking', 'tracking'],
  ['office locator', 'office-locator.country'],
  ['account home', 'account-home'],
  ['wallet', 'account.wallet'],
  ['checkout', 'account.membershipPayment'],
] as const;

interface PageRun {
  type: string;
  lang: string;
  path: string;
  loggedIn: boolean;
}

const PAGE_RUNS: readonly PageRun[] = brand.languages.flatMap((lang) =>
  PAGE_TYPES.map(([type, route]) => {
    const sample = ROUTE_SAMPLES[route]!;
    return {
      type,
      lang,
      path: `/${lang}/${sample.path.replace('{brand}', brand.slug)}`,
      loggedIn: sample.who !== 'visitor',
    };
  }),
);

/** Logs the customer in through the login page of a context whose base URL is the server's. */
async function logInto(context: BrowserContext, customer: Customer): Promise<void> {
  const page = await context.newPage();
  await logIn(page, customer.email, customer.password);
  await page.close();
}

async function pageWeights(origin: string, customer: Customer): Promise<Map<PageRun, PageWeight>> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--disable-background-networking'] });
  const weights = new Map<PageRun, PageWeight>();
  try {
    const options = { baseURL: origin, viewport: PHONE, isMobile: true, hasTouch: true };
    const visitor = await browser.newContext(options);
    const member = await browser.newContext(options);
    await logInto(member, customer);
    for (const run of PAGE_RUNS) {
      const page = await (run.loggedIn ? member : visitor).newPage();
      weights.set(run, await weighPage(page, origin + run.path));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

interface Score {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Why a score is missing. */
  error?: string | undefined;
}

async function audit(url: string, port: number) {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result.lhr;
}

/**
 * Lighthouse's default (mobile, simulated throttling) against Debian's Chromium. The browser is Playwright's
 * persistent context with a debugging port, so Lighthouse's tab shares the customer's login; storage is kept.
 */
async function lighthouseScores(origin: string, customer: Customer): Promise<Map<PageRun, Score>> {
  const port = basePort + 50;
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    baseURL: origin,
    executablePath: chromePath,
    args: [`--remote-debugging-port=${port}`, '--disable-background-networking'],
  });
  const scores = new Map<PageRun, Score>();
  try {
    const runs = [...PAGE_RUNS].sort((a, b) => Number(a.loggedIn) - Number(b.loggedIn));
    let loggedIn = false;
    for (const run of runs) {
      if (run.loggedIn && !loggedIn) {
        await logInto(context, customer);
        loggedIn = true;
      }
      // A run whose trace lacks a metric (Chromium under load drops one now and then) is run again once.
      let lhr = await audit(origin + run.path, port);
      if (lhr.categories.performance?.score == null) lhr = await audit(origin + run.path, port);
      const { categories, audits } = lhr;
      const score = (id: string) => {
        const value = categories[id]?.score;
        return value == null ? Number.NaN : Math.round(value * 100);
      };
      const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      scores.set(run, {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        error: lhr.runtimeError?.code ?? audits['largest-contentful-paint']?.errorMessage,
      });
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return scores;
}

function pageTable(weights: Map<PageRun, PageWeight>, scores: Map<PageRun, Score> | null): string[] {
  const head = scores
    ? '| page | path | HTML | CSS | JS | perf | a11y | best pr. | SEO | LCP ms | TBT ms | CLS |'
    : '| page | path | HTML | CSS | JS |';
  const rule = scores ? '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|' : '|---|---|---:|---:|---:|';
  const rows = PAGE_RUNS.map((run) => {
    const w = weights.get(run)!;
    const cells = [
      run.type,
      run.path,
      kb(w.html),
      kb(w.css),
      kb(w.js - w.mapJs) + (w.mapJs ? ` + ${kb(w.mapJs)} map` : ''),
    ];
    const s = scores?.get(run);
    if (s) {
      cells.push(
        ...[s.performance, s.accessibility, s.bestPractices, s.seo, Math.round(s.lcp), Math.round(s.tbt)].map(String),
        s.cls.toFixed(3),
      );
      if (s.error) cells[cells.length - 1] += ` (${s.error})`;
    }
    return `| ${cells.join(' | ')} |`;
  });
  return [head, rule, ...rows];
}

// ---------------------------------------------------------------------------------------------------------------
// API throughput

interface ApiCall {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  session?: boolean;
  /** Each request from another visitor's address (the call limits each address, as it should). */
  visitors?: boolean;
  /** Concurrent connections; default 10. */
  connections?: number;
}

function apiCalls(customer: Customer): ApiCall[] {
  return [
    {
      name: 'login',
      path: '/api/account/login',
      method: 'POST',
      body: JSON.stringify({ email: customer.email, password: customer.password }),
      // scrypt at N=2^17 runs on libuv's 4 threads: more connections only queue.
      connections: 4,
    },
    { name: 'tracking', path: '/api/tracking/SB9000105', visitors: true },
    { name: 'account packages', path: `/api/customers/${customer.guid}/packages/getAllPackages`, session: true },
    { name: 'wallet', path: `/api/account/${customer.guid}/wallet`, session: true },
    { name: 'articles', path: '/api/articles?subCategory=faqs&language=en&scope=shipbox' },
  ];
}

async function sessionCookie(origin: string, customer: Customer): Promise<string> {
  const res = await fetch(`${origin}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  if (!res.ok) throw new Error(`Login answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(origin: string, call: ApiCall, cookie: string): Promise<Load> {
  const headers: Record<string, string> = { origin, accept: 'application/json' };
  if (call.body) headers['content-type'] = 'application/json';
  if (call.session) headers.cookie = cookie;
  let visitor = 0;
  const result = await autocannon({
    url: origin + call.path,
    method: call.method ?? 'GET',
    headers,
    ...(call.body ? { body: call.body } : {}),
    ...(call.visitors
      ? {
          requests: [
            {
              setupRequest: (request) => {
                visitor += 1;
                const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
                return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
              },
            },
          ],
        }
      : {}),
    connections: call.connections ?? 10,
    // Slow calls get longer, so enough of them finish to give percentiles.
    duration: call.connections ? Math.max(duration, 10) : duration,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function apiRows(database: string, origin: string): Promise<string[]> {
  const customer = await newCustomer(origin);
  const cookie = await sessionCookie(origin, customer);
  const rows: string[] = [];
  for (const call of apiCalls(customer)) {
    // A short warm-up, so the first connections and caches are not what is measured.
    if (!call.body) await autocannon({ url: origin + call.path, duration: 1, connections: 2, headers: { cookie } });
    const r = await load(origin, call, cookie);
    rows.push(`| ${database} | ${call.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} |`);
  }
  return rows;
}

/** A bare Node http handler answering a small JSON body: the ceiling of this machine and load generator. */
async function ceilingRow(port: number): Promise<string> {
  const code = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor(origin, child);
    await autocannon({ url: origin, duration: 1, connections: 2 });
    const r = await load(origin, { name: 'ceiling', path: '/' }, '');
    return `| bare Node http | JSON ok | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx + r.errors} |`;
  } finally {
    child.kill();
  }
}

/** The PostgreSQL server named by the environment, if any. */
const givenPostgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

/** The given server, else an embedded one for the call, flushing to disk as a real server does. */
async function withPostgres<T>(use: (url: string) => Promise<T>): Promise<T> {
  if (givenPostgresUrl) return use(givenPostgresUrl);
  const server = await startEmbeddedPostgres({ fsync: true });
  try {
    return await use(server.url);
  } finally {
    await server.stop();
  }
}

async function withFreshDatabase<T>(url: string, use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    return await use(fresh.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function apiTable(pglite: Server): Promise<string[]> {
  const rows = [
    '| database | call | req/s | p50 ms | p99 ms | non-2xx |',
    '|---|---|---:|---:|---:|---:|',
    ...(await apiRows('PGlite', pglite.origin)),
  ];
  rows.push(
    ...(await withPostgres((url) =>
      withFreshDatabase(url, async (databaseUrl) => {
        const server = await startServer(basePort + 1, { DATABASE_URL: databaseUrl });
        try {
          return await apiRows('PostgreSQL', server.origin);
        } finally {
          await stop(server);
        }
      }),
    )),
  );
  rows.push(await ceilingRow(basePort + 2));
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const lines: string[] = [
    '# Benchmark results',
    '',
    `${brand.name}, built site and reference API on loopback, ${new Date().toISOString()}; ${cpus().length} cores, ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. The load generator shares the machine.`,
    '',
  ];
  if (!flag('no-build')) {
    lines.push('## Build (s)', '', ...buildTimes(), '');
  } else if (!existsSync(join(root, 'dist', 'shipbox', 'index.html'))) {
    spawnSync(process.execPath, [join(root, 'scripts', 'build.ts')], { cwd: root, stdio: 'inherit' });
  }

  const server = await startServer(basePort);
  try {
    const customer = await newCustomer(server.origin);
    const weights = await pageWeights(server.origin, customer);
    const scores = flag('no-lighthouse') ? null : await lighthouseScores(server.origin, customer);
    lines.push(
      '## Pages',
      '',
      `KB gzip of what Chromium loads at ${PHONE.width}×${PHONE.height} before any interaction (the map library ` +
        'of map pages apart); Lighthouse 13 mobile defaults (simulated slow 4G, 4× CPU slowdown). Account pages ' +
        'are a fresh customer with three shipments due and three delivered.',
      '',
      ...pageTable(weights, scores),
      '',
    );
    if (!flag('no-api')) {
      lines.push(
        '## API',
        '',
        `autocannon, 10 connections for ${duration} s per call after a 1 s warm-up; latency in ms. Login checks ` +
          'the password with scrypt (N=2^17) on every request by design: 4 connections for 10 s. Tracking comes ' +
          'from a new visitor address per request (X-Forwarded-For), since each address is limited. PostgreSQL ' +
          (givenPostgresUrl
            ? 'is the server BENCH_DATABASE_URL or TEST_DATABASE_URL names.'
            : 'is an embedded server on this machine (the embedded-postgres package), flushing to disk.'),
        '',
        ...(await apiTable(server)),
        '',
      );
    }
  } finally {
    await stop(server);
  }
  // Written as the repository's formatter would write it, so the committed table passes the lint.
  const file = join(root, 'bench', 'results.md');
  const text = await prettier.format(lines.join('\n'), {
    ...(await prettier.resolveConfig(file)),
    parser: 'markdown',
  });
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(file, text);
  console.log(text);
}

await main();
