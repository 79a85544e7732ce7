/**
 * A local Web Push service for the tests (issue 26, scope 3): web-push-testing's server, started as a child
 * process on a free loopback port, so nothing reaches the outside network. It hands out subscriptions as a
 * browser's push service would (`/subscribe`, for a VAPID key), takes the encrypted messages the server posts to
 * their endpoints, checks their VAPID signature and decrypts them (`/get-notifications`), and can make a
 * subscription answer 410 from then on (`/expire-subscription`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { freePort } from '../../scripts/free-port.ts';

const require = createRequire(import.meta.url);
const SERVER_SCRIPT = require.resolve('web-push-testing/src/bin/server.js');
const STARTUP_TIMEOUT_MS = 20_000;

/** A subscription as a browser's PushSubscription.toJSON() gives it, with the service's own handle. */
export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface LocalPushService {
  /** http://localhost:<port> */
  origin: string;
  subscribe(applicationServerKey: string): Promise<LocalSubscription>;
  /** The decrypted messages the subscription has received, oldest first, each parsed as JSON. */
  messages(clientHash: string): Promise<unknown[]>;
  /** From now on, a message to the subscription answers 410 Gone. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

async function post(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text}`);
  return res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : undefined;
}

export async function startPushService(): Promise<LocalPushService> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [SERVER_SCRIPT, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Should the test process end without close() (a crash), the service ends with it.
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`push service did not start:\n${output}`)), STARTUP_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Server running on port ${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`push service exited (${code}):\n${output}`));
    });
  });
  const origin = `http://localhost:${port}`;
  return {
    origin,
    async subscribe(applicationServerKey) {
      const answer = (await post(`${origin}/subscribe`, { applicationServerKey })) as { data: LocalSubscription };
      return answer.data;
    },
    async messages(clientHash) {
      const answer = (await post(`${origin}/get-notifications`, { clientHash })) as { data: { messages: string[] } };
      return answer.data.messages.map((m) => JSON.parse(m) as unknown);
    },
    async expire(clientHash) {
      await post(`${origin}/expire-subscription/${clientHash}`, {});
    },
    async close() {
      process.off('exit', stop);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
