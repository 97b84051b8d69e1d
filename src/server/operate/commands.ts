import path from 'node:path';
import type { Config } from '../config.ts';
import { migrationsFolder, type Database } from '../db/client.ts';
import { backup, OperateCommandError } from './backup.ts';
import { formatPlan, migrationPlan } from './migrations.ts';

/** The operator's admin commands; `restore` and `migrate` (applying) run only from the command line (admin.ts). */
export const OPERATE_COMMANDS = ['backup', 'restore', 'migrate'] as const;
export const isOperateCommand = (command: string | undefined) => (OPERATE_COMMANDS as readonly string[]).includes(command ?? '');

export const OPERATE_USAGE = [
  '  backup <dir>                       the database and the media files into a new folder, with a manifest (not the identity key)',
  '  restore <dir>                      a backup into an empty database and data directory (server stopped)',
  '  migrate --plan                     the migrations not yet applied, the tables each touches and their rows (applies nothing)',
  '  migrate                            apply them (as `npm start` does), each logged with its time',
].join('\n');

/** Checks the arguments of an operator command; answers the folder a backup or restore names, made absolute. */
export function operateArgs(args: readonly string[]): { command: 'backup' | 'restore' | 'plan' | 'migrate'; dir?: string } {
  const [command, ...rest] = args;
  if ((command === 'backup' || command === 'restore') && rest.length === 1 && rest[0] && !rest[0].startsWith('-')) {
    return { command, dir: path.resolve(rest[0]) };
  }
  if (command === 'migrate' && rest.length === 1 && rest[0] === '--plan') return { command: 'plan' };
  if (command === 'migrate' && rest.length === 0) return { command: 'migrate' };
  throw new OperateCommandError(`Usage: npm run admin -- <command>\n${OPERATE_USAGE}`);
}

/**
 * `backup` and `migrate --plan` on an open database: in the admin command's own process, or in the running server
 * (through the admin socket) while it holds the embedded database.
 */
export async function runOperateCommand(context: { config: Config; database: Database }, args: readonly string[]): Promise<string> {
  const { command, dir } = operateArgs(args);
  if (command === 'backup') return backup(context.config, context.database, dir!);
  if (command === 'plan') return formatPlan(await migrationPlan(context.database.executeSql, migrationsFolder, context.database.driver));
  throw new OperateCommandError(
    command === 'restore'
      ? 'The server is running on this data directory: stop it before restoring (a restore needs an empty data directory).'
      : 'The server is running and applied its migrations when it started: `migrate` is for a stopped server.',
  );
}
