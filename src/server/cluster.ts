import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { protectDataDir } from './data-dir.ts';

/**
 * Several instances of the server behind one port on one machine (`npm run start:cluster -- --instances 2`):
 * Node's cluster module hands each connection to the next instance. Everything the instances share lives outside
 * them: PostgreSQL (DATABASE_URL: data, sessions, the job queue, live notifications through LISTEN/NOTIFY), Redis
 * (REDIS_URL: rate limits) and the media directory (DATA_DIR/media). The embedded database belongs to one process,
 * so the cluster refuses to start without DATABASE_URL, and without REDIS_URL (limits would count per instance).
 */
async function primary() {
  const { values } = parseArgs({ options: { instances: { type: 'string' } }, allowPositionals: true });
  const instances = Number(values.instances ?? availableParallelism());
  if (!Number.isInteger(instances) || instances < 1) throw new ConfigError('--instances must be a whole number of at least 1.');
  // Validates the settings and creates the secrets kept in DATA_DIR once, before any instance reads them.
  const config = loadConfig();
  // The instances inherit the owner-only umask; the media directory and exports are owner-only from the start.
  protectDataDir(config.dataDir);
  if (!config.databaseUrl) throw new ConfigError('start:cluster needs DATABASE_URL: the embedded database belongs to one process.');
  if (!config.redisUrl) throw new ConfigError('start:cluster needs REDIS_URL, so that rate limits count across the instances.');
  // Migrations run once here, so the instances do not race on them.
  await (await openDatabase({ databaseUrl: config.databaseUrl, postgres: config.postgres })).close();

  let stopping = false;
  for (let i = 0; i < instances; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`instance ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Each instance finishes its requests and closes (main.ts); the primary leaves once they are gone.
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  console.info(`${instances} instances on port ${config.port}`);
}

if (cluster.isPrimary) {
  primary().catch((error) => {
    console.error(error instanceof ConfigError ? `Cannot start: ${error.message}` : error);
    process.exit(1);
  });
} else {
  await import('./main.ts');
}
