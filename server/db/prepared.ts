/**
 * Statements of the hot reads (issue 28), built once per database and prepared: drizzle does not assemble their SQL
 * on every request, and on PostgreSQL each pooled connection parses and plans a named statement once. Each name is
 * the app's only statement of that name; a transaction (a Db too) gets statements of its own.
 */
import type { Db } from './database.ts';

export function preparedOn<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
