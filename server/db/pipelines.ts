/**
 * The pool of the app's PostgreSQL connections, with its prepared reads pipelined (issue 28; docs/decisions/048).
 *
 * A prepared read (a select with a name and no row lock: the hot reads and the session's, prepared.ts) is sent on
 * one of a few connections of their own in PostgreSQL's pipeline mode: it is written at once, behind whatever that
 * connection is still answering, instead of waiting for a pooled connection to be free. The statements written in
 * one turn of the event loop go out in one write. Each keeps its own Sync, so an error ends that statement alone.
 * Everything else (writes, locking reads, unnamed statements, transactions) uses the pool as before: a statement
 * that might wait on a lock never holds up the reads behind it.
 *
 * A read is sent after whatever its request wrote has committed, so it sees it, as on the pool.
 */
import pg from 'pg';
import { markUnavailable } from './unavailable.ts';

/** The connection's socket, which pg writes each message to. */
interface Corkable {
  cork(): void;
  uncork(): void;
}

interface QueryConfig {
  name?: string;
  text: string;
}

/** One pipelined connection, opened on first use and opened again after it fails. */
class Pipeline {
  readonly #config: pg.ClientConfig;
  readonly #onError: (error: Error) => void;
  #client: pg.Client | null = null;
  #connecting: Promise<pg.Client> | null = null;
  #corked: Corkable | null = null;

  constructor(config: pg.ClientConfig, onError: (error: Error) => void) {
    this.#config = config;
    this.#onError = onError;
  }

  query(config: QueryConfig, values: unknown): Promise<pg.QueryResult> {
    const client = this.#client;
    if (client) return this.#send(client, config, values);
    return this.#connect().then((connected) => this.#send(connected, config, values));
  }

  #send(client: pg.Client, config: QueryConfig, values: unknown): Promise<pg.QueryResult> {
    // Held until the statements of this turn of the event loop (every socket read in it) are written too, then
    // sent in one write.
    const stream = (client as unknown as { connection: { stream: Corkable } }).connection.stream;
    if (this.#corked !== stream) {
      this.#corked = stream;
      stream.cork();
      setImmediate(() => {
        this.#corked = null;
        stream.uncork();
      });
    }
    return client.query(config, values as unknown[]);
  }

  #connect(): Promise<pg.Client> {
    this.#connecting ??= (async () => {
      const client = new pg.Client({ ...this.#config, pipeline: true } as pg.ClientConfig);
      const drop = (error?: Error) => {
        if (this.#client === client) this.#client = null;
        if (error) this.#onError(error);
      };
      client.on('error', drop);
      client.on('end', () => drop());
      try {
        await client.connect();
      } catch (error) {
        throw markUnavailable(error);
      } finally {
        this.#connecting = null;
      }
      this.#client = client;
      return client;
    })();
    return this.#connecting;
  }

  async end(): Promise<void> {
    const client = this.#client ?? (await this.#connecting?.catch(() => null));
    this.#client = null;
    await client?.end().catch(() => {});
  }
}

/** A plain read: a select that takes no lock (a prepared write, or a read that locks rows, stays in the pool). */
const PLAIN_READ = /^\s*select\b(?![\s\S]*\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b)/i;

export interface PipelinedPoolConfig extends pg.PoolConfig {
  /** Connections the prepared reads are pipelined on, beside the pool's `max`. */
  pipelines: number;
}

/**
 * A `pg.Pool` (drizzle takes its transactions' connections from it) whose prepared statements go to its pipelines.
 */
export class PipelinedPool extends pg.Pool {
  readonly #pipelines: Pipeline[];
  #next = 0;

  constructor(config: PipelinedPoolConfig) {
    const { pipelines, ...poolConfig } = config;
    super(poolConfig);
    // Connected as the pool connects its own clients: with the pool's whole configuration.
    this.#pipelines = Array.from(
      { length: pipelines },
      () => new Pipeline(poolConfig, (error) => this.emit('error', error, undefined)),
    );
    // pg's overloads stay the pool's type; drizzle's calls are a config object with values and no callback.
    const poolQuery = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const [config, values, callback] = args as [QueryConfig | string, unknown, unknown];
      if (
        typeof config === 'object' &&
        config.name &&
        callback === undefined &&
        this.#pipelines.length > 0 &&
        PLAIN_READ.test(config.text)
      ) {
        const pipeline = this.#pipelines[this.#next]!;
        this.#next = (this.#next + 1) % this.#pipelines.length;
        return pipeline.query(config, values);
      }
      return poolQuery.apply(this, args);
    }) as pg.Pool['query'];
  }

  override async end(): Promise<void> {
    await Promise.all(this.#pipelines.map((pipeline) => pipeline.end()));
    await super.end();
  }
}
