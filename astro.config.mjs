// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { HEAD_SCRIPT } from './src/lib/site/head-script.ts';

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

export default defineConfig({
  outDir: `./dist/${brand}`,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react()],
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
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
