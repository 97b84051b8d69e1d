import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { SiteServices } from '../site-services.ts';
import { NOT_FOUND_PAGE } from '../../lib/not-found-page.ts';

type AstroHandler = (req: unknown, res: unknown, next: () => void, locals: Record<string, unknown>) => Promise<void>;


declare module 'fastify' {
  interface FastifyInstance {
    /** Renders a non-API path with the built Astro site (static files first, then server-rendered pages). */
    siteNotFound: ((request: FastifyRequest, reply: FastifyReply) => unknown) | null;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves `dist/client` and hands the rest to Astro's node adapter (middleware mode). */
async function sitePlugin(app: FastifyInstance, options: { distDir: string; siteServices: SiteServices; enabled: boolean }) {
  const clientDir = path.join(options.distDir, 'client');
  const entry = path.join(options.distDir, 'server', 'entry.mjs');
  app.decorate('siteNotFound', null);
  if (!options.enabled) return;
  if (!existsSync(clientDir) || !existsSync(entry)) {
    app.log.warn(`No built site in ${options.distDir}: run "npm run build" to serve the pages.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    // Pages get their own routes below; a directory without a page (/home) goes to Astro, not to a redirect.
    redirect: false,
    setHeaders: (res, filePath) => {
      const cache = filePath.includes(`${path.sep}_astro${path.sep}`) ? IMMUTABLE : 'public, max-age=0, must-revalidate';
      res.header('Cache-Control', cache);
    },
  });
  // Prerendered pages answer at their own path, with or without the trailing slash, instead of redirecting
  // /about to /about/: the spec's canonical URLs (/about, /pricing) must not redirect, and on a phone the
  // redirect costs a round trip on every page (Lighthouse: about 650 ms).
  for (const page of prerenderedPages(clientDir)) {
    app.get(page, { schema: { hide: true } }, (_request, reply) => reply.sendFile(path.join(page.slice(1), 'index.html')));
  }
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  app.siteNotFound = (request, reply) => {
    reply.hijack();
    return handler(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.setHeader('Content-Type', 'text/html; charset=utf-8');
      reply.raw.end(NOT_FOUND_PAGE);
    }, { services: options.siteServices });
  };
}

/** '/about', '/home/posts', ...: every directory under dist/client (but _astro) holding an index.html. */
function prerenderedPages(clientDir: string, prefix = ''): string[] {
  return readdirSync(path.join(clientDir, prefix), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !(prefix === '' && entry.name === '_astro'))
    .flatMap((entry) => {
      const page = `${prefix}/${entry.name}`;
      const here = existsSync(path.join(clientDir, page, 'index.html')) ? [page] : [];
      return [...here, ...prerenderedPages(clientDir, page)];
    });
}

export default fp(sitePlugin, { name: 'site' });
