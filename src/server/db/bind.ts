import type { Db } from './client.ts';

/** The functions of a service module with their first argument (the database) already given. */
export type Bound<D, F> = { [K in keyof F]: F[K] extends (db: D, ...args: infer A) => infer R ? (...args: A) => R : never };

/**
 * A domain's service from its functions that take the database first: each domain names its methods once, in its
 * own `createXService`, and services.ts only wires them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function bindTo<F extends Record<string, (db: Db, ...args: any[]) => unknown>>(db: Db, functions: F): Bound<Db, F> {
  return Object.fromEntries(Object.entries(functions).map(([name, fn]) => [name, fn.bind(null, db)])) as Bound<Db, F>;
}
