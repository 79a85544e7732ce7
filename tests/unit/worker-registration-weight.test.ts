/**
 * Issue 26: registering the service worker (with the offline and new-version notices) adds at most 5 KB gzip to
 * the JavaScript every page loads before any interaction. Weighed as the shell loads it: minified, with
 * everything it imports (an upper bound: the language facts it imports are the shell's already).
 */
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

async function gzipBytes(entry: string): Promise<number> {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    target: 'es2022',
    logLevel: 'silent',
    // As scripts/build-service-worker.ts builds the worker.
    define: { 'process.env.NODE_ENV': '"production"', NOTIFICATION_ICON: '"/favicon-shipbox.svg"' },
  });
  return gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array()).length;
}

it('the worker registration adds at most 5 KB gzip before interaction', async () => {
  expect(await gzipBytes('src/lib/offline/app-notices.ts')).toBeLessThanOrEqual(5 * 1024);
});

it('the service worker itself is small enough to install on a weak connection (at most 20 KB gzip)', async () => {
  const bytes = await gzipBytes('src/sw/sw.ts');
  expect(bytes).toBeGreaterThan(1024);
  expect(bytes).toBeLessThanOrEqual(20 * 1024);
});
