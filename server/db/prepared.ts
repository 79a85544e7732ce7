/**
 * Statements of the hot reads (issue 28), built once per database and prepared: drizzle does not assemble their SQL
 * on every request, and on PostgreSQL each pooled connection parses and plans a named statement once. Each name is
 * the app's only statement of that name; a transaction (a Db too) gets statements of its own.
 *
 * Where the database keeps the answers of hot reads (embedded PGlite, kept-reads.ts), each statement built here has
 * its answers kept until a write touches a table it reads: so only reads whose answer depends on their tables alone
 * are built here (no clock, no random).
 */
import { keptReadsOf, type Db } from './database.ts';

interface Statement {
  getQuery(): { sql: string };
}

export function preparedOn<T extends Statement>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      keptReadsOf(db)?.keepAnswersOf(statement.getQuery().sql);
      built.set(db, statement);
    }
    return statement;
  };
}
