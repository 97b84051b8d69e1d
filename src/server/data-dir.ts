import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds what nobody but this server may read: the embedded database (its WAL carries private circles'
 * posts), private media, data exports and the mail outbox. Everything the process creates from here on is owner-only
 * (umask 077: folders 0700, files 0600; a child process inherits it), and what an older version left readable by
 * every account on the machine is made owner-only too, once at the start.
 */
export function protectDataDir(dataDir: string) {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  makeOwnerOnly(path.resolve(dataDir));
}

/**
 * Folders 0700 and files without any bit for group or others, under `entry`. The embedded database needs this once
 * after it opens: it lays out a new data directory's files with an explicit 0666, whatever the umask (969 files).
 */
export function makeOwnerOnly(entry: string) {
  const stat = lstatSync(entry);
  // A symbolic link's own mode means nothing, and following it could change files outside DATA_DIR.
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(entry, 0o700);
    for (const name of readdirSync(entry)) makeOwnerOnly(path.join(entry, name));
  } else if ((stat.mode & 0o077) !== 0) {
    chmodSync(entry, stat.mode & 0o700);
  }
}
