import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RequestGate, type Release } from '../request-gate.ts';

export const BUSY = 'The server is busy right now: please try again in a moment.';
/** Seconds a turned-away client is asked to wait. */
const RETRY_AFTER_SECONDS = 1;

/**
 * API requests that hold a database turn. Not: the health check; what is held open for as long as the network
 * takes, not the database: the live notification stream (minutes), uploads (a 100 MB video on a phone's connection
 * streams for minutes, and four of them would close the line for everyone) and export downloads.
 */
const gated = (request: FastifyRequest) => {
  const url = request.url;
  if (!url.startsWith('/api/')) return false;
  if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return false;
  return !url.startsWith('/api/health') && !/^\/api\/notifications\/stream\/?(\?|$)/.test(url) && !/^\/api\/users\/me\/export\/\d+\/download\/?(\?|$)/.test(url);
};

declare module 'fastify' {
  interface FastifyRequest {
    admission?: Release;
  }
}

/**
 * API requests enter the database in arrival order, a few at a time (config.admission); one that would wait
 * longer than maxWaitMs is answered 503 with Retry-After instead of hanging (see request-gate.ts for why).
 */
export default fp(async function admission(app: FastifyInstance) {
  const gate = new RequestGate(app.ctx.config.admission);
  app.decorateRequest('admission', undefined);
  app.addHook('onRequest', async (request, reply) => {
    if (!gated(request)) return;
    const release = await gate.enter();
    if (!release) {
      return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ detail: BUSY });
    }
    request.admission = release;
  });
  const leave = async (request: FastifyRequest) => request.admission?.();
  app.addHook('onResponse', leave);
  app.addHook('onRequestAbort', leave);
});
