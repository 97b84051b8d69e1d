import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { PRIVATE_MEDIA_PREFIX } from '../services/private-media.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A method other than GET or HEAD under /media/: 405 with Allow for a stored file, 404 otherwise. */
    mediaWrongMethod: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

/**
 * Uploaded media under /media/: names are random, so files never change and public ones cache for a year.
 * A private circle's media (/media/private/) is served only on a URL the API signed for someone who may see it.
 */
async function mediaPlugin(app: FastifyInstance) {
  const root = app.ctx.config.mediaDir;
  const privateDir = path.join(root, 'private') + path.sep;
  const signer = app.ctx.services.mediaSigner;
  mkdirSync(root, { recursive: true });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(PRIVATE_MEDIA_PREFIX) || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const pathname = request.url.split('?')[0];
    // Unsigned, tampered or expired: the same 404 as a missing file, so a URL tells nothing about what exists.
    if (signer.check(pathname, request.query as Record<string, unknown>) === null) return reply.code(404).send({ detail: 'Not found.' });
  });
  // The API's answers carry signed URLs for private media; only people who may see a post or comment get them.
  app.addHook('preSerialization', async (request, _reply, payload) => (request.url.startsWith('/api/') ? signer.signAll(payload) : payload));
  app.decorate('mediaWrongMethod', (request: FastifyRequest, reply: FastifyReply) => {
    let exists = false;
    try {
      const file = path.join(root, decodeURIComponent(request.url.split('?')[0].slice('/media/'.length)));
      exists = file.startsWith(root + path.sep) && statSync(file).isFile();
    } catch {
      exists = false;
    }
    if (exists) return reply.code(405).header('Allow', 'GET, HEAD').send({ detail: `Method "${request.method}" not allowed.` });
    return reply.code(404).send({ detail: 'Not found.' });
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (res, filePath) => {
      // A signed URL lives for hours: a private file is kept by the browser alone, and not past an hour.
      res.header('Cache-Control', filePath.startsWith(privateDir) ? 'private, max-age=3600' : 'public, max-age=31536000, immutable');
      res.header('X-Content-Type-Options', 'nosniff');
      res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    },
  });
}

export default fp(mediaPlugin, { name: 'media' });
