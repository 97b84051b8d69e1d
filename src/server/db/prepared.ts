import type { Executor } from './client.ts';
import { currentDatabase } from './replicas.ts';

/**
 * Prepared statements for the hot fixed-shape reads (the signed-in check, feed pages, a post, comment pages): the
 * query's SQL is built once per database handle instead of on every request, and on PostgreSQL postgres.js prepares it
 * as a named statement, parsed once per connection (PGlite runs the same prepared query in process). Values go in
 * through `sql.placeholder()`; anything that changes the SQL's shape (a sort, a visitor or a member, a cursor's
 * direction) belongs in the name, so each shape is its own statement. Names are unique in the process. Inside a
 * transaction the statement is built for that transaction (same name and text, so the connection's parse still holds).
 */
const byDatabase = new WeakMap<Executor, Map<string, unknown>>();

export function prepared<P>(routed: Executor, name: string, build: () => { prepare: (name: string) => P }): P {
  // A handle routed between the primary and replicas (db/replicas.ts) is built for, and kept under, the database it
  // stands for in this request: a statement built for a replica's connections runs there.
  const db = currentDatabase(routed);
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let statement = statements.get(name) as P | undefined;
  if (statement === undefined) statements.set(name, (statement = build().prepare(name)));
  return statement;
}
