import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.ts';
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { protectDataDir } from './data-dir.ts';
import { startAdminSocket } from './staff/admin-socket.ts';
import { isDependencyOutage } from './http/dependency-errors.ts';

/** Beyond the grace period, the little it takes to close the database and the job queue before leaving anyway. */
const CLOSING_MARGIN_MS = 5000;

/**
 * Starts the one process that serves the site, the API and the media, and answers the listening app. `clock`: the
 * time the rules read (the end-to-end server passes one its journeys move; tests/helpers/e2e-server.ts).
 */
export async function serve({ clock }: { clock?: Clock } = {}): Promise<FastifyInstance> {
  const config = loadConfig();
  protectDataDir(config.dataDir);
  const app = await buildApp({ config, clock });
  // The embedded database is this process's alone: `npm run admin` reaches it through this socket.
  const stopAdminSocket =
    app.ctx.database.driver === 'pglite'
      ? await startAdminSocket({ dataDir: config.dataDir, db: app.ctx.db, database: app.ctx.database, config, log: app.log })
      : async () => {};
  /**
   * SIGTERM (systemd stop, a rolling deploy): /readyz fails at once, so the load balancer sends nothing new; the
   * listener closes; live notification streams end (their client was told at the start to come back in 2 s, to
   * another instance); requests already running finish, for up to SHUTDOWN_GRACE_SECONDS; then the job queue and the
   * database close and the process exits 0.
   */
  const shutdown = async (signal: string) => {
    app.readiness.draining = true;
    app.log.info({ graceSeconds: config.shutdownGraceSeconds }, `${signal} received: not ready any more, finishing running requests`);
    const deadline = setTimeout(
      () => {
        app.log.warn('shutdown took longer than SHUTDOWN_GRACE_SECONDS allows: leaving with requests still open');
        process.exit(0);
      },
      config.shutdownGraceSeconds * 1000 + CLOSING_MARGIN_MS,
    );
    deadline.unref();
    await stopAdminSocket();
    await app.close();
    app.log.info('closed');
    process.exit(0);
  };
  // postgres.js reads the server's array types on each new connection with a promise nobody awaits: a pooler or a
  // server that goes away during it rejects that promise with no handler. A lost dependency is logged and the
  // connection made anew on the next query, as everywhere else; anything else still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (!isDependencyOutage(reason)) throw reason;
    app.log.warn({ err: reason }, 'a database connection was lost while it opened; the next query opens another');
  });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(`Site and API at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (${app.ctx.database.driver})`);
  return app;
}
