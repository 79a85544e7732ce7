/**
 * The product's HTTP server: the app on @hono/node-server, which finishes reading a request's body after an early
 * answer. An upload over the limit is answered 413 at once, from Content-Length or part-way through the body; the
 * client is still sending. Closing the connection then (the adapter's default, half a second later) makes the
 * kernel reset it over the bytes still arriving, and a browser that is still uploading reports a reset instead of
 * the answer. So the rest of the body is read and thrown away, and the connection stays usable once it has all
 * come. Bounded in bytes and time, so a client can't keep a connection busy by never finishing (docs/decisions/030).
 */
import type { AddressInfo } from 'node:net';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { serve } from '@hono/node-server';
import type { AppListener } from './site/quick-path.ts';

export interface DiscardLimits {
  /** Bytes of an unread body read and thrown away after the answer, at most. */
  bytes: number;
  /** Milliseconds spent on that, at most (a client idle for the server's keep-alive time-out is closed sooner). */
  ms: number;
}

/** Enough for a customer who picked a video by mistake on a slow line; beyond, the connection is closed. */
export const DISCARD_LIMITS: DiscardLimits = { bytes: 64 * 1024 * 1024, ms: 60_000 };

/** How long an idle keep-alive connection stays open. */
export const KEEP_ALIVE_MS = 65_000;

export interface ListenOptions {
  port: number;
  hostname?: string;
  discard?: DiscardLimits;
  /**
   * Answers some requests before the app (the site's files, the hot reads); true when it took the request, which it
   * may still hand to the app it is given.
   */
  quickPath?: (req: IncomingMessage, res: ServerResponse, app: AppListener) => boolean;
}

/** Reads and drops the rest of `req`'s body; past the limits, ends the connection. */
function discardRest(req: IncomingMessage, limits: DiscardLimits): void {
  let left = limits.bytes;
  const timer = setTimeout(() => req.socket.destroy(), limits.ms);
  timer.unref();
  const done = () => clearTimeout(timer);
  // The app's reader of the body, if it began one, has given up on it: nothing is kept.
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) {
      done();
      req.socket.destroy();
    }
  });
  req.once('end', done);
  req.once('close', done);
  req.resume();
}

/** Makes `server` read the rest of every body its answer left unread (see above). */
export function finishReadingBodies(server: Server, limits: DiscardLimits = DISCARD_LIMITS): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    res.once('finish', () => {
      if (!req.readableEnded && !req.destroyed) discardRest(req, limits);
    });
  });
}

/** Serves `fetch` on the port; `onListening` is told where. */
export function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  options: ListenOptions,
  onListening?: (info: AddressInfo) => void,
): Server {
  const quick = options.quickPath;
  const server = serve(
    // The adapter's own clean-up would close the connection half a second after the answer.
    {
      fetch,
      port: options.port,
      hostname: options.hostname,
      autoCleanupIncoming: false,
      ...(quick
        ? {
            createServer: ((serverOptions: ServerOptions, app: RequestListener) =>
              createServer(serverOptions, (req, res) => {
                let answered: boolean;
                try {
                  answered = quick(req, res, (req, res) => void app(req, res));
                } catch {
                  // A fault of the quick path leaves the request to the app, which answers (or logs) it.
                  answered = res.headersSent;
                }
                if (!answered) void app(req, res);
              })) as typeof createServer,
          }
        : {}),
    },
    onListening,
  ) as Server;
  finishReadingBodies(server, options.discard);
  // Idle connections stay open past a load balancer's usual minute (65 s, advertised in Keep-Alive) rather than
  // Node's 5 s: fewer new connections, and a client that reuses a connection the moment the server closes it meets
  // a reset instead of an answer far less often.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
