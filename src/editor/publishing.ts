/**
 * Publishing from the editor (issue 27): each save (and each deletion) asks the server to publish the site
 * (`POST <publishUrl>`), then the editor asks for the publish's progress every second until it is published or
 * failed. The server runs one publish at a time and runs one more for what was saved while it ran.
 */

/** The server's answer (server/editor/publisher.ts). */
export interface PublishStatus {
  state: 'idle' | 'checking' | 'building' | 'published' | 'failed';
  startedAt: string | null;
  finishedAt: string | null;
  /** What stopped the publish, each naming its file and field. */
  problems: string[];
  /** The end of the build's output. */
  log: string;
}

/** What the editor shows: nothing, the server's status, or that the server did not answer. */
export type PublishView = { phase: 'quiet' } | { phase: 'status'; status: PublishStatus } | { phase: 'unreachable' };

export const POLL_MS = 1000;

export function isRunning(status: PublishStatus): boolean {
  return status.state === 'checking' || status.state === 'building';
}

export interface Publishing {
  subscribe(listener: () => void): () => void;
  view(): PublishView;
  /** Asks for a publish and follows it. */
  publish(): Promise<void>;
  /** Follows a publish already under way (one asked for before the editor opened). */
  resume(): Promise<void>;
  /** Hides a finished publish's status. */
  dismiss(): void;
}

export function createPublishing(
  url: string,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Publishing {
  let current: PublishView = { phase: 'quiet' };
  let following = false;
  const listeners = new Set<() => void>();
  const show = (view: PublishView) => {
    current = view;
    for (const listener of listeners) listener();
  };

  const ask = async (method: 'GET' | 'POST'): Promise<PublishStatus> => {
    const response = await fetch(url, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
    return (await response.json()) as PublishStatus;
  };

  const follow = async () => {
    if (following) return;
    following = true;
    try {
      for (;;) {
        await wait(POLL_MS);
        const status = await ask('GET');
        show({ phase: 'status', status });
        if (!isRunning(status)) break;
      }
    } catch (error) {
      console.error(error);
      show({ phase: 'unreachable' });
    } finally {
      following = false;
    }
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    view: () => current,
    async publish() {
      try {
        const status = await ask('POST');
        show({ phase: 'status', status });
        if (isRunning(status)) await follow();
      } catch (error) {
        console.error(error);
        show({ phase: 'unreachable' });
      }
    },
    async resume() {
      try {
        const status = await ask('GET');
        if (!isRunning(status)) return;
        show({ phase: 'status', status });
        await follow();
      } catch (error) {
        console.error(error);
      }
    },
    dismiss: () => show({ phase: 'quiet' }),
  };
}
