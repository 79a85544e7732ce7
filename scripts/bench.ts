/**
 * `npm run bench`: a benchmark, never a test. Measures what a visitor's phone downloads and how the pages
 * score, and writes bench/results.md (the same table is printed):
 * - per article page and the home page, in each language: gzip bytes of HTML, CSS and JavaScript loaded
 *   before any interaction (Chromium at a phone's viewport, until the network is idle);
 * - Lighthouse mobile scores, with LCP, TBT and CLS, for the home page and an article, in each language.
 * Builds both brands first when a build is missing (`--build` rebuilds). Options: `--no-lighthouse`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';
import { brands } from '../src/brands/brands.ts';

const root = join(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.BENCH_PORT ?? 4620);
const origin = `http://127.0.0.1:${port}`;
const brand = brands.shipbox;
const PHONE = { width: 412, height: 823 };

function ensureBuild(): void {
  const force = process.argv.includes('--build');
  if (!force && existsSync(join(root, 'dist', 'shipbox', 'index.html'))) return;
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.ts')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, [join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      BRAND: 'shipbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: 'memory://',
    },
  });
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('The server did not start');
}

/** The built article pages of a language (every .html under the article routes), plus the home page. */
function pagesOf(lang: string): { type: string; path: string }[] {
  const dir = join(root, 'dist', 'shipbox', lang);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.html'));
  const articleLike = (f: string) =>
    /^(about|features|help|faqs|service-updates|single-banner)\//.test(f) ||
    [
      'privacy-policy.html',
      'terms-of-use.html',
      'customer-support.html',
      'faqs.html',
      'service-updates.html',
      'agreement.html',
    ].includes(f);
  return [
    { type: 'home', path: `/${lang}/home` },
    ...files
      .filter(articleLike)
      .sort()
      .map((f) => ({ type: 'article', path: `/${lang}/${f.replace(/\.html$/, '')}` })),
  ];
}

interface Weight {
  html: number;
  css: number;
  js: number;
  scripts: number;
}

async function weigh(page: Page, path: string): Promise<Weight> {
  const weight: Weight = { html: 0, css: 0, js: 0, scripts: 0 };
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (!['document', 'stylesheet', 'script'].includes(type)) return;
    pending.push(
      response
        .body()
        .then((body) => {
          const size = gzipSync(body).length;
          if (type === 'document') weight.html += size;
          else if (type === 'stylesheet') weight.css += size;
          else {
            weight.js += size;
            weight.scripts += 1;
          }
        })
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await Promise.all(pending);
  page.off('response', onResponse);
  return weight;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

interface Score {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function lighthouseScores(paths: readonly string[]): Promise<Score[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const scores: Score[] = [];
  try {
    for (const path of paths) {
      const result = await lighthouse(origin + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      scores.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

async function main(): Promise<void> {
  ensureBuild();
  const server = await startServer();
  const lines: string[] = [
    '# Benchmark results',
    '',
    `Brand ${brand.name}, built site served by the reference server on loopback; ${new Date().toISOString()}.`,
    `Bytes are gzip sizes of what Chromium loads at ${PHONE.width}×${PHONE.height} before any interaction.`,
    '',
  ];
  try {
    const browser = await chromium.launch({ executablePath: chromePath });
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    lines.push(
      '## Page weight (KB gzip)',
      '',
      '| page | type | HTML | CSS | JS | scripts |',
      '|---|---|---:|---:|---:|---:|',
    );
    let worstArticle = { path: '', js: 0 };
    for (const lang of brand.languages) {
      for (const { type, path } of pagesOf(lang)) {
        const w = await weigh(page, path);
        if (type === 'article' && w.js > worstArticle.js) worstArticle = { path, js: w.js };
        lines.push(`| ${path} | ${type} | ${kb(w.html)} | ${kb(w.css)} | ${kb(w.js)} | ${w.scripts} |`);
      }
    }
    lines.push('', `Most JavaScript on an article page: ${kb(worstArticle.js)} KB (${worstArticle.path}).`, '');
    await browser.close();

    if (!process.argv.includes('--no-lighthouse')) {
      const paths = brand.languages.flatMap((lang) => [`/${lang}/home`, `/${lang}/about/what-is-${brand.slug}`]);
      const scores = await lighthouseScores(paths);
      lines.push(
        '## Lighthouse (mobile)',
        '',
        '| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        ...scores.map(
          (s) =>
            `| ${s.path} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${Math.round(s.lcp)} | ${Math.round(s.tbt)} | ${s.cls.toFixed(3)} |`,
        ),
        '',
      );
    }
  } finally {
    server.kill('SIGTERM');
  }
  const text = lines.join('\n');
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results.md'), `${text}\n`);
  console.log(text);
}

await main();
