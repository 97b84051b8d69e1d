import path from 'node:path';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { ADMIN_USAGE, runAdminCommand } from './staff/admin-command.ts';
import { sendAdminCommand } from './staff/admin-socket.ts';
import { StaffCommandError } from './services/accounts/staff-service.ts';
import { OperateCommandError, restore } from './operate/backup.ts';
import { isOperateCommand, operateArgs } from './operate/commands.ts';

/**
 * `npm run admin -- grant moderator <handle>` | `revoke <handle>` | `list` | `backup <dir>` | `restore <dir>` |
 * `migrate [--plan]`.
 * On PostgreSQL it connects directly. On the embedded database it opens the data directory itself when the
 * server is stopped (holding the same lock the server holds), or asks the running server through its admin socket.
 * The operator's commands open the database without migrating it: a plan, a backup or a restore changes nothing else.
 */
async function main(args: string[]): Promise<number> {
  if (!args.length || args[0] === 'help' || args[0] === '--help') {
    console.log(ADMIN_USAGE);
    return args.length ? 0 : 1;
  }
  const operate = isOperateCommand(args[0]);
  let parsed: ReturnType<typeof operateArgs> | undefined;
  if (operate) {
    try {
      parsed = operateArgs(args);
    } catch (error) {
      console.error((error as Error).message);
      return 1;
    }
  }
  const config = loadConfig();
  try {
    // A restore never opens (and so never creates or migrates) the database before checking it is empty.
    if (parsed?.command === 'restore') {
      console.log(await restore(config, parsed.dir!));
      return 0;
    }
    return await withDatabase(config, args, operate ? { migrate: parsed?.command === 'migrate' } : { migrate: true });
  } catch (error) {
    if (!(error instanceof StaffCommandError) && !(error instanceof OperateCommandError)) throw error;
    console.error(error.message);
    return 1;
  }
}

async function withDatabase(config: Config, args: string[], options: { migrate: boolean }): Promise<number> {
  // The folder named is resolved here, not in the server's working directory.
  const forServer = isOperateCommand(args[0]) && args[1] && !args[1].startsWith('-') ? [args[0], path.resolve(args[1])] : args;
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      postgres: config.postgres,
      pgliteDir: path.join(config.dataDir, 'db'),
      migrate: options.migrate,
      log: { info: (fields, message) => console.log(`${message} ${JSON.stringify(fields)}`) },
    });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    let answer;
    try {
      // A backup may take long: no time limit on the operator's commands.
      answer = await sendAdminCommand(config.dataDir, forServer, isOperateCommand(args[0]) ? 0 : undefined);
    } catch {
      console.error(
        `${error.message}\nThe server there does not answer on its admin socket: stop it (or the other admin command) and try again.`,
      );
      return 1;
    }
    if (!answer.ok) console.error(answer.error);
    else console.log(answer.output);
    return answer.ok ? 0 : 1;
  }
  try {
    if (args[0] === 'migrate' && args.length === 1) {
      console.log('Migrations applied: the database is up to date.');
      return 0;
    }
    console.log(await runAdminCommand(database.db, forServer, { config, database }));
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
