/**
 * `npm run scan`: a dynamic security scan of the built site and its API on loopback (docs/security.md).
 *
 * Starts the server (`node server/main.ts`) on 127.0.0.1 with fresh demo data in memory, logs in as the demo
 * customer, then runs sqlmap against every call of the API's OpenAPI document (./scan/api-targets.ts: its path
 * parameters, query and JSON body, as that customer where the call needs a session) and wapiti against the site's
 * pages, each time-boxed. Raw reports go to scan/raw/ (not committed); scan/summary.md is the summary, printed at
 * the end too. Installs nothing: sqlmap and wapiti must be on PATH (`apt-get install -y sqlmap wapiti`), and the
 * site must be built (`npm run build`); it never builds.
 *
 * Options (environment): SCAN_PORT (4650), SCAN_SQLMAP_CALL_SECONDS (90, each sqlmap run's budget, four times
 * that for the calls that check a password; a call gets a run each for its path, its query and body, and the
 * headers it reads), SCAN_SQLMAP_LEVEL (2), SCAN_CALLS (a regular expression: only the calls whose `METHOD /path`
 * matches), SCAN_WAPITI_SECONDS (600), SCAN_ONLY (`sqlmap` or
 * `wapiti`), SCAN_WAIT_FOR_BUILD_SECONDS (0).
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
import { apiTargets, type ApiTarget, type OpenApiDocument } from './scan/api-targets.ts';

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.SCAN_PORT ?? 4650);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OUT = join(ROOT, 'scan');
const RAW = join(OUT, 'raw');
const SQLMAP_CALL_SECONDS = Number(process.env.SCAN_SQLMAP_CALL_SECONDS ?? 90);
const SQLMAP_LEVEL = Number(process.env.SCAN_SQLMAP_LEVEL ?? 2);
const CALLS = new RegExp(process.env.SCAN_CALLS ?? '');
/** Calls that check a password: each try costs a deliberate scrypt, so they get four times the budget. */
const PASSWORD_CHECKS = /^POST \/api\/(account\/login|users\/AuthenticateUser)$/;
const TAMPER_IDEMPOTENCY = join(ROOT, 'scripts', 'scan', 'sqlmap-tamper', 'idempotencykey.py');
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
    // The content editor's own routes are off in production, and a shell's EDITOR (vim) is not its setting.
    EDITOR: '0',
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

/** An address of the documentation range, new for each request: the per-address limits count each apart. */
function randomAddress(): string {
  return `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
}

/** What every request of the scan carries: the site's Origin, as the site's own calls do, and a new address. */
const requestHeaders = () => ({
  origin: ORIGIN,
  'sec-fetch-site': 'same-origin',
  'x-forwarded-for': randomAddress(),
});

async function login(): Promise<{ cookie: string; guid: string }> {
  const res = await fetch(`${ORIGIN}/api/account/login`, {
    method: 'POST',
    headers: { ...requestHeaders(), 'content-type': 'application/json' },
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

function runTool(command: string, args: string[], seconds: number, logFile: string): Promise<Run> {
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

interface SqlRun {
  /**
   * 'path' marks the path parameters with `*`; 'input' lets sqlmap take the query and JSON body's parameters;
   * 'header' marks the headers the call reads.
   */
  kind: 'path' | 'input' | 'header';
  run: Run;
  /** The parameters sqlmap said it tested, as it names them (`GET parameter 'q'`, `URI parameter '#1*'`). */
  tested: string[];
  injectable: string[];
  notInjectable: boolean;
  httpCodes: string | null;
}

interface SqlResult {
  target: ApiTarget;
  runs: SqlRun[];
  /** Why sqlmap was not run on the call, when it wasn't. */
  skipped: string | undefined;
}

/** A live session of the demo customer: the last one while it answers, else a new login. */
function sessions(first: string): () => Promise<string> {
  let cookie = first;
  return async () => {
    const check = await fetch(`${ORIGIN}/api/account/GetCustomerDetails`, { headers: { ...requestHeaders(), cookie } });
    await check.arrayBuffer();
    if (check.status !== 200) cookie = (await login()).cookie;
    return cookie;
  };
}

function parseSqlmap(output: string) {
  const injectable = [
    ...output.matchAll(/Parameter: (.+?) \(|parameter '([^']+)' (?:is|appears to be) '?[^']*'? ?injectable/g),
  ]
    .map((m) => (m[1] ?? m[2] ?? '').trim())
    .filter(Boolean);
  const tested = [...output.matchAll(/testing if (.+?) parameter '([^']+)' is dynamic/g)].map((m) =>
    `${m[1] ?? ''} ${m[2] ?? ''}`.trim(),
  );
  return {
    tested: [...new Set(tested)],
    injectable: [...new Set(injectable)],
    notInjectable: /all tested parameters do not appear to be injectable/.test(output),
    httpCodes: /HTTP error codes detected during run:\s*\n?(.+)/.exec(output)?.[1]?.trim() ?? null,
  };
}

async function sqlmapRun(target: ApiTarget, kind: SqlRun['kind'], cookie: () => Promise<string>): Promise<SqlRun> {
  const args = [
    '-u',
    kind === 'path' ? (target.pathInjection ?? target.url) : target.url,
    '--batch',
    `--level=${SQLMAP_LEVEL}`,
    '--risk=1',
    '--dbms=PostgreSQL',
    '--threads=2',
    '--flush-session',
    '--disable-coloring',
    '--drop-set-cookie',
    `--tamper=${['xforwardedfor', ...(target.idempotent ? [TAMPER_IDEMPOTENCY] : [])].join(',')}`,
    // Every unsafe call is checked for its Origin (server/api/csrf.ts): sqlmap's requests come as the site's.
    `--headers=${[
      `Origin: ${ORIGIN}`,
      'Sec-Fetch-Site: same-origin',
      ...Object.entries(target.headerParams).map(([name, value]) => `${name}: ${value}${kind === 'header' ? '*' : ''}`),
    ].join('\n')}`,
    `--output-dir=${join(RAW, 'sqlmap')}`,
    '--answers=follow=N,merge=N,process=Y',
    `--method=${target.method}`,
    // 4xx answers are what most payloads get (the input checks, the owner check, a limit): answers, not errors.
    '--ignore-code=400,401,403,404,409,415,422,429',
  ];
  if (target.json !== undefined) args.push(`--data=${JSON.stringify(target.json)}`);
  if (target.session) {
    const session = await cookie();
    args.push(`--cookie=${session}`, `--skip=${session.split('=')[0]}`);
  }
  const file = `${target.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}.${kind}.txt`;
  const seconds = SQLMAP_CALL_SECONDS * (PASSWORD_CHECKS.test(target.name) ? 4 : 1);
  log(`sqlmap ${target.name} (${kind}; up to ${seconds} s)`);
  const run = await runTool('sqlmap', args, seconds, join(RAW, 'sqlmap', file));
  return { kind, run, ...parseSqlmap(run.output) };
}

async function sqlmap(first: { cookie: string; guid: string }): Promise<SqlResult[]> {
  const cookie = sessions(first.cookie);
  const document = (await (await fetch(`${ORIGIN}/api/openapi.json`)).json()) as OpenApiDocument;
  const targets = (
    await apiTargets(document, { origin: ORIGIN, guid: first.guid, cookie, headers: requestHeaders })
  ).filter((t) => CALLS.test(t.name));
  log(`${targets.length} API calls from the OpenAPI document`);
  const results: SqlResult[] = [];
  for (const target of targets) {
    const hasInput = target.queryParams.length > 0 || target.json !== undefined;
    const hasHeaders = Object.keys(target.headerParams).length > 0;
    if (!target.pathInjection && !hasInput && !hasHeaders) {
      results.push({
        target,
        runs: [],
        skipped: target.multipart ? 'only files (multipart), which sqlmap does not send' : 'takes no input',
      });
      continue;
    }
    const runs: SqlRun[] = [];
    if (target.pathInjection) runs.push(await sqlmapRun(target, 'path', cookie));
    if (hasInput) runs.push(await sqlmapRun(target, 'input', cookie));
    if (hasHeaders) runs.push(await sqlmapRun(target, 'header', cookie));
    results.push({ target, runs, skipped: undefined });
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
  const result = await runTool('wapiti', args, WAPITI_SECONDS, join(RAW, 'wapiti', 'wapiti.txt'));
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
    const runs = sql.flatMap((r) => r.runs);
    lines.push(
      `## sqlmap (level ${SQLMAP_LEVEL}, risk 1, PostgreSQL, random X-Forwarded-For; ${SQLMAP_CALL_SECONDS} s a run)`,
      '',
      `${sql.length} calls of the OpenAPI document; ${runs.length} sqlmap runs (${runs.filter((r) => r.run.status === 'timed out').length} stopped at their budget); ` +
        `${sql.filter((r) => r.runs.some((x) => x.injectable.length > 0)).length} call(s) with an injectable parameter. ` +
        'A path run marks the path parameters (`*`), a header run the headers the call reads; an input run tests the ' +
        'query and JSON body parameters. ' +
        'The baseline is the status the starting request got (a success, else the refusal it could get furthest to).',
      '',
      '| call | session | baseline | run | seconds | parameters tested | result | HTTP error codes |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    const cell = (text: string) => text.replace(/\|/g, '\\|');
    for (const r of sql) {
      const call = `${r.target.name}`;
      const session = r.target.session ? 'yes' : 'no';
      if (r.skipped) {
        lines.push(
          `| ${cell(call)} | ${session} | ${r.target.baselineStatus} | — | — | — | not run: ${r.skipped} | — |`,
        );
        continue;
      }
      for (const x of r.runs) {
        const result =
          x.injectable.length > 0
            ? `**injectable: ${x.injectable.join(', ')}**`
            : x.notInjectable
              ? 'no injectable parameter'
              : `no finding (${x.run.status === 'timed out' ? 'stopped at its budget' : 'run incomplete'})`;
        lines.push(
          `| ${cell(call)} | ${session} | ${r.target.baselineStatus} | ${x.kind} | ${x.run.seconds} | ${cell(x.tested.join('; ') || '—')} | ${result} | ${cell(x.httpCodes ?? '—')} |`,
        );
      }
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

/** The section of a summary headed `## <tool>`, marked as from an earlier run, or nothing. */
function keptSection(text: string, tool: 'sqlmap' | 'wapiti'): string {
  const found = new RegExp(`\\n## ${tool}[^\\n]*\\n[\\s\\S]*?(?=\\n## |$)`).exec(text)?.[0];
  const when = /^Run (\S+)/m.exec(text)?.[1] ?? 'an earlier run';
  return found
    ? `\n${found.trim().replace(/\n/, `\n\n_From the run of ${when}, kept: this run was SCAN_ONLY._\n`)}\n`
    : '';
}

// ---------------------------------------------------------------------------------------------------------

try {
  log(`starting the server on ${ORIGIN}`);
  await waitForHealth();
  const session = await login();
  log(`logged in as ${DEMO.email}`);
  const sql = ONLY === 'wapiti' ? null : await sqlmap(session);
  // The session may have been ended by a payload (sqlmap's logout-free, but be sure): log in again for wapiti.
  const web = ONLY === 'sqlmap' ? null : await wapiti((await login()).cookie);
  const file = join(OUT, 'summary.md');
  // A run of one scanner keeps the other's section of the last summary, as it was.
  const kept =
    ONLY && existsSync(file) ? keptSection(readFileSync(file, 'utf8'), ONLY === 'sqlmap' ? 'wapiti' : 'sqlmap') : '';
  // Formatted as the repository's Markdown is, so `npm run lint` passes with the summary committed.
  const text = await format(summary(sql, web) + kept, { ...(await resolveConfig(file)), parser: 'markdown' });
  writeFileSync(file, text);
  process.stdout.write(`\n${text}`);
  const injectable = (sql ?? []).some((r) => r.runs.some((x) => x.injectable.length > 0));
  const vulnerable = (web?.findings ?? []).some((f) => f.kind === 'vulnerability' && !explanationOf(f));
  await shutdown(injectable || vulnerable ? 1 : 0);
} catch (error) {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}
