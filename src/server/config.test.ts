import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-config-'));
  made.push(dir);
  return dir;
};
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the identity key', () => {
  it('on PostgreSQL is never generated into DATA_DIR: without IDENTITY_KEY or IDENTITY_KEY_FILE the start is refused', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/bsq', JWT_SECRET: 'j' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/bsq', JWT_SECRET: 'j' })).toThrow(/IDENTITY_KEY/);
    expect(existsSync(path.join(dataDir, 'identity-secret'))).toBe(false);
  });

  it('comes from IDENTITY_KEY, or from IDENTITY_KEY_FILE outside DATA_DIR, and nothing is written beside the data', () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/bsq', JWT_SECRET: 'j' };
    expect(loadConfig({ ...env, IDENTITY_KEY: 'from-the-environment' }).identitySecret).toBe('from-the-environment');
    const keyFile = path.join(tempDir(), 'identity.key');
    writeFileSync(keyFile, 'from-a-file\n');
    expect(loadConfig({ ...env, IDENTITY_KEY_FILE: keyFile }).identitySecret).toBe('from-a-file');
    expect(existsSync(path.join(dataDir, 'identity-secret'))).toBe(false);
  });

  it('refuses a key file inside DATA_DIR, a missing one and an empty one', () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/bsq', JWT_SECRET: 'j' };
    const inside = path.join(dataDir, 'keys', 'identity.key');
    expect(() => loadConfig({ ...env, IDENTITY_KEY_FILE: inside })).toThrow(/inside DATA_DIR/);
    expect(() => loadConfig({ ...env, IDENTITY_KEY_FILE: path.join(tempDir(), 'none') })).toThrow(/does not exist/);
    const empty = path.join(tempDir(), 'empty');
    writeFileSync(empty, '\n');
    expect(() => loadConfig({ ...env, IDENTITY_KEY_FILE: empty })).toThrow(/empty/);
  });

  it('on the embedded database is still generated once into DATA_DIR (README says what a copy reveals)', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).identitySecret;
    expect(existsSync(path.join(dataDir, 'identity-secret'))).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir }).identitySecret).toBe(first);
  });

  it('missing on PostgreSQL, the server exits non-zero with a message saying what to set', () => {
    const dataDir = tempDir();
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: 'postgres://127.0.0.1:9/none', JWT_SECRET: 'j' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('Cannot start: DATABASE_URL is set but no identity key is given');
    expect(started.stderr).not.toMatch(/\n\s+at /);
  });
});
