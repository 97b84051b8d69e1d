import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { StaffCommandError } from '../services/accounts/staff-service.ts';
import { runAdminCommand } from './admin-command.ts';

/**
 * While the server has an embedded database open, no other process may open it, so `npm run admin` hands its
 * command to the server through a Unix socket in the data directory. The socket's folder is readable by the
 * server's own OS account only (mode 0700): whoever can reach the socket could already read the database files.
 * The socket is local by nature: it is never reachable over the network.
 */

/** Unix socket paths are limited to about 100 bytes. */
const MAX_SOCKET_PATH = 100;
const MAX_REQUEST_BYTES = 4096;

export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'admin', 'admin.sock');

type AdminRequest = { args: string[] };
type AdminAnswer = { ok: true; output: string } | { ok: false; error: string };

export async function startAdminSocket(options: {
  dataDir: string;
  db: Db;
  log: FastifyBaseLogger;
  /** For the operator's commands (backup, migrate --plan): the open database and the configuration. */
  database?: Database;
  config?: Config;
}): Promise<() => Promise<void>> {
  const socketPath = adminSocketPath(options.dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    options.log.warn('The data directory path is too long for the admin socket: stop the server to run `npm run admin`.');
    return async () => {};
  }
  const folder = path.dirname(socketPath);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  // A socket file left by a server that crashed; this process holds the data directory's lock, so it is stale.
  rmSync(socketPath, { force: true });

  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (input.length > MAX_REQUEST_BYTES) return void socket.destroy();
      const end = input.indexOf('\n');
      if (end < 0) return;
      // The command may take long (a backup): the idle limit guards only the reading of the request.
      socket.setTimeout(0);
      void answer(input.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on('error', () => socket.destroy());
  });

  async function answer(line: string): Promise<AdminAnswer> {
    let request: AdminRequest;
    try {
      request = JSON.parse(line) as AdminRequest;
      if (!Array.isArray(request.args) || !request.args.every((arg) => typeof arg === 'string')) throw new Error('bad request');
    } catch {
      return { ok: false, error: 'The admin socket reads one JSON line: {"args": [...]}' };
    }
    try {
      const operate = options.database && options.config ? { database: options.database, config: options.config } : undefined;
      const output = await runAdminCommand(options.db, request.args, operate);
      options.log.info({ command: request.args[0] }, 'admin command run through the admin socket');
      return { ok: true, output };
    } catch (error) {
      if (error instanceof StaffCommandError) return { ok: false, error: error.message };
      options.log.error(error, 'admin command failed');
      return { ok: false, error: 'The command failed; the server log has the details.' };
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Sends one admin command to the running server's socket and returns its answer. */
export function sendAdminCommand(dataDir: string, args: readonly string[], timeoutMs = 15_000): Promise<AdminAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(adminSocketPath(dataDir));
    let output = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('The server did not answer the admin command in time.')));
    socket.on('connect', () => socket.write(`${JSON.stringify({ args })}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(JSON.parse(output) as AdminAnswer);
      } catch {
        reject(new Error('The server gave no readable answer to the admin command.'));
      }
    });
  });
}
