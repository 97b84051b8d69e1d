import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import { RequestGate, type Release } from '../http/request-gate.ts';

export const BUSY = 'The server is busy right now: please try again in a moment.';
/** Seconds a turned-away client is asked to wait. */
const RETRY_AFTER_SECONDS = 1;

/**
 * API requests that hold a database turn. Not: the health check; what is held open for as long as the network
 * takes, not the database: the live notification stream (minutes), uploads (a 100 MB video on a phone's connection
 * streams for minutes, and four of them would close the line for everyone) and export downloads (a zip read at a
 * phone's pace; their ids are UUIDs).
 */
const UNGATED = /^\/api\/(?:health(?:\/|\?|$)|notifications\/stream\/?(?:\?|$)|users\/me\/export\/[^/?]+\/download\/?(?:\?|$))/;
export const gated = (request: Pick<FastifyRequest, 'url' | 'headers'>) => {
  const url = request.url;
  if (!url.startsWith('/api/')) return false;
  if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return false;
  return !UNGATED.test(url);
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The database's line, for the health check. */
    admissionGate: RequestGate;
  }
  interface FastifyRequest {
    admission?: Release;
  }
}

/**
 * API requests enter the database in arrival order, a few at a time (config.admission); one that would wait
 * longer than maxWaitMs is answered 503 with Retry-After instead of hanging (see http/request-gate.ts for why).
 *
 * A turn is given back on every path: when the response is done or its connection closes (answered, aborted, timed
 * out, failed), and earlier by `outsideTheGate()` before a wait on the network. A client that goes away while in
 * line leaves the line. The turn sits in the request's context (AsyncLocalStorage, @fastify/request-context), where
 * code deep in a service can give it back without being handed the request.
 */
export default fp(async function admission(app: FastifyInstance) {
  const gate = new RequestGate(app.ctx.config.admission);
  app.decorate('admissionGate', gate);
  app.decorateRequest('admission', undefined);
  await app.register(fastifyRequestContext);
  app.addHook('onRequest', async (request, reply) => {
    if (!gated(request)) return;
    const response = reply.raw;
    const gone = new AbortController();
    const onClose = () => gone.abort();
    response.once('close', onClose);
    const release = await gate.enter(gone.signal);
    if (!release) {
      response.off('close', onClose);
      // The client is gone: nothing to answer.
      if (gone.signal.aborted || response.destroyed) {
        reply.hijack();
        return reply;
      }
      return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ detail: BUSY });
    }
    response.off('close', onClose);
    request.admission = release;
    requestContext.set('admission', release);
    // 'close' comes once the response is sent or its connection is gone, whichever way the request ends.
    response.once('close', release);
  });
  // Injected requests (tests) end here rather than on a socket's close; release is idempotent.
  app.addHook('onResponse', async (request) => request.admission?.());
});
