import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './throwaway-postgres.ts';

/** Debian's PgBouncer (`apt-get install pgbouncer`; `.ci/run` installs it). */
export const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';
export const hasPgbouncer = () => existsSync(PGBOUNCER);

export type Pgbouncer = { url: string; log: () => string; stop: () => Promise<void> };

/**
 * PgBouncer in transaction mode on a free port in front of `databaseUrl` (trust auth, as the test PostgreSQL), with a
 * small pool (`poolSize`, 2) so that a client's consecutive transactions land on different server connections. It refuses to run as
 * root: it runs as the postgres account then.
 */
export async function startPgbouncer(databaseUrl: string, options: { poolSize?: number; resetAlways?: boolean } = {}): Promise<Pgbouncer> {
  const target = new URL(databaseUrl);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-pgbouncer-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const name = target.pathname.slice(1);
  writeFileSync(path.join(dir, 'users.txt'), `"${target.username || 'postgres'}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${name} = host=${target.hostname} port=${target.port || 5432} dbname=${name}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 2}`,
      // Every server connection forgets its session (prepared statements included) after each transaction: what a
      // busy pool does to a client's session state, made certain.
      ...(options.resetAlways ? ['server_reset_query = DISCARD ALL', 'server_reset_query_always = 1'] : []),
      'max_client_conn = 200',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const args = [path.join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', PGBOUNCER, ...args], { stdio: 'ignore' })
    : spawn(PGBOUNCER, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () => {
    try {
      return readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`pgbouncer did not start:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    log,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
