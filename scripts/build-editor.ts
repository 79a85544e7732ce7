/**
 * Builds the content editor (issue 27; docs/decisions/039) into <outDir>/editor.js: src/editor/editor.tsx with
 * Decap CMS, bundled with esbuild as one classic script for the server's /admin page. `node
 * scripts/build-editor.ts` builds into dist/editor.
 *
 * Decap is bundled from its packages' ES modules, not from decap-cms-app's prebuilt script: that script carries
 * its own copy of React DOM (19.2.0), which refuses to run with the site's React (react-dom's "Incompatible React
 * versions" check), and loads its parts at run time. Built from the modules, the editor runs on the site's React,
 * in one file.
 *
 * Decap checks its configuration with ajv, which compiles the check into a function from a string; the /admin
 * page's policy (no 'unsafe-eval') forbids that, and Decap would stop at "Error loading the CMS configuration". The
 * configuration is generated from the content's schemas (src/lib/editor/decap-config.ts) and
 * tests/unit/editor-config.test.ts checks it against Decap's own configuration schema, so the browser's copy
 * leaves that check out (and ajv with it).
 */
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = join(import.meta.dirname, '..');

/** Decap's configuration check, in its ES modules (decap-cms-core/dist/esm/constants/configSchema.js). */
export const DECAP_CONFIG_CHECK = /decap-cms-core[\\/]dist[\\/]esm[\\/]constants[\\/]configSchema\.js$/;

/** Replaces Decap's configuration check with one that accepts the configuration as it is. */
function withoutConfigCheck(found: { module: boolean }): Plugin {
  return {
    name: 'without-decap-config-check',
    setup(builder) {
      builder.onLoad({ filter: DECAP_CONFIG_CHECK }, () => {
        found.module = true;
        return { contents: 'export function validateConfig() {}', loader: 'js' };
      });
    },
  };
}

/** `import text from './file?raw'`: the file's text, as Vite reads it (the site's stylesheet for the previews). */
const rawText: Plugin = {
  name: 'raw-text',
  setup(builder) {
    builder.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: join(args.resolveDir, args.path.slice(0, -'?raw'.length)),
      namespace: 'raw-text',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'raw-text' }, (args) => ({
      contents: readFileSync(args.path, 'utf8'),
      loader: 'text',
    }));
  },
};

export async function buildEditor(outDir: string): Promise<{ bytes: number }> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, 'editor.js');
  const found = { module: false };
  await build({
    entryPoints: [join(root, 'src', 'editor', 'editor.tsx')],
    outfile,
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    jsx: 'automatic',
    logLevel: 'warning',
    // Decap's packages name their ES modules in `module`.
    mainFields: ['browser', 'module', 'main'],
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    plugins: [withoutConfigCheck(found), rawText],
  });
  if (!found.module) {
    throw new Error("Content editor: Decap's configuration check was not found (decap-cms-core changed its files?)");
  }
  return { bytes: statSync(outfile).size };
}

if (import.meta.main) {
  const outDir = join(root, 'dist', 'editor');
  const { bytes } = await buildEditor(outDir);
  console.log(`Built the content editor into ${outDir} (${Math.round(bytes / 1024)} KB)`);
}
