import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * One embedded PGlite directory must never be opened by two processes: it corrupts data silently. The server
 * and the admin command both hold this lock file (the holder's process id) while the directory is open.
 */

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(`The database in this data directory is open in process ${pid} (lock file ${lockFile}).`);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function holderOf(lockFile: string): number | null {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock or throws DataDirLockedError; a lock left by a process that no longer runs is taken over. */
export function acquireDataDirLock(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    // Written aside and linked into place, so the lock file never exists without its process id.
    const draft = `${lockFile}.${process.pid}`;
    writeFileSync(draft, String(process.pid), { mode: 0o600 });
    try {
      linkSync(draft, lockFile);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (holderOf(lockFile) === process.pid) unlinkSync(lockFile);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holderOf(lockFile);
      if (pid !== null && pid !== process.pid && alive(pid)) throw new DataDirLockedError(lockFile, pid);
      if (pid === process.pid) throw new DataDirLockedError(lockFile, pid);
      unlinkSync(lockFile);
    } finally {
      unlinkSync(draft);
    }
  }
  throw new DataDirLockedError(lockFile, holderOf(lockFile) ?? 0);
}
