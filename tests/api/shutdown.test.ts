import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * SIGTERM to a real server process: readiness fails at once, a request already running (a large media file read by
 * a slow client) completes, and the process exits 0.
 */
let server: ChildProcess | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bsq-shutdown-'));
afterAll(() => {
  if (server?.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const FILE = 'abcdef0123456789.mp4';
const SIZE = 48 * 1024 * 1024;

function get(port: number, url: string): Promise<{ status: number | 'refused'; body: string; retryAfter?: string }> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body, retryAfter: res.headers['retry-after'] as string | undefined }));
    });
    request.on('error', () => resolve({ status: 'refused', body: '' }));
  });
}

describe('graceful shutdown', () => {
  it('a request in flight at SIGTERM completes 200, /readyz stops answering ready, and the process exits 0', async () => {
    mkdirSync(path.join(dataDir, 'media'), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(dataDir, 'media', FILE), Buffer.alloc(SIZE, 7), { mode: 0o600 });
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: '0',
        SEED_DEMO: '0',
        SHUTDOWN_GRACE_SECONDS: '20',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 60_000);
      server!.stdout!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        const match = /Site and API at http:\/\/[^:]+:(\d+)/.exec(log);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    expect((await get(port, '/readyz')).status).toBe(200);

    // The slow request: a 48 MB file whose reader stops reading after the first bytes.
    let received = 0;
    let status = 0;
    let resume: () => void = () => {};
    const slow = new Promise<void>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: `/media/${FILE}`, agent: false }, (res) => {
        status = res.statusCode!;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > 0 && !res.isPaused() && resume === noop) {
            res.pause();
            resume = () => res.resume();
          }
        });
        res.on('end', () => resolve());
        res.on('error', reject);
      });
      request.on('error', reject);
    });
    const noop = resume;
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(SIZE);

    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // Not ready any more: a 503 (draining) or, once the listener has closed, no connection at all.
    const ready = await get(port, '/readyz');
    expect(ready.status === 'refused' || ready.status === 503, JSON.stringify(ready)).toBe(true);
    // The process waits for the slow request.
    expect(server.exitCode).toBeNull();

    resume();
    await slow;
    expect(status).toBe(200);
    expect(received).toBe(SIZE);
    expect(await exited).toBe(0);
    expect(log).toMatch(/SIGTERM received/);
  }, 120_000);
});
