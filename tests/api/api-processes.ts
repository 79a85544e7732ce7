/**
 * API processes started as a deployment starts them (`node server/main.ts`), for the tests that speak to several at
 * once over HTTP (tests/api/scale-out.test.ts, tests/api/alerts-scale-out.test.ts, tests/api/new-device-alert.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

const ROOT = join(import.meta.dirname, '..', '..');
export const STARTUP_TIMEOUT_MS = 90_000;

export interface Instance {
  name: string;
  origin: string;
  child: ChildProcess;
  /** What the process wrote (warnings and errors at LOG_LEVEL=warn), for failure messages. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited: () => boolean;
}

export function startServer(name: string, port: number, env: Record<string, string>): Instance {
  // A clean environment: nothing of the developer's own configuration (PORT, DIST_DIR, SMTP_URL…) leaks in.
  const child = spawn(process.execPath, [join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let done = false;
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
  });
  return { name, origin: `http://127.0.0.1:${port}`, child, output: () => text, exited, hasExited: () => done };
}

export async function waitUntilReady(instance: Instance): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (instance.hasExited()) throw new Error(`${instance.name} exited while starting:\n${instance.output()}`);
    try {
      const res = await fetch(`${instance.origin}/api/health/ready`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${instance.name} was not ready within ${STARTUP_TIMEOUT_MS} ms:\n${instance.output()}`);
}

/** Two API processes on a scratch PostgreSQL database of their own, as behind a load balancer. */
export interface ProcessPair {
  a: Instance;
  b: Instance;
  scratch: ScratchDatabase;
  /** Ends both processes (if still running), drops the database and removes the site folder. */
  stop(): Promise<void>;
}

/**
 * Starts two processes at once against an empty database (the startup lock lets one migrate and seed while the
 * other waits), with the Shipbox brand, the dev tools, an empty site folder of their own (the API suite runs
 * before the site is built) and `env` on top; resolves once both report ready.
 */
export async function startPair(name: string, env: Record<string, string> = {}): Promise<ProcessPair> {
  const scratch = await createScratchDatabase(name);
  const distDir = mkdtempSync(join(tmpdir(), `${name}-dist-`));
  const all = {
    DATABASE_URL: scratch.url,
    BRAND: 'shipbox',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DIST_DIR: distDir,
    DEV_TOOLS: '1',
    ...env,
  };
  const portA = await freePort();
  let portB = await freePort();
  while (portB === portA) portB = await freePort();
  const a = startServer('A', portA, all);
  const b = startServer('B', portB, all);
  const stop = async () => {
    for (const instance of [a, b]) {
      if (!instance.hasExited()) {
        instance.child.kill('SIGKILL');
        await instance.exited;
      }
    }
    await scratch.drop();
    rmSync(distDir, { recursive: true, force: true });
  };
  try {
    await Promise.all([waitUntilReady(a), waitUntilReady(b)]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { a, b, scratch, stop };
}
