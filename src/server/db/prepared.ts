import type { Executor } from './client.ts';
import { currentDatabase } from './replicas.ts';

/**
 * Prepared statements for the hot fixed-shape reads (the signed-in check, feed pages, a post, comment pages): the
 * query's SQL is built once per database handle instead of on every request, and on PostgreSQL postgres.js prepares it
 * as a named statement, parsed once per connection (PGlite runs the same prepared query in process). Values go in
 * through `sql.placeholder()`; anything that changes the SQL's shape (a sort, a visitor or a member, a cursor's
 * direction) belongs in the name, so each shape is its own statement. Names are unique in the process. A statement
 * is built once per driver and run by each handle's own client: inside a transaction it runs on the transaction's
 * connection (same name and text, so the connection's parse still holds).
 */
const byDatabase = new WeakMap<Executor, Map<string, unknown>>();

/** Drizzle's session under a handle: the one that runs its queries, holding the driver's client (a transaction's own). */
type Session = { client: unknown };
const sessionOf = (db: Executor) => (db as unknown as { _: { session: Session } })._.session;

/**
 * Each statement as first built, by driver (the session's class) and name: its SQL text, parameters and row mapping
 * are the same on every handle of that driver, only the client that runs it differs.
 */
const templates = new WeakMap<object, Map<string, { client: unknown }>>();

/** The same prepared statement, run by another client (a transaction's connection, a replica's pool). */
const rebind = <P>(template: { client: unknown }, client: unknown): P =>
  Object.assign(Object.create(Object.getPrototypeOf(template) as object) as object, template, { client }) as P;

export function prepared<P>(routed: Executor, name: string, build: () => { prepare: (name: string) => P }): P {
  // A handle routed between the primary and replicas (db/replicas.ts) is built for, and kept under, the database it
  // stands for in this request: a statement built for a replica's connections runs there.
  const db = currentDatabase(routed);
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let statement = statements.get(name) as P | undefined;
  if (statement !== undefined) return statement;
  // A transaction is a new handle per request: its statements are the ones already built, run on its connection,
  // instead of being built again (measured: building them again was 12 % of a search's Node time at 1M posts).
  const session = sessionOf(db);
  let built = templates.get(session.constructor);
  if (!built) templates.set(session.constructor, (built = new Map()));
  const template = built.get(name);
  if (template) statement = template.client === session.client ? (template as P) : rebind<P>(template, session.client);
  else built.set(name, (statement = build().prepare(name)) as { client: unknown });
  statements.set(name, statement);
  return statement;
}
