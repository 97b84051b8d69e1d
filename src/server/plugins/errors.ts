import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { HttpError, serviceUnavailable, zodToFieldErrors } from '../platform/errors.ts';
import { isDependencyOutage } from '../http/dependency-errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** 405 with Allow for a known API path and another method, else DRF's 404. */
    apiNotFound: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const OPTIONS_METADATA = {
  renders: ['application/json'],
  parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
};

/** Fastify's own error codes mapped to what Django REST framework would answer. */
function fromFastifyError(error: FastifyError, request: FastifyRequest): HttpError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, { detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.` });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, { detail: 'Request body is too large.' });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, { detail: 'Request body size did not match Content-Length.' });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(400, { detail: 'Multipart form parse error - Invalid boundary in multipart.' });
  }
  if (error.validation) return new HttpError(400, { detail: error.message });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError(error.statusCode, { detail: error.message });
  }
  return undefined;
}

async function errorsPlugin(app: FastifyInstance) {
  // Paths registered per method, so an unknown method on a known path gets 405 with Allow (DRF), not 404.
  const routes: { pattern: RegExp; methods: Set<string>; parametric: boolean }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const source = route.url
      .replace(/\/+$/, '')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[A-Za-z_]+/g, '[^/]+');
    const pattern = new RegExp(`^${source}/?$`);
    const existing = routes.find((r) => r.pattern.source === pattern.source);
    const methods = ([] as string[]).concat(route.method as string | string[]);
    if (existing) methods.forEach((m) => existing.methods.add(m));
    else routes.push({ pattern, methods: new Set(methods), parametric: route.url.includes(':') });
  });

  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request: FastifyRequest, reply: FastifyReply) => {
    const known =
      error instanceof HttpError
        ? error
        : error instanceof ZodError
          ? zodToFieldErrors(error)
          : fromFastifyError(error as FastifyError, request);
    if (known) {
      // A body refused as too large is not read to its end: the connection closes after the answer instead.
      if (known.statusCode === 413) reply.header('Connection', 'close');
      return reply.code(known.statusCode).headers(known.headers).send(known.body);
    }
    if (isDependencyOutage(error)) {
      // The database, Redis or the mail server is down: the client may retry, and the log says which without a stack.
      // Only the code: a failed query's message may quote its parameters (an address, a post's text).
      const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
      request.log.warn({ code: code ?? cause?.code }, 'dependency unavailable');
      const unavailable = serviceUnavailable();
      return reply.code(unavailable.statusCode).headers(unavailable.headers).send(unavailable.body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });

  app.decorate('apiNotFound', (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    // A fixed path wins over a pattern, as in the router: /api/posts/comments/ is not the post "comments".
    const match = routes.find((r) => !r.parametric && r.pattern.test(path)) ?? routes.find((r) => r.pattern.test(path));
    if (match && !match.methods.has(request.method)) {
      const allow = METHODS.filter((m) => match.methods.has(m) || m === 'OPTIONS').join(', ');
      // OPTIONS is in every Allow list, so it is answered as DRF's SimpleMetadata does, not refused.
      if (request.method === 'OPTIONS') return reply.code(200).header('Allow', allow).send(OPTIONS_METADATA);
      return reply
        .code(405)
        .header('Allow', allow)
        .send({ detail: `Method "${request.method}" not allowed.` });
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
