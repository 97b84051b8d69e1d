import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

const dirs: string[] = [];
const lockFile = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-lock-'));
  dirs.push(dir);
  return path.join(dir, 'db.lock');
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('acquireDataDirLock', () => {
  it('lets one holder in at a time and frees the directory on release', () => {
    const file = lockFile();
    const release = acquireDataDirLock(file);
    expect(() => acquireDataDirLock(file)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(file)).toThrow(`open in process ${process.pid}`);
    release();
    expect(existsSync(file)).toBe(false);
    acquireDataDirLock(file)();
  });

  it('refuses while another live process holds it', () => {
    const file = lockFile();
    // The parent of this test process is alive for the whole test.
    writeFileSync(file, String(process.ppid));
    expect(() => acquireDataDirLock(file)).toThrow(DataDirLockedError);
    expect(existsSync(file)).toBe(true);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const file = lockFile();
    writeFileSync(file, '2147483646');
    const release = acquireDataDirLock(file);
    expect(() => acquireDataDirLock(file)).toThrow(DataDirLockedError);
    release();
  });
});
