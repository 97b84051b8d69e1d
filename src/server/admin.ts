import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { ADMIN_USAGE, runAdminCommand } from './staff/admin-command.ts';
import { sendAdminCommand } from './staff/admin-socket.ts';
import { StaffCommandError } from './services/staff-service.ts';

/**
 * `npm run admin -- grant moderator <handle>` | `revoke <handle>` | `list`.
 * On PostgreSQL it connects directly. On the embedded database it opens the data directory itself when the
 * server is stopped (holding the same lock the server holds), or asks the running server through its admin socket.
 */
async function main(args: string[]): Promise<number> {
  if (!args.length || args[0] === 'help' || args[0] === '--help') {
    console.log(ADMIN_USAGE);
    return args.length ? 0 : 1;
  }
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    let answer;
    try {
      answer = await sendAdminCommand(config.dataDir, args);
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
    console.log(await runAdminCommand(database.db, args));
    return 0;
  } catch (error) {
    if (!(error instanceof StaffCommandError)) throw error;
    console.error(error.message);
    return 1;
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
