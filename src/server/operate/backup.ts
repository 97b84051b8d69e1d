import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import postgres from 'postgres';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { contentTypeOf, createLocalMediaStore, createS3MediaStore, type MediaStore } from '../platform/media-store.ts';

/**
 * `npm run admin -- backup DIR` and `restore DIR`. A backup is a folder: the database (pg_dump's custom format on
 * PostgreSQL, PGlite's own data-directory dump on the embedded database), the media store's files under media/, and
 * manifest.json naming every file with its size and SHA-256. It never holds the identity key nor the JWT secret: whoever
 * holds the identity key and a copy of the database can confirm the account behind any guessed address, so the key is
 * kept apart (README: the identity key and your backups). Credential documents waiting for review (DATA_DIR/documents)
 * are left out too: identity papers are not copied into backups (a member whose request was pending uploads again).
 */

export class OperateCommandError extends Error {}

export const MANIFEST = 'manifest.json';
const FORMAT = 'bharat-square-backup';
const PG_DUMP_FILE = 'database.pgdump';
const PGLITE_FILE = 'database.pglite.tar';

export type ManifestFile = { path: string; size: number; sha256: string };
export type Manifest = {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  database: { driver: 'pglite' | 'postgres'; file: string };
  media: { store: 'local' | 's3' };
  files: ManifestFile[];
};

export const IDENTITY_KEY_WARNING =
  'The identity key and the JWT secret are NOT in this backup. Keep the identity key (IDENTITY_KEY, IDENTITY_KEY_FILE or ' +
  'DATA_DIR/identity-secret) apart from the backups, somewhere else: a restore needs it, and the two together reveal who is behind any guessed address.';

/** Bytes through a SHA-256 and a count on their way to a file. */
function hashing() {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { tap, result: () => ({ size, sha256: hash.digest('hex') }) };
}

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const { tap, result } = hashing();
  await pipeline(createReadStream(file), tap, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return result();
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function walk(dir: string, base = dir): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full, base)));
    else if (entry.isFile()) files.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return files.sort();
}

/** The media store's file names: the media directory's files, or the bucket's keys below the prefix. */
async function mediaNames(config: Config): Promise<string[]> {
  const store = config.mediaStore;
  if (store.kind === 'local') return walk(config.mediaDir);
  const { client } = createS3MediaStore(store);
  const prefix = store.prefix ? `${store.prefix}/` : '';
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key.slice(prefix.length));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  client.destroy();
  return names.sort();
}

const mediaStoreOf = (config: Config): MediaStore =>
  config.mediaStore.kind === 's3' ? createS3MediaStore(config.mediaStore) : createLocalMediaStore(config.mediaDir);

/** A libpq connection for pg_dump/pg_restore: the URL without its password, which goes in PGPASSWORD (never in argv). */
function libpq(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) =>
      reject(new OperateCommandError(`${command} could not start (${error.message}): install the PostgreSQL client tools.`)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new OperateCommandError(`${command} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/**
 * Writes a backup into `dir` (new or empty). `database` is the open embedded database (PGlite's dump is taken through
 * it, consistent, while the server runs); on PostgreSQL pg_dump reads DATABASE_URL in one snapshot.
 */
export async function backup(config: Config, database: Pick<Database, 'driver' | 'dumpDataDir'> | null, dir: string): Promise<string> {
  const started = Date.now();
  const target = path.resolve(dir);
  if (!(await isEmptyDir(target))) throw new OperateCommandError(`${target} is not empty: back up into a new or empty folder.`);
  await mkdir(target, { recursive: true, mode: 0o700 });
  await chmod(target, 0o700);
  const previousUmask = process.umask(0o077);
  try {
    const files: ManifestFile[] = [];
    let databaseFile: string;
    if (config.databaseUrl) {
      databaseFile = PG_DUMP_FILE;
      const { url, env } = libpq(config.databaseUrl);
      await run('pg_dump', ['--format=custom', '--file', path.join(target, databaseFile), '--dbname', url], env);
    } else {
      if (!database?.dumpDataDir) throw new OperateCommandError('The embedded database is not open: cannot dump it.');
      databaseFile = PGLITE_FILE;
      const dump = await database.dumpDataDir();
      await pipeline(
        dump.stream() as unknown as NodeJS.ReadableStream,
        createWriteStream(path.join(target, databaseFile), { mode: 0o600 }),
      );
    }
    files.push({ path: databaseFile, ...(await hashFile(path.join(target, databaseFile))) });

    const store = mediaStoreOf(config);
    for (const name of await mediaNames(config)) {
      const object = await store.read(name);
      if (!object) continue; // removed since it was listed
      const relative = `media/${name}`;
      const file = path.join(target, ...relative.split('/'));
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const { tap, result } = hashing();
      await pipeline(object.body, tap, createWriteStream(file, { mode: 0o600 }));
      files.push({ path: relative, ...result() });
    }

    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: { driver: config.databaseUrl ? 'postgres' : 'pglite', file: databaseFile },
      media: { store: config.mediaStore.kind },
      files,
    };
    const manifestFile = path.join(target, MANIFEST);
    await pipeline(
      async function* () {
        yield `${JSON.stringify(manifest, null, 2)}\n`;
      },
      createWriteStream(manifestFile, { mode: 0o600 }),
    );
    const bytes = files.reduce((sum, file) => sum + file.size, 0);
    return [
      `Backed up to ${target}: the database (${databaseFile}) and ${files.length - 1} media files, ${bytes} bytes, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      `WARNING: ${IDENTITY_KEY_WARNING}`,
    ].join('\n');
  } finally {
    process.umask(previousUmask);
  }
}

/** Reads the manifest and checks every file it names against its size and SHA-256; refuses a backup that differs. */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const source = path.resolve(dir);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(source, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new OperateCommandError(`${source} holds no readable ${MANIFEST}: not a backup.`);
  }
  if (manifest.format !== FORMAT || manifest.version !== 1 || !Array.isArray(manifest.files)) {
    throw new OperateCommandError(`${source}/${MANIFEST} is not a Bharat Square backup manifest (version 1).`);
  }
  const problems: string[] = [];
  for (const entry of manifest.files) {
    const normal = path.posix.normalize(entry.path);
    if (normal.startsWith('/') || normal.startsWith('..') || normal !== entry.path) {
      problems.push(`${entry.path}: not a path inside the backup`);
      continue;
    }
    try {
      const actual = await hashFile(path.join(source, ...entry.path.split('/')));
      if (actual.size !== entry.size || actual.sha256 !== entry.sha256)
        problems.push(`${entry.path}: size or SHA-256 differs from the manifest`);
    } catch {
      problems.push(`${entry.path}: missing`);
    }
  }
  if (!manifest.files.some((entry) => entry.path === manifest.database?.file)) problems.push('the manifest names no database file');
  if (problems.length)
    throw new OperateCommandError(`The backup in ${source} does not match its manifest; nothing was restored:\n  ${problems.join('\n  ')}`);
  return manifest;
}

/** Whether the PostgreSQL database holds anything of ours (or anything at all) yet. */
async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const [row] = await client`
      select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and c.relkind in ('r', 'p', 'v', 'm', 'S')`;
    return row.n === 0;
  } finally {
    await client.end({ timeout: 1 });
  }
}

/**
 * Restores a verified backup into an EMPTY place: a PostgreSQL database without tables (DATABASE_URL), or a data
 * directory without a database, and a media store without files. The server must be stopped (the embedded database is
 * one process's). Migrations newer than the backup are applied by the next start (roll forward).
 */
export async function restore(config: Config, dir: string): Promise<string> {
  const started = Date.now();
  const source = path.resolve(dir);
  const manifest = await verifyBackup(source);
  const expected = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.driver !== expected) {
    throw new OperateCommandError(
      `This backup holds ${manifest.database.driver === 'postgres' ? 'a PostgreSQL' : 'an embedded (PGlite)'} database; ` +
        `the configuration here is ${expected === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database'}.`,
    );
  }
  const pgliteDir = path.join(config.dataDir, 'db');
  if (config.databaseUrl ? !(await postgresIsEmpty(config.databaseUrl)) : !(await isEmptyDir(pgliteDir))) {
    throw new OperateCommandError(
      config.databaseUrl
        ? 'The database at DATABASE_URL is not empty: restore into a new, empty database (createdb), nothing was changed.'
        : `${pgliteDir} already holds a database: restore into an empty DATA_DIR (and with the server stopped), nothing was changed.`,
    );
  }
  const mediaFiles = manifest.files.filter((entry) => entry.path.startsWith('media/'));
  if ((await mediaNames(config)).length > 0) {
    throw new OperateCommandError(
      `The media store (${config.mediaStore.kind === 's3' ? 'MEDIA_STORE' : config.mediaDir}) already holds files: restore into an empty one, nothing was changed.`,
    );
  }
  const previousUmask = process.umask(0o077);
  try {
    const databaseFile = path.join(source, manifest.database.file);
    if (config.databaseUrl) {
      const { url, env } = libpq(config.databaseUrl);
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', url, databaseFile], env);
    } else {
      const tarball = new Blob([await readFile(databaseFile)]);
      const restored = await openDatabase({ pgliteDir, pgliteStart: tarball, migrate: false });
      await restored.close();
    }
    const store = mediaStoreOf(config);
    for (const entry of mediaFiles) {
      const name = entry.path.slice('media/'.length);
      await store.put(name, path.join(source, ...entry.path.split('/')), contentTypeOf(name));
    }
    return [
      `Restored ${source} (taken ${manifest.createdAt}): the database and ${mediaFiles.length} media files, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      'Before starting the server, give it the identity key this data was made with (IDENTITY_KEY, IDENTITY_KEY_FILE, or DATA_DIR/identity-secret ' +
        'for the embedded database; a new one may have been generated there just now: replace it with your kept copy). Without it no member can sign in.',
    ].join('\n');
  } finally {
    process.umask(previousUmask);
  }
}
