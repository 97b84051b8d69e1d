import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type postgres from 'postgres';
import type { PGliteThread } from './pglite-thread.ts';

/**
 * A client span per database statement (when traces are on: platform/tracing.ts), a child of the span active where
 * the statement runs (the request's), named by its operation, with the statement's text and never its values (they
 * may be a member's words or a keyed address).
 */
const operationOf = (text: string) => /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? 'query';

function statementSpan(text: string, driver: 'postgres.js' | 'pglite') {
  const span = trace
    .getTracer('bharat-square.db')
    .startSpan(
      `db ${operationOf(text)}`,
      { kind: SpanKind.CLIENT, attributes: { 'db.system': 'postgresql', 'db.statement': text, 'db.driver': driver } },
      context.active(),
    );
  return {
    end: () => span.end(),
    fail: (error: unknown) => {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      span.end();
    },
  };
}

/**
 * postgres.js with a span per statement: drizzle sends every statement through `unsafe` (a lazy query that runs when
 * awaited, so the span opens then) and transactions through `begin`, whose connection is wrapped the same way.
 */
export function tracedPostgres<T extends postgres.Sql>(sql: T): T {
  return new Proxy(sql, {
    get(target, property) {
      if (property === 'unsafe')
        return (text: string, ...rest: unknown[]) => {
          const query = (target.unsafe as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
          const then = query.then;
          query.then = function (onFulfilled, onRejected) {
            const span = statementSpan(text, 'postgres.js');
            return then.call(
              this,
              (value) => (span.end(), onFulfilled ? onFulfilled(value) : value),
              (error: unknown) => {
                span.fail(error);
                if (onRejected) return onRejected(error);
                throw error;
              },
            ) as never;
          };
          return query;
        };
      if (property === 'begin')
        return (...args: unknown[]) => {
          const run = args.pop() as (tx: postgres.Sql) => unknown;
          return (target.begin as (...a: unknown[]) => unknown)(...args, (tx: postgres.Sql) => run(tracedPostgres(tx)));
        };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** PGlite's thread with a span per statement (drizzle calls `query`, and `transaction` with a handle of its own). */
export function tracedPglite(client: PGliteThread): PGliteThread {
  const wrapQueries = <C extends { query: (...args: never[]) => Promise<unknown> }>(target: C): C =>
    new Proxy(target, {
      get(inner, property) {
        if (property === 'query')
          return async (text: string, ...rest: unknown[]) => {
            const span = statementSpan(text, 'pglite');
            try {
              const result = await (inner.query as (...args: unknown[]) => Promise<unknown>).call(inner, text, ...rest);
              span.end();
              return result;
            } catch (error) {
              span.fail(error);
              throw error;
            }
          };
        if (property === 'transaction')
          return (run: (tx: C) => unknown) =>
            (inner as unknown as { transaction: (fn: (tx: C) => unknown) => unknown }).transaction((tx) => run(wrapQueries(tx)));
        const value = Reflect.get(inner, property, inner) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(inner) : value;
      },
    });
  return wrapQueries(client);
}
