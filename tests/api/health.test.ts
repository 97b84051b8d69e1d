import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health and errors', () => {
  it('reports the database as healthy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers DRF-style 404 for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Not found.' });
  });

  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toMatchObject({ detail: 'Method "DELETE" not allowed.' });
    expect(res.headers.allow).toContain('GET');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/auth/send-otp/', '/api/posts/{id}/', '/api/contact/']));
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});

describe('405 on paths that a parametric route also matches', () => {
  it('reads the fixed path first: GET /api/posts/comments/ is 405 POST-only, not the post "comments"', async () => {
    for (const method of ['GET', 'DELETE', 'PUT'] as const) {
      const res = await t.app.inject({ method, url: '/api/posts/comments/' });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow, method).toBe('POST, OPTIONS');
      expect(res.json()).toMatchObject({ detail: `Method "${method}" not allowed.` });
    }
    // A post's own path takes GET, and PATCH and DELETE from its author (issue 10); PUT is still no method of it.
    const detail = await t.app.inject({ method: 'PUT', url: '/api/posts/12/' });
    expect(detail.statusCode).toBe(405);
    expect(detail.headers.allow).toBe('GET, HEAD, PATCH, DELETE, OPTIONS');
    expect((await t.app.inject({ method: 'GET', url: '/api/posts/comments/list/' })).statusCode).toBe(400);
  });
});

describe('errors answered before any route runs', () => {
  it('a path that is not valid percent-encoding is a DRF-shaped 400 that does not quote the path', async () => {
    for (const url of ['/api/posts/%/', '/api/posts/%E0%A4/', '/api/circles/requests/%ZZ/approve/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'Malformed URL: the path is not valid percent-encoding.' });
    }
  });

  it('a request line or headers too large for Node are a DRF-shaped 431', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(address).port), '127.0.0.1', () => {
        socket.write(`GET /api/posts/public/feed/?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe('{"detail":"Request header fields too large (a query string counts)."}');
  });
});
