import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, safeFetch, SafeFetchRefused, type SafeFetchOptions } from './safe-fetch.ts';

let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/page') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<title>Hello</title>');
    } else if (url.pathname === '/to-metadata') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      response.end();
    } else if (url.pathname === '/loop') {
      response.writeHead(302, { location: '/loop' });
      response.end();
    } else if (url.pathname === '/big') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('x'.repeat(2048));
    } else if (url.pathname === '/slow') {
      setTimeout(() => response.end('late'), 2000);
    } else if (url.pathname === '/binary') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end('zz');
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const options = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  maxBytes: 1024,
  timeoutMs: 1000,
  maxRedirects: 3,
  accept: ['text/html'],
  allowHosts: [`127.0.0.1:${port}`],
  ...extra,
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchRefused) return error.reason;
    throw error;
  }
  throw new Error('fetched, but should have been refused');
}

describe('safeFetch', () => {
  it('fetches an allowed page', async () => {
    const page = await safeFetch(`http://127.0.0.1:${port}/page`, options());
    expect(page.body.toString()).toBe('<title>Hello</title>');
    expect(page.contentType).toContain('text/html');
  });

  it('refuses loopback, private, link-local and metadata addresses unless allowed, in every form', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/page`,
      'http://127.0.0.1/page',
      'http://10.0.0.8/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
    ]) {
      const reason = await refusal(safeFetch(url, options({ allowHosts: [] })));
      expect(['private-address', 'port'], url).toContain(reason);
    }
    expect(await refusal(safeFetch('http://[::ffff:127.0.0.1]/', options({ allowHosts: [] })))).toBe('private-address');
  });

  it('refuses a public name whose DNS answers a private address, and never connects to it', async () => {
    const before = hits.length;
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(await refusal(safeFetch('http://news.example.in/page', options({ allowHosts: [], resolve })))).toBe('private-address');
    // One public and one private answer: refused as a whole.
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await refusal(safeFetch('http://news.example.in/page', options({ allowHosts: [], resolve: mixed })))).toBe('private-address');
    expect(hits.length).toBe(before);
  });

  it('checks every redirect: a redirect to the metadata address is refused; more than 3 redirects are refused', async () => {
    expect(await refusal(safeFetch(`http://127.0.0.1:${port}/to-metadata`, options()))).toBe('private-address');
    expect(await refusal(safeFetch(`http://127.0.0.1:${port}/loop`, options()))).toBe('too-many-redirects');
    expect(hits.filter((hit) => hit === '/loop')).toHaveLength(4);
  });

  it('refuses other schemes and ports, credentials, too large, too slow and the wrong content type', async () => {
    expect(await refusal(safeFetch('ftp://example.in/file', options()))).toBe('scheme');
    expect(await refusal(safeFetch('file:///etc/passwd', options()))).toBe('scheme');
    expect(await refusal(safeFetch('http://example.in:8080/', options()))).toBe('port');
    expect(await refusal(safeFetch('http://user:pass@example.in/', options()))).toBe('credentials');
    expect(await refusal(safeFetch(`http://127.0.0.1:${port}/big`, options()))).toBe('too-large');
    expect(await refusal(safeFetch(`http://127.0.0.1:${port}/slow`, options({ timeoutMs: 300 })))).toBe('timeout');
    expect(await refusal(safeFetch(`http://127.0.0.1:${port}/binary`, options()))).toBe('content-type');
    expect(await refusal(safeFetch(`http://127.0.0.1:${port}/missing`, options()))).toBe('status');
  });

  it('knows public addresses from the rest', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
      'nonsense',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});
