import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rangeParser from 'range-parser';
import { PRIVATE_MEDIA_PREFIX } from '../services/media/index.ts';
import { contentTypeOf } from '../platform/media-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A method other than GET or HEAD under /media/: 405 with Allow for a stored file, 404 otherwise. */
    mediaWrongMethod: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

/** What may follow /media/: a file, or private/ and a file. Anything else (dot files, deeper paths) is never stored. */
const SERVED_NAME = /^(?:private\/)?[A-Za-z0-9][\w-]*\.[a-z0-9]{2,5}$/;

const NOT_FOUND = { detail: 'Not found.' };

/**
 * Uploaded media under /media/, read from the media store (the media directory, or the S3 bucket shared by every
 * instance) and streamed through this server: names are random, so files never change and public ones cache for a
 * year. A private circle's media (/media/private/) is served only on a URL the API signed for someone who may see it.
 * Videos answer byte ranges, so a player can seek without downloading the whole file.
 */
async function mediaPlugin(app: FastifyInstance) {
  const signer = app.ctx.services.mediaSigner;
  const store = app.ctx.services.mediaStore;
  const nameOf = (request: FastifyRequest) => {
    try {
      const name = decodeURIComponent(request.url.split('?')[0].slice('/media/'.length));
      return SERVED_NAME.test(name) ? name : null;
    } catch {
      return null;
    }
  };

  // The path is decoded once (nameOf) and the decision made on that one name: `/media/%70rivate/…`, `private%2F…` and
  // every other spelling of a private file is the same private file, signed for its one canonical path.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/media/') || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const name = nameOf(request);
    if (!name?.startsWith(PRIVATE_MEDIA_PREFIX.slice('/media/'.length))) return;
    // Unsigned, tampered or expired: the same 404 as a missing file, so a URL tells nothing about what exists.
    if (signer.check(`/media/${name}`, request.query as Record<string, unknown>) === null) return reply.code(404).send(NOT_FOUND);
  });
  // The API's answers carry signed URLs for private media; only people who may see a post or comment get them.
  app.addHook('preSerialization', async (request, _reply, payload) =>
    request.url.startsWith('/api/') ? signer.signAll(payload) : payload,
  );

  app.decorate('mediaWrongMethod', async (request: FastifyRequest, reply: FastifyReply) => {
    const name = nameOf(request);
    if (name && (await store.size(name)) !== null) {
      return reply
        .code(405)
        .header('Allow', 'GET, HEAD')
        .send({ detail: `Method "${request.method}" not allowed.` });
    }
    return reply.code(404).send(NOT_FOUND);
  });

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    const name = nameOf(request);
    if (!name) return reply.code(404).send(NOT_FOUND);
    const wanted = request.headers.range;
    // A range needs the whole size first; a plain GET learns it from the file itself. HEAD never opens the file.
    const size = wanted || request.method === 'HEAD' ? await store.size(name) : undefined;
    if (size === null) return reply.code(404).send(NOT_FOUND);
    let range: { start: number; end: number } | undefined;
    if (wanted && size !== undefined) {
      const parsed = rangeParser(size, wanted, { combine: true });
      if (parsed === -1) return reply.code(416).header('Content-Range', `bytes */${size}`).send({ detail: 'Range not satisfiable.' });
      // One range is served; several (rare, and not asked by players) get the whole file, which HTTP allows.
      if (Array.isArray(parsed) && parsed.type === 'bytes' && parsed.length === 1) range = parsed[0];
    }
    const file = request.method === 'HEAD' ? null : await store.read(name, range);
    if (request.method === 'GET' && !file) return reply.code(404).send(NOT_FOUND);
    reply
      .header('Content-Type', contentTypeOf(name))
      .header('Accept-Ranges', 'bytes')
      // A signed URL lives for hours: a private file is kept by the browser alone, and not past an hour.
      .header('Cache-Control', name.startsWith('private/') ? 'private, max-age=3600' : 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    if (!file) return reply.header('Content-Length', size).send();
    if (range) {
      reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('Content-Length', range.end - range.start + 1);
    } else {
      reply.header('Content-Length', file.size);
    }
    return reply.send(file.body);
  }
  // HEAD is its own method here: Fastify's automatic HEAD would read the whole file and throw it away.
  app.route({ method: ['GET', 'HEAD'], url: '/media/*', exposeHeadRoute: false, schema: { hide: true }, handler: serve });
}

export default fp(mediaPlugin, { name: 'media' });
