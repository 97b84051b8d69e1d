import type { Config } from '../../src/server/config.ts';
import { buildApp } from '../../src/server/app.ts';
import type { TestApp } from './app.ts';

/**
 * Another instance of the app on the same database and data directory with other settings, as a
 * second server behind a load balancer would be. Cheap: no new database, no migrations.
 */
export async function appVariant(base: TestApp, overrides: Partial<Config>, logger: boolean | object = false): Promise<TestApp> {
  const config = { ...base.config, ...overrides };
  const app = await buildApp({ config, database: base.app.ctx.database, logger });
  await app.ready();
  return { app, config, close: () => app.close() };
}
