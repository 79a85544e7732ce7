// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The brand is chosen at build time; each brand builds into its own folder.
const brand = process.env.BRAND === 'mailbridge' ? 'mailbridge' : 'shipbox';

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
    },
  },
  security: {
    csp: {
      styleDirective: { hashes: [toastStyleHash()] },
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
});
