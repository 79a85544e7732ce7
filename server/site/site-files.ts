/**
 * The built site (dist/<brand>) held in memory: every file read once at start-up and again when the editor
 * publishes, each with its Brotli and gzip forms (written beside it by the build, `precompressSite`) and an ETag.
 * A request then costs a map look-up and a write: no file system, no compression (docs/decisions/040).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile, readdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { getMimeType } from 'hono/utils/mime';

/** Files worth compressing: text. Images, fonts and archives are compressed already. */
export const COMPRESSIBLE = /\.(?:html|css|js|mjs|json|webmanifest|svg|txt|xml|map|conf|ico)$/i;
/** Below this, a compressed form saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

export interface SiteFile {
  type: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** Content hash, the ETag's core; each encoding's ETag adds its own suffix (they are different bytes). */
  hash: string;
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The ETag of `file` as sent in `encoding`. */
export function etagOf(file: SiteFile, encoding: Encoding): string {
  return encoding === 'identity' ? `"${file.hash}"` : `"${file.hash}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

/** Whether an If-None-Match header names this file, in any of its encodings (a cache may hold either). */
export function matchesEtag(file: SiteFile, ifNoneMatch: string | undefined | null): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    if (tag === file.hash || tag === `${file.hash}-br` || tag === `${file.hash}-gz`) return true;
  }
  return false;
}

/** The best encoding of `file` the client accepts: Brotli, then gzip, else the bytes as they are. */
export function pickEncoding(file: SiteFile, acceptEncoding: string | undefined | null): Encoding {
  if (!acceptEncoding || (!file.br && !file.gzip)) return 'identity';
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gz = true;
  }
  if (br && file.br) return 'br';
  if (gz && file.gzip) return 'gzip';
  return 'identity';
}

/** The bytes of `file` in `encoding`. */
export function bytesOf(file: SiteFile, encoding: Encoding): Buffer {
  return (encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : null) ?? file.identity;
}

/**
 * `identity` as a file to send, with compressed forms made here (Brotli at `brotliQuality`) when they are worth it:
 * for answers made once and sent many times (the articles of a build).
 */
export function inMemoryFile(identity: Buffer, type: string, brotliQuality = 5): SiteFile {
  let br: Buffer | null = null;
  let gz: Buffer | null = null;
  if (identity.length >= MIN_COMPRESS_BYTES) {
    br = brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    });
    gz = gzipSync(identity, { level: 6 });
    if (br.length >= identity.length) br = null;
    if (gz.length >= identity.length) gz = null;
  }
  return { type, identity, br, gzip: gz, hash: hashOf(identity) };
}

const typeOf = (path: string): string => getMimeType(path) ?? 'application/octet-stream';
const hashOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('base64url').slice(0, 22);

/** Files of `dir`, as URL paths (`/_astro/x.js`) beside their place on disk. */
function listFiles(dir: string): { path: string; full: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = join(entry.parentPath, entry.name);
      return { path: `/${relative(dir, full).split(sep).join('/')}`, full };
    });
}

function readIfThere(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

/** The site's files by URL path, in memory. */
export class SiteFiles {
  #files = new Map<string, SiteFile>();
  #bytes = 0;

  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
    this.reload();
  }

  /**
   * Reads the folder again (a publish swapped a new build in). The new set replaces the old one whole, so a request
   * meets either build, never a mix; if the folder can't be read, the old set stays.
   */
  reload(): void {
    const files = new Map<string, SiteFile>();
    let bytes = 0;
    const listed = listFiles(this.dir);
    const paths = new Set(listed.map((f) => f.path));
    for (const { path, full } of listed) {
      // A compressed form written by the build is kept with its file, not served under its own name.
      if (/\.(?:br|gz)$/.test(path) && paths.has(path.slice(0, -3))) continue;
      const identity = readFileSync(full);
      let file: SiteFile = { type: typeOf(path), identity, br: null, gzip: null, hash: hashOf(identity) };
      if (COMPRESSIBLE.test(path)) {
        // Written by the build when it could; made here (quicker settings) for a build that did not.
        const br = readIfThere(`${full}.br`);
        const gz = readIfThere(`${full}.gz`);
        file = br && gz ? { ...file, br, gzip: gz } : inMemoryFile(identity, file.type);
      }
      files.set(path, file);
      bytes += identity.length + (file.br?.length ?? 0) + (file.gzip?.length ?? 0);
    }
    this.#files = files;
    this.#bytes = bytes;
  }

  /** The file at URL path `path` (`/_astro/x.js`, `/en/home.html`). */
  get(path: string): SiteFile | undefined {
    return this.#files.get(path);
  }

  /** How many files, and the bytes held (all forms). */
  get stats(): { files: number; bytes: number } {
    return { files: this.#files.size, bytes: this.#bytes };
  }
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `x.br` and `x.gz` beside every text file of the build worth compressing, at the strongest settings
 * (done once per build, so the server sends them with no work). A form no smaller than the file is not written.
 * With `cacheDir`, forms are kept there by content hash: a rebuild compresses only the files that changed.
 */
export async function precompressSite(
  dir: string,
  cacheDir?: string,
): Promise<{ files: number; bytes: number; compressed: number }> {
  if (cacheDir) await mkdir(cacheDir, { recursive: true });
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const targets = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((full) => statSync(full).size >= MIN_COMPRESS_BYTES);
  let bytes = 0;
  let compressed = 0;
  // Two at a time: zlib works on libuv's thread pool, one file per core.
  const queue = [...targets];
  const worker = async () => {
    for (let full = queue.shift(); full !== undefined; full = queue.shift()) {
      const identity = await readFile(full);
      const cached = cacheDir ? join(cacheDir, createHash('sha256').update(identity).digest('hex')) : null;
      let [br, gz] = cached
        ? await Promise.all([readFile(`${cached}.br`).catch(() => null), readFile(`${cached}.gz`).catch(() => null)])
        : [null, null];
      if (!br || !gz) {
        [br, gz] = await Promise.all([
          brotli(identity, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          }),
          gzipAsync(identity, { level: 9 }),
        ]);
        if (cached) await Promise.all([writeFile(`${cached}.br`, br), writeFile(`${cached}.gz`, gz)]);
      }
      bytes += identity.length;
      if (br.length < identity.length) await writeFile(`${full}.br`, br);
      if (gz.length < identity.length) await writeFile(`${full}.gz`, gz);
      compressed += Math.min(br.length, identity.length);
    }
  };
  await Promise.all([worker(), worker()]);
  return { files: targets.length, bytes, compressed };
}
