import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** A method other than GET or HEAD under /media/: 405 with Allow for a stored file, 404 otherwise. */
    mediaWrongMethod: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}

/** Uploaded media under /media/: names are random, so files never change and cache for a year. */
async function mediaPlugin(app: FastifyInstance) {
  const root = app.ctx.config.mediaDir;
  mkdirSync(root, { recursive: true });
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
    setHeaders: (res) => {
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
      res.header('X-Content-Type-Options', 'nosniff');
      res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    },
  });
}

export default fp(mediaPlugin, { name: 'media' });
