import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of its own, in a temporary directory on a free port, that a test may stop and start
 * (the machine's cluster on 5432 is never touched). Undefined when the machine has no PostgreSQL binaries.
 */
export type ThrowawayPostgres = { url: string; stop: () => void; start: () => void; destroy: () => void };

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  const dir = version && path.join(root, version, 'bin');
  return dir && existsSync(path.join(dir, 'initdb')) ? dir : undefined;
}

export const hasPostgresBinaries = () => binDir() !== undefined;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A new cluster, or (`standbyOf`) a streaming standby of a running one: `pg_basebackup -R` copies it and writes the
 * standby's connection to it, and the standby starts read-only, replaying what the primary writes.
 */
export async function startThrowawayPostgres(options: { standbyOf?: ThrowawayPostgres } = {}): Promise<ThrowawayPostgres> {
  const bin = binDir();
  if (!bin) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql');
  const root = mkdtempSync(path.join(os.tmpdir(), 'bsq-pg-'));
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  // initdb refuses to run as root: run the server as the postgres account then.
  const asRoot = process.getuid?.() === 0;
  chmodSync(root, 0o777);
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    execFileSync(command[0] as string, command[1] as string[], { stdio: 'pipe' });
  };
  if (options.standbyOf) {
    const primary = new URL(options.standbyOf.url);
    run('pg_basebackup', [
      '-D',
      dataDir,
      '-h',
      primary.hostname,
      '-p',
      primary.port,
      '-U',
      'postgres',
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '--no-sync',
    ]);
  } else run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-w',
      '-l',
      path.join(root, 'log'),
      '-o',
      `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-w', '-m', 'fast', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
