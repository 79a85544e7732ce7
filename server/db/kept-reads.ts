/**
 * Answers of the hot reads kept in memory on embedded PGlite (issue 28, docs/decisions/043): the database is this
 * process's alone (ADR 023), so every write passes through here and a kept answer is dropped by the first write to a
 * table it read. Only statements the app names (`keepAnswersOf`) are kept, and only outside transactions.
 *
 * Each table has a count of the writes that touched it, and there is one count for writes whose tables can't be
 * told. A write moves its tables' counts when it is sent and again when it ends (or, in a transaction, when the
 * transaction ends), and a read keeps its answer only if its tables' counts did not move while it ran; so no answer
 * read before or during a write outlives it.
 */
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';

/** Answers kept at most: the one unused longest goes first past this. */
export const KEPT_ANSWERS_MAX = 5_000;

/** Statements that can only read: the others count as writes. */
const ONLY_READS = /^\s*select\b/i;
const WRITES =
  /\b(insert|update|delete|merge|truncate|copy|create|alter|drop|grant|revoke|vacuum|nextval|setval|lock|pg_advisory\w*)\b/i;
const ROW_LOCK = /\bfor\s+(?:no\s+key\s+)?(?:update|share)\b/gi;
/** The tables a write names: `insert into "t"`, `update "t"`, `delete from "t"`, `truncate "t"` (schema-qualified or not). */
const WRITTEN_TABLE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?/gi;

/** Anything that makes an answer depend on more than the tables it reads. */
const NOT_REPEATABLE =
  /\b(now|random|clock_timestamp|statement_timestamp|current_date|current_time|current_timestamp|localtime|localtimestamp|nextval|gen_random_uuid)\b/i;

interface Kept {
  results: Results<unknown>;
  stamp: number;
}

export class KeptReads {
  /** Writes by table. */
  readonly #writes = new Map<string, number>();
  /** Writes whose tables can't be told: every kept answer depends on them. */
  #anyWrites = 0;
  /** The tables each kept statement reads, by its SQL. */
  readonly #statements = new Map<string, readonly string[]>();
  readonly #answers = new Map<string, Kept>();
  readonly #max: number;
  readonly #tables: readonly string[];
  /** Answers given from memory and read from the database, for tests and the bench. */
  hits = 0;
  misses = 0;

  /** `tables`: every table of the schema, so that the ones a statement reads are found in its SQL. */
  constructor(tables: readonly string[], options: { keepAtMost?: number } = {}) {
    this.#tables = tables;
    this.#max = options.keepAtMost ?? KEPT_ANSWERS_MAX;
  }

  /**
   * Keeps the answers of this statement from now on. It must only read, and read nothing but tables (no clock, no
   * random); the tables it depends on are every table of the schema its SQL names.
   */
  keepAnswersOf(sqlText: string): void {
    if (this.#statements.has(sqlText)) return;
    if (!ONLY_READS.test(sqlText) || WRITES.test(sqlText) || NOT_REPEATABLE.test(sqlText)) {
      throw new Error(`Only a statement that reads tables alone can have its answers kept: ${sqlText}`);
    }
    const tables = this.#tables.filter((table) => sqlText.includes(`"${table}"`));
    if (tables.length === 0) throw new Error(`No table of the schema is named in ${sqlText}`);
    this.#statements.set(sqlText, tables);
  }

  #stampOf(tables: readonly string[]): number {
    let stamp = this.#anyWrites;
    for (const table of tables) stamp += this.#writes.get(table) ?? 0;
    return stamp;
  }

  /** The tables a statement writes, or null when it may write but they can't be told (then it touches all). */
  #written(sqlText: string): string[] | null {
    // A row lock (`select … for update`) writes nothing.
    if (ONLY_READS.test(sqlText) && !WRITES.test(sqlText.replace(ROW_LOCK, ''))) return [];
    const tables = [...sqlText.matchAll(WRITTEN_TABLE)].map((m) => m[1]!.toLowerCase());
    return tables.length > 0 ? tables : null;
  }

  #touch(tables: readonly string[] | null): void {
    if (tables === null) this.#anyWrites += 1;
    else for (const table of tables) this.#writes.set(table, (this.#writes.get(table) ?? 0) + 1);
  }

  /**
   * Sends a statement that is not kept: a read as it is; a write with its tables' counts moved before it is sent
   * and again once it has ended, its tables noted in `touched` (a transaction's, moved again at its end).
   */
  async #send<T>(sqlText: string, run: () => Promise<T>, touched?: (readonly string[] | null)[]): Promise<T> {
    const tables = this.#written(sqlText);
    if (tables !== null && tables.length === 0) return run();
    touched?.push(tables);
    this.#touch(tables);
    try {
      return await run();
    } finally {
      this.#touch(tables);
    }
  }

  async #query<T>(query: PGlite['query'], sqlText: string, params?: unknown[], options?: object): Promise<Results<T>> {
    const tables = this.#statements.get(sqlText);
    if (!tables) return this.#send(sqlText, () => query<T>(sqlText, params, options));
    // Of the options, only the row mode changes the answer (drizzle sends a kept statement with the same parsers).
    const rowMode = (options as { rowMode?: string } | undefined)?.rowMode ?? '';
    const key = `${sqlText}\u0000${rowMode}\u0000${JSON.stringify(params ?? [])}`;
    const stamp = this.#stampOf(tables);
    const kept = this.#answers.get(key);
    if (kept && kept.stamp === stamp) {
      // Used again: it goes last, so the one unused longest is the first to go.
      this.#answers.delete(key);
      this.#answers.set(key, kept);
      this.hits += 1;
      return kept.results as Results<T>;
    }
    this.misses += 1;
    const results = await query<T>(sqlText, params, options);
    // Kept only when no write to its tables was sent or ended while it ran.
    if (this.#stampOf(tables) === stamp) {
      this.#answers.delete(key);
      this.#answers.set(key, { results: deepFreeze(results), stamp });
      if (this.#answers.size > this.#max) this.#answers.delete(this.#answers.keys().next().value!);
    }
    return results;
  }

  /**
   * Sends the client's statements through the kept answers: `query` outside transactions reads them, and every
   * write (`query`, `exec`, or either in a transaction, whose end counts as a write to every table it wrote)
   * drops the answers of the tables it touches. Returns the same client.
   */
  attach(client: PGlite): PGlite {
    const query = client.query.bind(client) as PGlite['query'];
    const exec = client.exec.bind(client);
    const transaction = client.transaction.bind(client);
    client.query = ((sqlText: string, params?: unknown[], options?: object) =>
      this.#query(query, sqlText, params, options)) as PGlite['query'];
    client.exec = (sqlText, options) => this.#send(sqlText, () => exec(sqlText, options));
    client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) => {
      // Every table the transaction wrote, moved again when it commits or rolls back.
      const touched: (readonly string[] | null)[] = [];
      const wrap = (tx: Transaction): Transaction => {
        return {
          query: (sqlText, params, options) => this.#send(sqlText, () => tx.query(sqlText, params, options), touched),
          exec: (sqlText, options) => this.#send(sqlText, () => tx.exec(sqlText, options), touched),
          // A tagged template's text can't be told from here: it counts as a write to every table.
          sql: (strings, ...values) => this.#send('', () => tx.sql(strings, ...values), touched),
          rollback: () => tx.rollback(),
          listen: (channel, callback) => tx.listen(channel, callback),
          get closed() {
            return tx.closed;
          },
        } as Transaction;
      };
      return transaction(async (tx) => callback(wrap(tx))).finally(() => {
        for (const tables of touched) this.#touch(tables);
      });
    };
    return client;
  }
}

/** Freezes an answer all through, so that code changing what it was given can't change what is kept. */
function deepFreeze<T>(value: T): T {
  // A typed array's bytes can't be frozen; no kept read answers any.
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
