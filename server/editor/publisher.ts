/**
 * Publishing what the editors saved (issue 27; docs/decisions/039): check the content as the build and the API
 * check it, build every brand's site from it into a staging folder, put the new builds in place of the old ones,
 * and hand the API the new articles — all without a restart. Nothing changes unless every step passes: a
 * failed check or build leaves the site and the API as they were, and the status names the file and field.
 *
 * One publish runs at a time; a publish asked for while one runs starts again once it ends (with what was saved
 * in the meantime).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { z } from 'zod';
import type { BrandId } from '../../src/brands/brands.ts';
import { countryRatesSchema } from '../../src/lib/reference/schemas.ts';
import { ContentError, loadArticleSource, type ArticleSource, type ArticleStore } from '../content/article-source.ts';
import type { Logger } from '../logger.ts';

export type PublishState = 'idle' | 'checking' | 'building' | 'published' | 'failed';

export interface PublishStatus {
  state: PublishState;
  startedAt: string | null;
  finishedAt: string | null;
  /** What stopped the publish: `file: field: what is wrong`, or the build's own words. */
  problems: string[];
  /** The end of the build's output (for a failed build). */
  log: string;
}

export interface BuildResult {
  ok: boolean;
  output: string;
}

/** Builds every brand from `contentDir` into `<outRoot>/<brand>`. */
export type SiteBuilder = (outRoot: string, contentDir: string) => Promise<BuildResult>;

export interface PublisherOptions {
  contentDir: string;
  /** The folder holding each brand's build (`<distRoot>/<brand>`): the builds are replaced there. */
  distRoot: string;
  brands: readonly BrandId[];
  articles: ArticleStore;
  logger: Logger;
  /** Default: `node scripts/build.ts --skip-editor` with DIST_ROOT and CONTENT_DIR. */
  build?: SiteBuilder;
  /** After the new builds and articles are in place (the reference data follows the content). */
  afterPublish?: () => Promise<void>;
  now?: () => Date;
}

const LOG_TAIL = 4000;
const BUILD_SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'build.ts');

/** The build script, as a child process of its own group (stopped with its Astro child at shutdown). */
export function scriptBuilder(track: (child: ChildProcess | undefined) => void): SiteBuilder {
  return (outRoot, contentDir) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [BUILD_SCRIPT, '--skip-editor'], {
        env: { ...process.env, DIST_ROOT: outRoot, CONTENT_DIR: contentDir, FORCE_COLOR: '0', NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      track(child);
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-200_000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (error) => {
        track(undefined);
        resolve({ ok: false, output: `${output}\n${error.message}` });
      });
      child.on('close', (code) => {
        track(undefined);
        resolve({ ok: code === 0, output });
      });
    });
}

/** The country rates file, checked as the site's rate pages and the API's reference data read it. */
function countryRatesProblems(contentDir: string): string[] {
  const file = join(contentDir, 'data', 'country-rates.json');
  const name = displayPath(file);
  if (!existsSync(file)) return [`${name}: missing (the country rates pages list its routes)`];
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return [`${name}: not valid JSON: ${(error as Error).message}`];
  }
  const parsed = z.safeParse(countryRatesSchema, json);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${name}: ${issue.path.join('.') || 'rates'}: ${issue.message}`);
}

function displayPath(file: string): string {
  const path = relative(process.cwd(), file);
  return path && !path.startsWith('..') ? path : file;
}

/** The lines of a failed build that say what is wrong (Astro names the file, and zod the field). */
export function buildProblems(output: string, contentDir: string): string[] {
  // Colour codes, in case a terminal setting let them through.
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const named = lines
    .map((line) => line.trim())
    .filter((line) => line && (line.includes(contentDir) || /\bsrc\/content\//.test(line) || /^\*\*/.test(line)))
    .map((line) => line.split(contentDir).join(displayPath(contentDir)));
  const wanted = named.length > 0 ? named : lines.filter((line) => /error/i.test(line)).map((line) => line.trim());
  return [...new Set(wanted)].slice(0, 20);
}

export class ContentPublisher {
  private readonly options: PublisherOptions;
  private readonly build: SiteBuilder;
  private current: PublishStatus = { state: 'idle', startedAt: null, finishedAt: null, problems: [], log: '' };
  private running: Promise<void> | undefined;
  private again = false;
  private child: ChildProcess | undefined;
  private closed = false;
  private readonly published: (() => void)[] = [];

  constructor(options: PublisherOptions) {
    this.options = options;
    this.build =
      options.build ??
      scriptBuilder((child) => {
        this.child = child;
      });
  }

  status(): PublishStatus {
    return { ...this.current, problems: [...this.current.problems] };
  }

  /** Starts a publish (or one more after the one running) and answers the status. */
  publish(): PublishStatus {
    if (this.closed) return this.status();
    if (this.running) {
      this.again = true;
      return this.status();
    }
    this.running = this.runAll().finally(() => {
      this.running = undefined;
    });
    return this.status();
  }

  /** Calls `listener` after each publish has swapped the new builds in (the server's files reload then). */
  onPublished(listener: () => void): void {
    this.published.push(listener);
  }

  /** Resolves when no publish is running. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops a build under way (the server is shutting down). */
  close(): void {
    this.closed = true;
    this.again = false;
    const pid = this.child?.pid;
    if (pid !== undefined) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }

  private async runAll(): Promise<void> {
    do {
      this.again = false;
      await this.runOnce();
    } while (this.again && !this.closed);
  }

  private set(change: Partial<PublishStatus>): void {
    this.current = { ...this.current, ...change };
  }

  private now(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }

  private fail(problems: string[], log = ''): void {
    this.set({ state: 'failed', finishedAt: this.now(), problems, log });
    this.options.logger.warn({ problems }, 'content not published');
  }

  private async runOnce(): Promise<void> {
    const { contentDir, distRoot, brands, logger } = this.options;
    this.set({ state: 'checking', startedAt: this.now(), finishedAt: null, problems: [], log: '' });
    let source: ArticleSource;
    try {
      source = await loadArticleSource(contentDir);
    } catch (error) {
      const problems = error instanceof ContentError ? [...error.problems] : [(error as Error).message];
      this.fail([...problems, ...countryRatesProblems(contentDir)]);
      return;
    }
    const rates = countryRatesProblems(contentDir);
    if (rates.length > 0) {
      this.fail(rates);
      return;
    }

    this.set({ state: 'building' });
    const staging = join(distRoot, '.publishing');
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    const started = performance.now();
    const built = await this.build(staging, contentDir);
    if (this.closed) return;
    if (!built.ok) {
      const problems = buildProblems(built.output, contentDir);
      this.fail(
        problems.length > 0 ? problems : ['The site did not build (see the log).'],
        built.output.slice(-LOG_TAIL),
      );
      await rm(staging, { recursive: true, force: true });
      return;
    }
    for (const brand of brands) {
      const next = join(staging, brand);
      if (!existsSync(join(next, 'index.html'))) {
        this.fail([`The build wrote no site for ${brand}.`], built.output.slice(-LOG_TAIL));
        return;
      }
    }
    // Each brand's folder is swapped in two renames: the old build stays whole until the new one takes its name.
    for (const brand of brands) {
      const live = join(distRoot, brand);
      const previous = join(distRoot, `.previous-${brand}`);
      await rm(previous, { recursive: true, force: true });
      if (existsSync(live)) await rename(live, previous);
      await rename(join(staging, brand), live);
      await rm(previous, { recursive: true, force: true });
    }
    await rm(staging, { recursive: true, force: true });
    this.options.articles.replace(source);
    for (const listener of this.published) listener();
    await this.options.afterPublish?.();
    this.set({ state: 'published', finishedAt: this.now(), problems: [], log: '' });
    logger.info({ brands, ms: Math.round(performance.now() - started) }, 'content published');
  }
}
