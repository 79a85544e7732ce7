/**
 * `npm run scan`: a dynamic security scan of the built site and its API on loopback (docs/security.md).
 *
 * Starts the server (`node server/main.ts`) on 127.0.0.1 with fresh demo data in memory, logs in as the demo
 * customer, then runs sqlmap against the API calls that take parameters (as that customer where the call needs a
 * session) and wapiti against the site's pages, each time-boxed. Raw reports go to scan/raw/ (not committed);
 * scan/summary.md is the summary, printed at the end too. Installs nothing: sqlmap and wapiti must be on PATH
 * (`apt-get install -y sqlmap wapiti`), and the site must be built (`npm run build`); it never builds.
 *
 * Options (environment): SCAN_PORT (4650), SCAN_SQLMAP_SECONDS (600, the whole sqlmap budget),
 * SCAN_WAPITI_SECONDS (600), SCAN_ONLY (`sqlmap` or `wapiti`), SCAN_WAIT_FOR_BUILD_SECONDS (0).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  constants,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { format, resolveConfig } from 'prettier';

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.SCAN_PORT ?? 4650);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OUT = join(ROOT, 'scan');
const RAW = join(OUT, 'raw');
const SQLMAP_SECONDS = Number(process.env.SCAN_SQLMAP_SECONDS ?? 600);
const WAPITI_SECONDS = Number(process.env.SCAN_WAPITI_SECONDS ?? 600);
const ONLY = process.env.SCAN_ONLY;
const DIST = join(ROOT, 'dist', 'shipbox');
const DEMO = { email: 'demo@example.com', password: 'Demo!2345' };

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function log(line: string): void {
  process.stdout.write(`[scan] ${line}\n`);
}

// ---------------------------------------------------------------------------------------------------------
// Preconditions

const missing = ['sqlmap', 'wapiti'].filter((tool) => !onPath(tool));
if (missing.length > 0) {
  log(`${missing.join(' and ')} not found on PATH. Install with:  apt-get install -y sqlmap wapiti`);
  process.exit(2);
}

const waitForBuild = Number(process.env.SCAN_WAIT_FOR_BUILD_SECONDS ?? 0);
for (let waited = 0; !existsSync(join(DIST, 'index.html')); waited += 10) {
  if (waited >= waitForBuild) {
    log(`No build at ${DIST} (index.html missing). Build it with \`npm run build\` first; this script never builds.`);
    process.exit(2);
  }
  log('waiting for the site build to appear…');
  await sleep(10_000);
}

rmSync(RAW, { recursive: true, force: true });
mkdirSync(join(RAW, 'sqlmap'), { recursive: true });
mkdirSync(join(RAW, 'wapiti'), { recursive: true });

// ---------------------------------------------------------------------------------------------------------
// The server

/**
 * TRUST_PROXY=1 as behind the production proxy, so sqlmap's random X-Forwarded-For (tamper xforwardedfor) makes
 * each request a new client: the per-address throttles would otherwise answer 429 long before the injection tests
 * are done. Dev tools off, as in production.
 */
const server = spawn(process.execPath, [join(ROOT, 'server', 'main.ts')], {
  cwd: ROOT,
  env: {
    ...process.env,
    BRAND: 'shipbox',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: 'memory://',
    DEV_TOOLS: '0',
    TRUST_PROXY: '1',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const serverLog = createWriteStream(join(RAW, 'server.log'));
server.stdout?.pipe(serverLog);
server.stderr?.pipe(serverLog);

/** Ends a child we started, by its own pid: SIGTERM, then SIGKILL after a grace period. */
async function stop(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await stop(server);
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the server stopped (exit ${server.exitCode}); see scan/raw/server.log`);
    try {
      const res = await fetch(`${ORIGIN}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error('the server did not answer /api/health within 2 minutes');
}

/** Ids of the demo customer's own objects, for the calls that name one in the path. */
async function ownIds(cookie: string, guid: string): Promise<{ messageGuid: string; requestId: string }> {
  const headers = { cookie, origin: ORIGIN, 'content-type': 'application/json' };
  const page = (await (await fetch(`${ORIGIN}/api/customers/${guid}/messages`, { headers })).json()) as {
    messages?: { guid?: string }[];
  };
  const search = await fetch(`${ORIGIN}/api/account/${guid}/requests/search`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ SearchLines: [] }),
  });
  const requests = (await search.json()) as { id?: number }[];
  return { messageGuid: page.messages?.[0]?.guid ?? '', requestId: String(requests[0]?.id ?? 1) };
}

async function login(): Promise<{ cookie: string; guid: string }> {
  const res = await fetch(`${ORIGIN}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`login as ${DEMO.email} answered ${res.status}`);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  const { userGuid } = (await res.json()) as { userGuid: string };
  if (!cookie) throw new Error('login set no session cookie');
  return { cookie, guid: userGuid };
}

// ---------------------------------------------------------------------------------------------------------
// Running a tool, time-boxed

interface Run {
  status: 'done' | 'timed out' | 'failed';
  code: number | null;
  output: string;
  seconds: number;
}

function run(command: string, args: string[], seconds: number, logFile: string): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const file = createWriteStream(logFile);
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      file.write(chunk);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void stop(child, 5_000);
    }, seconds * 1000);
    child.on('error', (error) => {
      output += `\n${String(error)}`;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      file.end();
      resolve({
        status: timedOut ? 'timed out' : code === 0 ? 'done' : 'failed',
        code,
        output,
        seconds: Math.round((Date.now() - started) / 1000),
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// sqlmap

interface SqlTarget {
  name: string;
  /** The URL; a `*` marks an injection point in the path. */
  url: string;
  /** A JSON body (POST). */
  json?: unknown;
  /** Send the session cookie (its own value is not tested: --skip=sid). */
  session?: boolean;
  /** HTTP codes that are answers here, not errors (a wrong password is a 401). */
  ignoreCodes?: string;
  /** Share of the time budget (default 1): each login attempt costs a deliberate scrypt. */
  weight?: number;
}

function sqlTargets(guid: string, ids: { messageGuid: string; requestId: string }): SqlTarget[] {
  return [
    { name: 'login', url: `${ORIGIN}/api/account/login`, json: DEMO, ignoreCodes: '401', weight: 5 },
    { name: 'signup-check', url: `${ORIGIN}/api/signup/check`, json: { email: 'new@example.com' } },
    {
      name: 'forgotten-password',
      url: `${ORIGIN}/api/users/SendForgottenPasswordEmail`,
      json: { email: 'demo@example.com', langCode: 'en' },
    },
    { name: 'tracking', url: `${ORIGIN}/api/tracking/SB9000100*` },
    {
      name: 'articles',
      url: `${ORIGIN}/api/articles?subCategory=faqs&language=en&scope=shipbox&pageindex=0&pagesize=10`,
    },
    { name: 'geocode', url: `${ORIGIN}/api/v1/geocode?country=JO&city=Amman&street=Rainbow` },
    { name: 'currency-convert', url: `${ORIGIN}/api/currencies/convert?currencyFrom=USD&currencyTo=JOD&amount=10` },
    { name: 'city', url: `${ORIGIN}/api/shareddata/JO/city/Amman*` },
    { name: 'locations', url: `${ORIGIN}/api/v1/locations?countrycode=JO&lang=en` },
    { name: 'messages', url: `${ORIGIN}/api/customers/${guid}/messages?pageIndex=0&pageSize=10`, session: true },
    {
      name: 'packages',
      url: `${ORIGIN}/api/customers/${guid}/packages/getAllPackages?pageIndex=0&pageSize=10`,
      session: true,
    },
    {
      name: 'requests-search',
      url: `${ORIGIN}/api/account/${guid}/requests/search`,
      json: {
        SearchLines: [{ Field: 'ExternalString', Operator: 'eq', Value: 'TBA512000201' }],
        pageIndex: 0,
        pageSize: 10,
      },
      session: true,
    },
    { name: 'message', url: `${ORIGIN}/api/customers/${guid}/messages/${ids.messageGuid}*`, session: true },
    { name: 'request', url: `${ORIGIN}/api/account/${guid}/requests/${ids.requestId}*`, session: true },
    {
      name: 'claim-lookup',
      url: `${ORIGIN}/api/tracking/NYC/GetByShipmentByFAWB/TBA512000201*`,
      session: true,
    },
    { name: 'country-rates', url: `${ORIGIN}/api/countryRates?origin=US&destination=JO&weight=2&unit=1` },
    { name: 'three-words', url: `${ORIGIN}/api/v1/threewords/autosuggest?input=index.home.raft&country=JO` },
  ];
}

interface SqlResult {
  target: SqlTarget;
  run: Run;
  injectable: string[];
  notInjectable: boolean;
  httpCodes: string | null;
}

async function sqlmap(cookie: string, guid: string): Promise<SqlResult[]> {
  const targets = sqlTargets(guid, await ownIds(cookie, guid));
  const deadline = Date.now() + SQLMAP_SECONDS * 1000;
  const results: SqlResult[] = [];
  let weights = targets.reduce((sum, t) => sum + (t.weight ?? 1), 0);
  for (const target of targets) {
    const left = Math.floor((deadline - Date.now()) / 1000);
    const weight = target.weight ?? 1;
    const budget = Math.max(20, Math.floor((left * weight) / weights));
    weights -= weight;
    const args = [
      '-u',
      target.url,
      '--batch',
      '--level=2',
      '--risk=1',
      '--dbms=PostgreSQL',
      '--threads=2',
      '--flush-session',
      '--disable-coloring',
      '--drop-set-cookie',
      '--tamper=xforwardedfor',
      // Every unsafe call is checked for its Origin (server/api/csrf.ts): sqlmap's requests come as the site's.
      `--headers=Origin: ${ORIGIN}\nSec-Fetch-Site: same-origin`,
      `--output-dir=${join(RAW, 'sqlmap')}`,
      '--answers=follow=N,merge=N,process=Y',
    ];
    if (target.json !== undefined) args.push(`--data=${JSON.stringify(target.json)}`, '--method=POST');
    if (target.session) args.push(`--cookie=${cookie}`, `--skip=${cookie.split('=')[0]}`);
    if (target.ignoreCodes) args.push(`--ignore-code=${target.ignoreCodes}`);
    log(`sqlmap ${target.name} (up to ${budget} s)`);
    const result = await run('sqlmap', args, budget, join(RAW, 'sqlmap', `${target.name}.txt`));
    const injectable = [
      ...result.output.matchAll(/Parameter: (.+?) \(|parameter '([^']+)' (?:is|appears to be) '?[^']*'? ?injectable/g),
    ]
      .map((m) => (m[1] ?? m[2] ?? '').trim())
      .filter(Boolean);
    results.push({
      target,
      run: result,
      injectable: [...new Set(injectable)],
      notInjectable: /all tested parameters do not appear to be injectable/.test(result.output),
      httpCodes: /HTTP error codes detected during run:\s*\n?(.+)/.exec(result.output)?.[1]?.trim() ?? null,
    });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------
// wapiti

interface WapitiFinding {
  kind: 'vulnerability' | 'anomaly' | 'additional';
  category: string;
  level: number | undefined;
  path: string;
  method: string;
  parameter: string;
  info: string;
}

/**
 * Findings already weighed in docs/security.md ("Findings of the scan"): reported as explained, and they don't
 * fail the run. Anything else does.
 */
const EXPLAINED: { category: string; info: RegExp; why: string }[] = [
  {
    category: 'Content Security Policy Configuration',
    info: /CSP attribute "(default-src|script-src)" is missing/,
    why: 'by design: the page carries default-src and script-src with hashes in its CSP <meta> (ADR 003)',
  },
  {
    category: 'HTTP Secure Headers',
    info: /X-XSS-Protection is not set/,
    why: "by design: it is sent as 0, today's advice (the browsers' XSS filters are gone or harmful)",
  },
  {
    category: 'HTTP Secure Headers',
    info: /Strict-Transport-Security is not set/,
    why: 'the scan speaks plain http on loopback; HSTS is sent over https (tests/api/security.test.ts)',
  },
];

const explanationOf = (f: WapitiFinding) =>
  EXPLAINED.find((e) => e.category === f.category && e.info.test(f.info))?.why ?? null;

interface WapitiResult {
  run: Run;
  findings: WapitiFinding[];
  crawled: number | null;
}

/** Modules: the defaults without ssrf and xxe (they need wapiti's endpoint on the internet), plus crlf, methods,
 * backup and htaccess. */
const WAPITI_MODULES = [
  'backup',
  'blindsql',
  'cookieflags',
  'crlf',
  'csp',
  'exec',
  'file',
  'htaccess',
  'http_headers',
  'methods',
  'permanentxss',
  'redirect',
  'sql',
  'xss',
];

async function wapiti(cookie: string): Promise<WapitiResult> {
  const report = join(RAW, 'wapiti', 'report.json');
  // Scope: the folder /en/ (every English page), starting from the home page.
  const args = [
    '-u',
    `${ORIGIN}/en/`,
    '-s',
    `${ORIGIN}/en/home`,
    '--scope',
    'folder',
    '-m',
    WAPITI_MODULES.join(','),
    '-H',
    `Cookie: ${cookie}`,
    '--max-scan-time',
    String(Math.max(60, WAPITI_SECONDS - 60)),
    '--max-attack-time',
    '90',
    '-d',
    '3',
    '--max-links-per-page',
    '60',
    '-f',
    'json',
    '-o',
    report,
    '--flush-session',
    '--store-session',
    join(RAW, 'wapiti', 'session'),
    '--no-bugreport',
    '-v',
    '1',
  ];
  log(`wapiti ${ORIGIN}/en/ from /en/home (up to ${WAPITI_SECONDS} s)`);
  const result = await run('wapiti', args, WAPITI_SECONDS, join(RAW, 'wapiti', 'wapiti.txt'));
  const findings: WapitiFinding[] = [];
  let crawled: number | null = null;
  if (existsSync(report)) {
    type Entry = { level?: number; method?: string; path?: string; parameter?: string; info?: string };
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      vulnerabilities?: Record<string, Entry[]>;
      anomalies?: Record<string, Entry[]>;
      additionals?: Record<string, Entry[]>;
      infos?: { crawled_pages_nbr?: number; crawled_pages?: unknown[] };
    };
    const groups = [
      ['vulnerability', json.vulnerabilities],
      ['anomaly', json.anomalies],
      ['additional', json.additionals],
    ] as const;
    for (const [kind, group] of groups) {
      for (const [category, entries] of Object.entries(group ?? {})) {
        for (const e of entries) {
          findings.push({
            kind,
            category,
            level: e.level,
            path: e.path ?? '',
            method: e.method ?? '',
            parameter: e.parameter ?? '',
            info: (e.info ?? '').replace(/\s+/g, ' ').trim(),
          });
        }
      }
    }
    crawled = json.infos?.crawled_pages_nbr ?? json.infos?.crawled_pages?.length ?? null;
  }
  crawled ??= Number(/Wapiti found (\d+) URLs and forms/.exec(result.output)?.[1] ?? Number.NaN) || null;
  return { run: result, findings, crawled };
}

// ---------------------------------------------------------------------------------------------------------
// Summary

function summary(sql: SqlResult[] | null, web: WapitiResult | null): string {
  const lines = [
    '# Security scan summary',
    '',
    `Run ${new Date().toISOString()} by \`npm run scan\` against ${ORIGIN} (Shipbox, demo data in memory, logged in as ${DEMO.email}).`,
    'Raw reports: `scan/raw/` (not committed). What each finding means and what was done: `docs/security.md`.',
    '',
  ];
  if (sql) {
    lines.push('## sqlmap (level 2, risk 1, PostgreSQL, random X-Forwarded-For)', '');
    lines.push('| target | run | seconds | result | HTTP error codes |', '| --- | --- | --- | --- | --- |');
    for (const r of sql) {
      const result =
        r.injectable.length > 0
          ? `**injectable: ${r.injectable.join(', ')}**`
          : r.notInjectable
            ? 'no injectable parameter'
            : 'no finding (run incomplete)';
      lines.push(`| ${r.target.name} | ${r.run.status} | ${r.run.seconds} | ${result} | ${r.httpCodes ?? '—'} |`);
    }
    lines.push('');
  }
  if (web) {
    lines.push(
      `## wapiti (modules ${WAPITI_MODULES.join(', ')})`,
      '',
      `Run ${web.run.status} in ${web.run.seconds} s; ${web.crawled ?? 'an unknown number of'} URLs and forms crawled and attacked; ${web.findings.length} finding(s).`,
      '',
    );
    if (web.findings.length > 0) {
      lines.push('| kind | category | level | where | info | status |', '| --- | --- | --- | --- | --- | --- |');
      for (const f of web.findings) {
        const where = `${f.method} ${f.path}${f.parameter ? ` (${f.parameter})` : ''}`.replace(/\|/g, '\\|');
        const why = explanationOf(f);
        const status = why ? `explained: ${why}` : '**open: to be looked at**';
        lines.push(
          `| ${f.kind} | ${f.category} | ${f.level ?? ''} | ${where} | ${f.info.replace(/\|/g, '\\|').slice(0, 200)} | ${status.replace(/\|/g, '\\|')} |`,
        );
      }
      lines.push('');
    }
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------

try {
  log(`starting the server on ${ORIGIN}`);
  await waitForHealth();
  const session = await login();
  log(`logged in as ${DEMO.email}`);
  const sql = ONLY === 'wapiti' ? null : await sqlmap(session.cookie, session.guid);
  // The session may have been ended by a payload (sqlmap's logout-free, but be sure): log in again for wapiti.
  const web = ONLY === 'sqlmap' ? null : await wapiti((await login()).cookie);
  const file = join(OUT, 'summary.md');
  // Formatted as the repository's Markdown is, so `npm run lint` passes with the summary committed.
  const text = await format(summary(sql, web), { ...(await resolveConfig(file)), parser: 'markdown' });
  writeFileSync(file, text);
  process.stdout.write(`\n${text}`);
  const injectable = (sql ?? []).some((r) => r.injectable.length > 0);
  const vulnerable = (web?.findings ?? []).some((f) => f.kind === 'vulnerability' && !explanationOf(f));
  await shutdown(injectable || vulnerable ? 1 : 0);
} catch (error) {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}
