/**
 * The editor's local backend in development (docs/decisions/039): decap-server's file system middleware, which
 * reads and writes the content files in place, run inside this process on a loopback port of its own. The site
 * reaches it only through `POST /admin/api/v1` (./editor-routes.ts), which lets through requests from this
 * machine, from the editor's own page, for files under the content folders alone.
 */
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { posix } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.ts';

/** The folders of the repository the editor may read and write (paths as Decap sends them). */
export const EDITABLE_ROOTS = ['src/content/', 'public/content-media/'] as const;

/** Keys of decap-server's request parameters that name a file or folder. */
const PATH_KEYS = new Set(['path', 'newPath', 'folder', 'mediaFolder', 'paths', 'files', 'dataFiles', 'assets']);

/** Every path a request of the local backend names (its parameters, at any depth). */
export function pathsOf(value: unknown, key?: string): string[] {
  if (typeof value === 'string') return key && PATH_KEYS.has(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => pathsOf(item, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => pathsOf(v, PATH_KEYS.has(k) ? k : undefined));
  }
  return [];
}

/** Whether a path Decap sends is inside the editable folders (relative, no way out of them). */
export function isEditablePath(path: string): boolean {
  if (path.includes('\0') || path.includes('\\') || posix.isAbsolute(path)) return false;
  const normal = posix.normalize(path);
  const folder = normal.endsWith('/') ? normal : `${normal}/`;
  return !normal.startsWith('..') && EDITABLE_ROOTS.some((root) => folder.startsWith(root));
}

export interface LocalBackend {
  /** Where the middleware listens (loopback only). */
  url: string;
  close(): Promise<void>;
}

interface DecapMiddlewares {
  registerLocalFs(app: unknown, options?: { logLevel?: string }): Promise<void>;
}

/** Starts decap-server's file system middleware over `repoDir` (the folder holding `src/content`). */
export async function startLocalBackend(repoDir: string, logger: Logger): Promise<LocalBackend> {
  // Development tools (devDependencies), loaded only when the local backend is on.
  const require = createRequire(import.meta.url);
  const decapRequire = createRequire(require.resolve('decap-server/package.json'));
  const express = decapRequire('express') as () => { listen?: unknown } & ((req: unknown, res: unknown) => void);
  const { registerLocalFs } = require('decap-server/dist/middlewares.js') as DecapMiddlewares;

  const app = express();
  // decap-server reads its repository from the environment while it registers its routes.
  const previous = process.env.GIT_REPO_DIRECTORY;
  process.env.GIT_REPO_DIRECTORY = repoDir;
  try {
    await registerLocalFs(app, { logLevel: 'warn' });
  } finally {
    if (previous === undefined) delete process.env.GIT_REPO_DIRECTORY;
    else process.env.GIT_REPO_DIRECTORY = previous;
  }
  const server: Server = createServer(app as Parameters<typeof createServer>[1]);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ repoDir }, 'content editor: local backend ready');
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
