/** `npm start`: builds the site for the brands that have no build yet, then serves BRAND (default shipbox). */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const build = spawnSync(process.execPath, [join(import.meta.dirname, 'build.ts'), '--missing'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
await import('../server/main.ts');
