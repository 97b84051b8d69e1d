import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestContext } from '@fastify/request-context';

/** An incoming X-Request-Id is kept only when it is a short token: it goes into every log line and job of the request. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Fastify's request id (`genReqId`): the proxy's X-Request-Id when it is a safe token, else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Every response carries the request's id (X-Request-Id), the id its log lines carry (reqId), and jobs queued while it
 * runs carry it too (platform/job-queue.ts reads it from the request's context). The header goes on the raw response at once,
 * so answers sent before any route (the busy 503, a 404) and the hijacked notification stream carry it as well.
 */
export default fp(async function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('x-request-id', request.id);
  });
  // The request context (AsyncLocalStorage) is entered by its own onRequest hook (plugins/admission.ts): set after it.
  app.addHook('preValidation', async (request) => {
    requestContext.set('requestId', request.id);
  });
});
