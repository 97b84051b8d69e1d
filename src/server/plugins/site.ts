import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { SiteServices } from '../site-services.ts';
import { notFoundPage } from '../../lib/not-found-page.ts';
import { requestLang } from './language.ts';
import { DEFAULT_LANG, langOfPath } from '../../lib/i18n.ts';
import { pageSecurityHeaders } from '../http/page-security.ts';

type AstroHandler = (req: unknown, res: unknown, next: () => void, locals: Record<string, unknown>) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders a non-API path with the built Astro site (static files first, then server-rendered pages). */
    siteNotFound: ((request: FastifyRequest, reply: FastifyReply) => unknown) | null;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves `dist/client` and hands the rest to Astro's node adapter (middleware mode). */
async function sitePlugin(
  app: FastifyInstance,
  options: { distDir: string; siteServices: SiteServices; enabled: boolean; connectOrigins?: string[] },
) {
  // Every page's headers (CSP with the hashes of its own inline scripts, no framing, no sniffing); a built file never
  // changes while the server runs, so its headers are computed once.
  const headersOf = (html: string) => pageSecurityHeaders(html, options.connectOrigins);
  const fileHeaders = new Map<string, Record<string, string>>();
  const headersOfFile = (file: string) => {
    let headers = fileHeaders.get(file);
    if (!headers) fileHeaders.set(file, (headers = headersOf(readFileSync(file, 'utf8'))));
    return headers;
  };
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
      // @fastify/static 9 hands over the raw response (Node's ServerResponse), not the reply.
      res.setHeader('Cache-Control', cache);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (filePath.endsWith('.html')) for (const [name, value] of Object.entries(headersOfFile(filePath))) res.setHeader(name, value);
    },
  });
  // Prerendered pages answer at their own path, with or without the trailing slash, instead of redirecting
  // /about to /about/: the spec's canonical URLs (/about, /pricing) must not redirect, and on a phone the
  // redirect costs a round trip on every page (Lighthouse: about 650 ms).
  for (const page of prerenderedPages(clientDir)) {
    app.get(page, { schema: { hide: true } }, (_request, reply) => reply.sendFile(path.join(page.slice(1), 'index.html')));
  }
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const pages = [...prerenderedPages(clientDir).map((page) => new RegExp(`^${escapeRegExp(page)}/?$`)), ...serverRoutes(options.distDir)];
  const isPage = (pathname: string) => pages.some((pattern) => pattern.test(pathname)) || isFile(clientDir, pathname);
  /** The reader's language for a page: a /{lang}/ path says which, else the lang cookie (or Accept-Language) decides. */
  const readerLang = (request: FastifyRequest) => {
    const ofPath = langOfPath(request.url);
    return ofPath !== DEFAULT_LANG ? ofPath : requestLang(request);
  };
  app.siteNotFound = (request, reply) => {
    // The site only reads: anything else is refused here, before Astro, which would try to read a body Fastify
    // has already read (a 500 with a stack trace for every POST to a page).
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const pathname = request.url.split('?')[0];
      if (isPage(pathname))
        return reply.code(405).header('Allow', 'GET, HEAD').type('text/plain; charset=utf-8').send('Method Not Allowed');
      const page = notFoundPage(readerLang(request));
      return reply.code(404).headers(headersOf(page)).type('text/html; charset=utf-8').send(page);
    }
    reply.hijack();
    withPageHeaders(reply.raw, headersOf, String(request.headers['accept-encoding'] ?? ''));
    return handler(
      request.raw,
      reply.raw,
      () => {
        reply.raw.statusCode = 404;
        reply.raw.setHeader('Content-Type', 'text/html; charset=utf-8');
        reply.raw.end(notFoundPage(readerLang(request)));
      },
      { services: options.siteServices },
    );
  };
}

/**
 * Holds a server-rendered answer until it ends, so that an HTML page gets the headers computed from its whole text
 * (the CSP hashes of its inline scripts). Pages are small; anything not HTML passes through with nosniff added.
 * The page is compressed here too (brotli, else gzip), as @fastify/compress does for prebuilt pages: the answer is
 * written past Fastify, so its compression never sees it.
 */
function withPageHeaders(res: ServerResponse, headersOf: (html: string) => Record<string, string>, acceptEncoding = ''): void {
  const chunks: Buffer[] = [];
  const original = { writeHead: res.writeHead.bind(res), write: res.write.bind(res), end: res.end.bind(res) };
  let head: Parameters<ServerResponse['writeHead']> | null = null;
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding)
        : Buffer.from(chunk as Uint8Array);
  res.writeHead = ((...args: Parameters<ServerResponse['writeHead']>) => {
    head = args;
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
    const body = Buffer.concat(chunks);
    res.writeHead = original.writeHead;
    res.write = original.write;
    res.end = original.end;
    if (head) {
      const [status, ...rest] = head;
      const given = rest.find((item) => item && typeof item === 'object') as Record<string, unknown> | unknown[] | undefined;
      if (Array.isArray(given)) for (let i = 0; i + 1 < given.length; i += 2) res.setHeader(String(given[i]), given[i + 1] as string);
      else if (given) for (const [name, value] of Object.entries(given)) if (value !== undefined) res.setHeader(name, value as string);
      res.statusCode = status;
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const type = String(res.getHeader('content-type') ?? '');
    if (type.includes('text/html'))
      for (const [name, value] of Object.entries(headersOf(body.toString('utf8')))) res.setHeader(name, value);
    // A page rendered per request may carry the member's own feed or name: kept by their browser only, and asked again.
    if (type.includes('text/html') && !res.getHeader('cache-control')) res.setHeader('Cache-Control', 'private, no-cache');
    res.removeHeader('Transfer-Encoding');
    let sent = body;
    if (type.includes('text/html') && body.length > 1024 && !res.getHeader('content-encoding')) {
      const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
      if (encoding) {
        sent = encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body);
        res.setHeader('Content-Encoding', encoding);
      }
      res.setHeader('Vary', 'Accept-Encoding');
    }
    res.setHeader('Content-Length', sent.length);
    return original.end(sent, callback as () => void);
  }) as ServerResponse['end'];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A file under `root` (a static asset), without leaving it. */
function isFile(root: string, pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const file = path.join(root, decoded);
  if (!file.startsWith(root + path.sep)) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The patterns of the server-rendered routes, read from the build's manifest (`"pattern":"^\\/home\\/?$"`). */
function serverRoutes(distDir: string): RegExp[] {
  const serverDir = path.join(distDir, 'server');
  const manifest = readdirSync(serverDir).find((name) => /^manifest_.*\.mjs$/.test(name));
  if (!manifest) return [/^/];
  const patterns = [...readFileSync(path.join(serverDir, manifest), 'utf8').matchAll(/"pattern":("(?:[^"\\]|\\.)*")/g)];
  // Without a readable manifest every path counts as a page (405 rather than a wrong 404).
  if (!patterns.length) return [/^/];
  return patterns.map(([, source]) => new RegExp(JSON.parse(source) as string));
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
