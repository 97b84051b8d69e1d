import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { protectDataDir } from './data-dir.ts';
import { startAdminSocket } from './staff/admin-socket.ts';

/** Starts the one process that serves the site, the API and the media. */
async function main() {
  const config = loadConfig();
  protectDataDir(config.dataDir);
  const app = await buildApp({ config });
  // The embedded database is this process's alone: `npm run admin` reaches it through this socket.
  const stopAdminSocket =
    app.ctx.database.driver === 'pglite' ? await startAdminSocket({ dataDir: config.dataDir, db: app.ctx.db, log: app.log }) : async () => {};
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await stopAdminSocket();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Site and API at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${app.ctx.database.driver})`);
}

main().catch((error) => {
  // A refused configuration says what to set, without a stack trace.
  console.error(error instanceof ConfigError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
