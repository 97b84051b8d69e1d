import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

/** The site and /media/ only read. Needs the built site (`npm run build`; the e2e script builds it too). */
const built = existsSync(path.resolve('dist/server/entry.mjs'));

describe.skipIf(!built)('a method other than GET or HEAD on a page or a media file', () => {
  let t: TestApp;
  const logged: unknown[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ serveSite: true });
    writeFileSync(path.join(t.config.mediaDir, 'stored.png'), Buffer.from('png'));
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string) => t.app.inject({ method, url, payload: { any: 'body' } });

  it('sends every page with a CSP allowing exactly its own inline scripts, no framing and nosniff', async () => {
    for (const url of ['/', '/about', '/grievance', '/modlog', '/profile', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      const inline = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/src=/.test(attributes));
      const allowed = csp.match(/script-src ([^;]*)/)![1].split(' ');
      expect(allowed[0]).toBe("'self'");
      for (const [, , body] of inline) {
        expect(allowed, url).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      }
      expect(allowed.length - 1, url).toBe(new Set(inline.map(([, , body]) => body)).size);
    }
  });

  it('answers 405 with Allow for a page or a stored file, 404 where there is none, and logs no stack trace', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void logged.push(args));
    try {
      for (const [method, url] of [
        ['POST', '/'],
        ['POST', '/about'],
        ['PUT', '/home/'],
        ['DELETE', '/home/channel-page/1'],
        ['PATCH', '/profile'],
        ['POST', '/media/stored.png'],
      ] as const) {
        const res = await send(method, url);
        expect([method, url, res.statusCode, res.headers.allow]).toEqual([method, url, 405, 'GET, HEAD']);
      }
      for (const [method, url] of [
        ['POST', '/no-such-page'],
        ['POST', '/media/missing.png'],
        ['DELETE', '/media/../secret'],
      ] as const) {
        const res = await send(method, url);
        expect([method, url, res.statusCode]).toEqual([method, url, 404]);
      }
      expect(logged).toEqual([]);
    } finally {
      spy.mockRestore();
    }
    // Reading still works.
    expect((await t.app.inject({ method: 'GET', url: '/about' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/media/stored.png' })).statusCode).toBe(200);
  });
});
