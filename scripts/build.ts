/**
 * Builds the site for both brands: dist/shipbox and dist/mailbridge, each with its hosting rules, and the content
 * editor (dist/editor). `--missing` builds only the brands that have no build yet (used by `npm start`);
 * `--brand=<id>` builds one brand; `--skip-editor` leaves the editor out (a publish from the editor rebuilds the
 * sites only). DIST_ROOT builds into another folder than dist/, and CONTENT_DIR from another content folder
 * than src/content (server/editor/publisher.ts uses both). Every text file gets its Brotli and gzip forms beside it
 * (`x.br`, `x.gz`), which the server sends as they are.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brands, type BrandId } from '../src/brands/brands.ts';
import { siteOrigin } from '../src/brands/site-origin.ts';
import { nginxInclude, redirectsFile } from '../src/lib/routes/hosting-rules.ts';
import { sitemapXml } from '../src/lib/routes/sitemap.ts';
import { buildServiceWorker } from './build-service-worker.ts';
import { buildEditor } from './build-editor.ts';
import { precompressSite } from '../server/site/site-files.ts';

const root = join(import.meta.dirname, '..');
const distRoot = process.env.DIST_ROOT ? resolve(process.env.DIST_ROOT) : join(root, 'dist');
const onlyMissing = process.argv.includes('--missing');
const skipEditor = process.argv.includes('--skip-editor');
const astroBin = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');

export function distDir(brand: BrandId): string {
  return join(distRoot, brand);
}

async function buildBrand(id: BrandId): Promise<void> {
  const started = performance.now();
  const result = spawnSync(process.execPath, [astroBin, 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      BRAND: id,
      ASTRO_TELEMETRY_DISABLED: '1',
      SITE_OUT_DIR: distDir(id),
      // A build from other content keeps its own cache, so the next build of src/content starts clean of it.
      ...(process.env.CONTENT_DIR ? { ASTRO_CACHE_DIR: join(distRoot, '.astro-cache') } : {}),
    },
  });
  if (result.status !== 0) {
    console.error(`Build of ${id} failed.`);
    process.exit(result.status ?? 1);
  }
  const brand = brands[id];
  const site = { brandSlug: brand.slug, languages: brand.languages };
  writeFileSync(join(distDir(id), 'nginx.conf'), nginxInclude(site));
  writeFileSync(join(distDir(id), '_redirects'), redirectsFile(site));
  const origin = siteOrigin(brand);
  const pages = readdirSync(distDir(id), { recursive: true, encoding: 'utf8' }).map((f) => f.split('\\').join('/'));
  writeFileSync(join(distDir(id), 'sitemap.xml'), sitemapXml({ ...site, origin }, pages));
  writeFileSync(join(distDir(id), 'robots.txt'), `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
  const worker = await buildServiceWorker(distDir(id), brand);
  // Last, so that nothing above (the sitemap, the service worker's list) counts the compressed forms as files.
  const compressed = await precompressSite(distDir(id), join(root, 'node_modules', '.cache', 'precompressed'));
  const precached = `${worker.precached} files (${Math.round(worker.bytes / 1024)} KB) precached; ${compressed.files} files compressed (${Math.round(compressed.bytes / 1024)} KB to ${Math.round(compressed.compressed / 1024)} KB Brotli)`;
  console.log(
    `Built ${id} into ${relative(root, distDir(id)) || distDir(id)} in ${((performance.now() - started) / 1000).toFixed(1)} s; ${precached}`,
  );
}

const only = process.argv.find((arg) => arg.startsWith('--brand='))?.slice('--brand='.length);
for (const id of Object.keys(brands) as BrandId[]) {
  if (only && id !== only) continue;
  if (onlyMissing && existsSync(join(distDir(id), 'index.html'))) continue;
  await buildBrand(id);
}
if (!skipEditor && !only && !(onlyMissing && existsSync(join(distRoot, 'editor', 'editor.js')))) {
  const started = performance.now();
  const editor = await buildEditor(join(distRoot, 'editor'));
  const kb = Math.round(editor.bytes / 1024);
  console.log(
    `Built the content editor into dist/editor in ${((performance.now() - started) / 1000).toFixed(1)} s (${kb} KB)`,
  );
}
