import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { protectDataDir } from './data-dir.ts';
import { createLocalMediaStore } from './platform/media-store.ts';

const dirs: string[] = [];
const previousUmask = process.umask();
afterEach(() => {
  process.umask(previousUmask);
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** Every file and folder under `root` that another account on the machine could read, with its mode. */
function readableByOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (entry: string) => {
    const stat = statSync(entry);
    if (stat.mode & 0o077) found.push(`${path.relative(root, entry) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(root);
  return found;
}

describe('protectDataDir', () => {
  it('makes DATA_DIR and what an older version left in it owner-only, and what the database writes afterwards too', async () => {
    process.umask(0o022);
    const root = mkdtempSync(path.join(os.tmpdir(), 'bsq-perm-'));
    dirs.push(root);
    const dataDir = path.join(root, 'data');
    mkdirSync(path.join(dataDir, 'media', 'private'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dataDir, 'media', 'private', 'old.png'), 'x', { mode: 0o644 });
    expect(readableByOthers(dataDir).length).toBeGreaterThan(0);

    protectDataDir(dataDir);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      await database.ping();
      writeFileSync(path.join(dataDir, 'media', 'new.webp'), 'y');
      mkdirSync(path.join(dataDir, 'exports'));
      // The media store keeps its files owner-only even when the process's umask would not.
      process.umask(0o022);
      const upload = path.join(root, 'upload.png');
      writeFileSync(upload, 'z', { mode: 0o644 });
      const store = createLocalMediaStore(path.join(dataDir, 'media'));
      await store.put('private/a.png', upload, 'image/png');
      await store.put('b.png', Buffer.from('b'), 'image/png');
    } finally {
      await database.close();
    }
    expect(readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(10);
    expect(readableByOthers(dataDir)).toEqual([]);
  }, 60_000);
});
