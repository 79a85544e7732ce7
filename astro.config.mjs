// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createRequire } from 'node:module';
import { HEAD_SCRIPT } from './src/lib/site/head-script.ts';
import { BROWSER_PARTS, cataloguePart } from './src/i18n/catalogue-parts.ts';
import { LANGUAGES, isLang } from './src/i18n/languages.ts';
import { browserDeclarationsPlugin } from './scripts/browser-declarations.ts';

// The brand is chosen at build time; each brand builds into its own folder.
const brand = process.env.BRAND === 'mailbridge' ? 'mailbridge' : 'shipbox';

/**
 * Origins a production map style (PUBLIC_MAP_STYLE_URL, its tiles in PUBLIC_MAP_TILE_ORIGINS, comma-separated)
 * is fetched from; none with the embedded style, whose maps ask nothing of another origin.
 */
const mapOrigins = [process.env.PUBLIC_MAP_STYLE_URL, ...(process.env.PUBLIC_MAP_TILE_ORIGINS ?? '').split(',')]
  .map((value) => value?.trim())
  .filter((value) => value)
  .map((value) => new URL(/** @type {string} */ (value)).origin);
const mapSources = mapOrigins.length > 0 ? ` ${[...new Set(mapOrigins)].join(' ')}` : '';

/**
 * The toast library injects its stylesheet at run time; the CSP allows exactly that stylesheet by hash.
 * Read from the installed package, so an upgrade can't silently break the toasts' styles.
 */
/** @returns {`sha256-${string}`} */
function toastStyleHash() {
  const source = readFileSync(createRequire(import.meta.url).resolve('sonner'), 'utf8');
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (!literal) throw new Error('Could not find the toast stylesheet to hash for the CSP');
  return `sha256-${createHash('sha256').update(JSON.parse(literal)).digest('base64')}`;
}

/**
 * `virtual:catalogue/<lang>/<part>`: one part of a language's catalogue (src/i18n/catalogue-parts.ts), so each
 * island loads the core and only the feature parts it shows; `virtual:catalogue/loaders` imports each of them
 * on demand. Translators keep editing src/i18n/<lang>.json.
 * @returns {import('vite').Plugin}
 */
function cataloguePartsPlugin() {
  const prefix = 'virtual:catalogue/';
  return {
    name: 'catalogue-parts',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const path = id.slice(prefix.length + 1);
      if (path === 'loaders') {
        const parts = (/** @type {string} */ lang) =>
          BROWSER_PARTS.map((part) => `${part}: () => import('${prefix}${lang}/${part}')`).join(', ');
        return `export default { ${LANGUAGES.map((lang) => `${lang}: { ${parts(lang)} }`).join(', ')} };`;
      }
      const [lang, part] = path.split('/');
      const known = BROWSER_PARTS.find((name) => name === part);
      if (!known || !isLang(lang ?? '')) return this.error(`Unknown catalogue part ${id.slice(1)}`);
      const file = new URL(`./src/i18n/${lang}.json`, import.meta.url);
      this.addWatchFile(file.pathname);
      return `export default ${JSON.stringify(cataloguePart(JSON.parse(readFileSync(file, 'utf8')), known))};`;
    },
  };
}

/**
 * The site's content folder: src/content, or CONTENT_DIR when the content editor's publish builds from another
 * working copy (server/editor/publisher.ts). The data files the pages import (`…/content/data/*.json`) follow it.
 */
const contentDir = process.env.CONTENT_DIR ? resolve(process.env.CONTENT_DIR) : undefined;
const contentAliases = contentDir
  ? [{ find: /^(?:\.\.?\/)+content\/data\/([\w-]+\.json)$/, replacement: `${contentDir}/data/$1` }]
  : [];

export default defineConfig({
  outDir: process.env.SITE_OUT_DIR ?? `./dist/${brand}`,
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react()],
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  // SOURCEMAP=1 writes source maps, for measuring what each script is made of.
  vite: {
    plugins: [cataloguePartsPlugin(), browserDeclarationsPlugin()],
    resolve: { alias: contentAliases },
    build: { sourcemap: process.env.SOURCEMAP === '1' },
  },
  env: {
    schema: {
      BRAND: envField.enum({
        context: 'server',
        access: 'public',
        values: ['shipbox', 'mailbridge'],
        default: 'shipbox',
      }),
      PUBLIC_LIVE_CHAT_URL: envField.string({ context: 'client', access: 'public', optional: true }),
      // A production vector map style (MAP_STYLE_URL); without it the maps draw the embedded offline style.
      PUBLIC_MAP_STYLE_URL: envField.string({ context: 'client', access: 'public', optional: true, url: true }),
    },
  },
  security: {
    csp: {
      styleDirective: { hashes: [toastStyleHash()] },
      // The head's inline script (src/lib/site/head-script.ts), by the hash of its exact text.
      scriptDirective: { hashes: [`sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}`] },
      directives: [
        "default-src 'self'",
        `img-src 'self' data:${mapSources}`,
        `connect-src 'self'${mapSources}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
});
