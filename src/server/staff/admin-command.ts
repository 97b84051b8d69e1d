import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { OperateCommandError } from '../operate/backup.ts';
import { createShieldTeacher } from '../services/safety/index.ts';
import { isOperateCommand, OPERATE_USAGE, runOperateCommand } from '../operate/commands.ts';
import { grantRole, isStaffRole, listStaff, revokeRole, STAFF_ROLES, StaffCommandError } from '../services/accounts/staff-service.ts';

export const ADMIN_USAGE = [
  'Usage: npm run admin -- <command>',
  '  grant <moderator|admin> <handle>   give an account a staff role',
  '  revoke <handle>                    take its staff role away',
  '  list                               show every staff member',
  '  safety retrain                     retrain the scam model on the corpus and staff decisions now (promoted only if no worse)',
  OPERATE_USAGE,
].join('\n');

/**
 * One admin command (`grant moderator SaffronTiger4821`, `revoke ...`, `list`) run on a database, answered as text.
 * The command line runs it directly, or through the running server's admin socket (see admin-socket.ts).
 */
export async function runAdminCommand(db: Db, args: readonly string[], operate?: { config: Config; database: Database }): Promise<string> {
  const [command, ...rest] = args;
  if (isOperateCommand(command)) {
    if (!operate) throw new StaffCommandError(ADMIN_USAGE);
    try {
      return await runOperateCommand(operate, args);
    } catch (error) {
      // The operator's commands answer in the staff commands' way: a message for the person, not a stack.
      if (error instanceof OperateCommandError) throw new StaffCommandError(error.message);
      throw error;
    }
  }
  if (command === 'safety' && rest.length === 1 && rest[0] === 'retrain') {
    const teacher = createShieldTeacher({
      db,
      notify: async (channel, payload) => void (await operate?.database.executeSql('select pg_notify($1, $2)', [channel, payload])),
    });
    const version = await teacher.retrain();
    return `Model version ${version.id} (${version.decisions} staff decisions): ${version.note}.`;
  }
  if (command === 'grant') {
    const [role, handle] = rest;
    if (!role || !handle || rest.length !== 2) throw new StaffCommandError(ADMIN_USAGE);
    if (!isStaffRole(role)) throw new StaffCommandError(`Unknown role "${role}": use one of ${STAFF_ROLES.join(', ')}.`);
    await grantRole(db, handle, role);
    return `${handle} is now ${role === 'admin' ? 'an admin' : 'a moderator'}.`;
  }
  if (command === 'revoke') {
    // `revoke moderator <handle>` reads naturally too: an account holds one role, so the role is only checked.
    const handle = rest.length === 2 && isStaffRole(rest[0]) ? rest[1] : rest[0];
    if (!handle || rest.length > 2 || (rest.length === 2 && !isStaffRole(rest[0]))) throw new StaffCommandError(ADMIN_USAGE);
    return (await revokeRole(db, handle)) ? `${handle} is no longer staff.` : `${handle} held no staff role.`;
  }
  if (command === 'list' && rest.length === 0) {
    const staff = await listStaff(db);
    if (!staff.length) return 'No staff yet. Grant a role with: npm run admin -- grant moderator <handle>';
    return staff
      .map((member) => `${member.role.padEnd(9)} ${member.username}  (since ${member.grantedAt.toISOString().slice(0, 10)})`)
      .join('\n');
  }
  throw new StaffCommandError(ADMIN_USAGE);
}
