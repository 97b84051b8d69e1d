/**
 * The server the end-to-end tests drive: the real built app on a fresh data directory with demo data,
 * mailing through a real SMTP server started here. Tests read OTPs from GET /__mail/otp?to=… on MAIL_PORT, and run
 * `npm run admin` commands through the server's admin socket with POST /__admin {args} there, and move the server's
 * clock forward with POST /__clock {advance_ms} there (the scheduled posts' job is then run at once, as its minute
 * would).
 */
import { createServer } from 'node:http';
import sharp from 'sharp';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpCatcher } from './smtp-catcher.ts';
import { sendAdminCommand } from '../../src/server/staff/admin-socket.ts';
import { SCHEDULED_POSTS_JOB } from '../../src/server/services/posts/index.ts';
import type { FastifyInstance } from 'fastify';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4411);

const LINKED_PAGE = `<!doctype html><html><head><title>Mangaluru port</title>
<meta property="og:title" content="New ferry to Mangaluru port from Monday">
<meta property="og:description" content="Two sailings a day, tickets at the jetty.">
<meta property="og:image" content="/__page/cover.png"></head><body>News</body></html>`;
export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 4412);
/** Where the push journey's local push service listens (tests/e2e/push.spec.ts); its certificate is trusted through NODE_EXTRA_CA_CERTS. */
export const PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? 4413);

async function main() {
  const smtp = await startSmtpCatcher();
  // E2E_DATA_DIR: a journey that restarts a server of its own on the same data (tests/e2e/policy-changes.spec.ts).
  const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'bsq-e2e-'));
  Object.assign(process.env, {
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    SEED_DEMO: process.env.E2E_SEED ?? '1',
    LOG_LEVEL: 'warn',
    OTP_RESEND_SECONDS: '0',
    OTP_PER_ADDRESS_PER_HOUR: '1000',
    OTP_PER_IP_PER_WINDOW: '100000',
    // Journeys make many posts and channels as brand-new accounts; the write limits have their own API tests.
    POSTS_PER_HOUR: '10000',
    COMMENTS_PER_HOUR: '10000',
    CIRCLES_PER_DAY: '10000',
    REACTIONS_PER_HOUR: '10000',
    JOIN_REQUESTS_PER_HOUR: '10000',
    // A journey sees a poll close in seconds, not in an hour.
    POLL_MIN_CLOSE_SECONDS: '2',
    // A link post's journey links to a page served below (/__page/…): the only private address a preview may fetch.
    LINK_PREVIEW_ALLOW_HOSTS: `localhost:${MAIL_PORT}`,
    // The push journey's local push service, on loopback, is a push endpoint the server may send to.
    PUSH_ALLOW_HOSTS: `127.0.0.1:${PUSH_PORT}`,
  });
  delete process.env.DATABASE_URL;

  // The server's time, which a journey may move forward (never back).
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  let app: FastifyInstance | null = null;

  createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${MAIL_PORT}`);
    if (url.pathname === '/__admin' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const answer = await sendAdminCommand(dataDir, (JSON.parse(body) as { args: string[] }).args);
      return void res.writeHead(answer.ok ? 200 : 400, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    }
    if (url.pathname === '/__clock' && req.method === 'POST' && app) {
      let body = '';
      for await (const chunk of req) body += chunk;
      offsetMs += Math.max(0, Number((JSON.parse(body) as { advance_ms?: number }).advance_ms) || 0);
      await app.ctx.services.jobs.send(SCHEDULED_POSTS_JOB, {});
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ now: clock.now().toISOString() }));
    }
    // A page to link to, with its Open Graph title, description and image.
    if (url.pathname === '/__page/article') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LINKED_PAGE);
    if (url.pathname === '/__page/cover.png') {
      const cover = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#b45309' } })
        .png()
        .toBuffer();
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(cover);
    }
    if (url.pathname !== '/__mail/otp') return void res.writeHead(404).end();
    try {
      const code = await smtp.waitForOtp(url.searchParams.get('to') ?? '', { after: Number(url.searchParams.get('after') ?? 0) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code, count: smtp.mails.length }));
    } catch (error) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message }));
    }
  }).listen(MAIL_PORT, '127.0.0.1');

  const { serve } = await import('../../src/server/serve.ts');
  app = await serve({ clock });
}

void main();
