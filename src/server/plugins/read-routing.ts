import { rawBearer } from './auth.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { runInReadScope, type ReadScope } from '../db/replicas.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A read that may go to a replica: where its statements went once the first one chose (metrics read it). */
    readScope: ReadScope | null;
  }
}
import { createWritePositions } from '../platform/write-positions.ts';

/**
 * Reads that may be served by a read replica (DATABASE_REPLICA_URLS): these routes only read, so their statements can
 * go to a replica that has replayed the reader's own last write (db/replicas.ts). Every other request, and every
 * write, goes to the primary.
 */
const REPLICA_READS = new Set([
  '/api/posts/public/feed/',
  '/api/posts/user/feed/',
  '/api/posts/:id/',
  '/api/posts/comments/list/',
  '/api/posts/comments/:id/',
  '/api/posts/comments/:id/replies/',
  '/api/posts/search/',
  '/api/users/:username/card/',
  '/api/users/chips/',
  '/api/users/:username/posts/',
  '/api/circles/',
  '/api/circles/search/',
  '/api/circles/members/',
]);

const READS = new Set(['GET', 'HEAD']);

export default fp(async function readRoutingPlugin(app: FastifyInstance) {
  app.decorateRequest('readScope', null);
  const { database, config, services } = app.ctx;
  const router = database.replicas;
  if (!router) return;
  const positions = createWritePositions({
    redisUrl: config.redisUrl,
    prefix: config.redisKeyPrefix,
    // A replica within the lag allowed has replayed a write this long after it (two polls of margin).
    keepMs: config.postgres.replicaMaxLagMs + 2 * config.postgres.replicaPollMs + 1000,
    log: app.log,
  });
  app.addHook('onClose', () => positions.close());

  /** The member a bearer token names, without the database (the auth check itself runs later, on the chosen one). */
  const memberOf = (request: FastifyRequest): number | null => {
    try {
      const token = rawBearer(request);
      return token ? services.tokens.decode(token, 'access').user_id : null;
    } catch {
      // A malformed or stale token is the auth check's to answer; here it only means no position to wait for.
      return null;
    }
  };

  // The reader's least position is looked up as the request arrives; the route's handler then runs in a read scope
  // (its statements go to a replica that has it, or to the primary). The sign-in check before the handler reads the
  // primary: a token or an account just made is always found.
  app.addHook('onRequest', async (request) => {
    if (!READS.has(request.method) || !REPLICA_READS.has(request.routeOptions.url ?? '')) return;
    const member = memberOf(request);
    request.readScope = { minLsn: member === null ? null : await positions.get(member) };
  });
  app.addHook('onRoute', (route) => {
    if (!REPLICA_READS.has(route.url) || ![route.method].flat().some((method) => READS.has(method))) return;
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const scope = request.readScope;
      return scope ? runInReadScope(scope, () => handler.call(this, request, reply)) : handler.call(this, request, reply);
    };
  });

  // After a write, before its answer leaves: the position it reached, for that member's next reads. A sign-in or a
  // token refresh names its member in the tokens it answers (their first reads must find the account and session).
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || request.method === 'OPTIONS' || reply.statusCode >= 400) return payload;
    let member = request.user?.id ?? null;
    if (member === null && typeof payload === 'string' && payload.includes('"access"')) {
      try {
        member = services.tokens.decode((JSON.parse(payload) as { access: string }).access, 'access').user_id;
      } catch {
        member = null;
      }
    }
    if (member !== null) {
      const lsn = await router.primaryLsn().catch(() => null);
      if (lsn !== null) await positions.raise(member, lsn);
    }
    return payload;
  });
});
