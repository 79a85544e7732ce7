/**
 * Builds a brand's service worker (src/sw/sw.ts; docs/decisions/037) into dist/<brand>/sw.js, after its Astro
 * build: bundled with esbuild, then Workbox writes in the list of files to precache with their revisions. The
 * precache holds the shell (the scripts and styles of the languages' home pages with what they import), the core
 * catalogue parts, the fonts if any, the icons and the manifests; everything else is kept as it is used.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

/** The files a page loads as it opens: its module scripts and stylesheets (paths from the site's root). */
export function pageFiles(html: string): string[] {
  const files: string[] = [];
  for (const match of html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)) files.push(match[1] ?? '');
  for (const match of html.matchAll(/<link[^>]*\shref="\/(_astro\/[^"]+\.css)"/g)) files.push(match[1] ?? '');
  return files.filter((file) => file.startsWith('_astro/'));
}

/** The chunks a built script imports statically (`import … from "./x.js"`, never `import("./x.js")`). */
export function staticImports(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]+from\s*)?["']\.\/([^"']+\.js)["']/g,
  )) {
    found.add(match[1] ?? '');
  }
  return [...found];
}

/** The shell's files: what the given pages load and the given chunks, with everything they import, in dist. */
export function shellFiles(distDir: string, pages: readonly string[], chunks: readonly string[] = []): string[] {
  const files = new Set<string>();
  const queue = [...pages.flatMap((page) => pageFiles(readFileSync(join(distDir, page), 'utf8'))), ...chunks];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith('.js')) continue;
    for (const imported of staticImports(readFileSync(join(distDir, file), 'utf8'))) queue.push(`_astro/${imported}`);
  }
  return [...files].sort();
}

export interface ServiceWorkerBuild {
  precached: number;
  bytes: number;
}

export async function buildServiceWorker(
  distDir: string,
  brand: { slug: string; languages: readonly string[] },
): Promise<ServiceWorkerBuild> {
  const temp = mkdtempSync(join(tmpdir(), 'sw-'));
  try {
    const source = join(temp, 'sw.js');
    await build({
      entryPoints: [join(import.meta.dirname, '..', 'src', 'sw', 'sw.ts')],
      outfile: source,
      bundle: true,
      format: 'iife',
      minify: true,
      target: 'es2022',
      logLevel: 'warning',
      define: {
        'process.env.NODE_ENV': '"production"',
        NOTIFICATION_ICON: JSON.stringify(`/favicon-${brand.slug}.svg`),
      },
    });
    const homes = brand.languages.map((lang) => `${lang}/home.html`);
    const astro = readdirSync(join(distDir, '_astro'));
    const catalogueCores = astro.filter((file) => /^core\.[\w-]+\.js$/.test(file)).map((file) => `_astro/${file}`);
    // What the shell loads on demand offline: the notices (src/lib/offline/notices.ts).
    const offlineChunks = astro.filter((file) => /^notices\.[\w-]+\.js$/.test(file)).map((file) => `_astro/${file}`);
    if (offlineChunks.length !== 1)
      throw new Error(`Service worker: expected one notices chunk, found ${offlineChunks.length}`);
    const fonts = astro.filter((file) => /\.(?:woff2?|ttf)$/.test(file)).map((file) => `_astro/${file}`);
    const { count, size, warnings } = await injectManifest({
      swSrc: source,
      swDest: join(distDir, 'sw.js'),
      globDirectory: distDir,
      globPatterns: [
        ...shellFiles(distDir, homes, offlineChunks),
        ...catalogueCores,
        ...fonts,
        '*.webmanifest',
        `favicon-${brand.slug}.*`,
        `icons/${brand.slug}*`,
      ],
      // Hashed names need no revision of their own.
      dontCacheBustURLsMatching: /^_astro\//,
    });
    if (warnings.length > 0) throw new Error(`Service worker: ${warnings.join('; ')}`);
    return { precached: count, bytes: size };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
