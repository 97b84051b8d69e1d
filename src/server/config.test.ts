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

describe('Web Push settings', () => {
  it('generate the VAPID key pair once into DATA_DIR and read it back after', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).push.vapid;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(existsSync(path.join(dataDir, 'vapid-keys.json'))).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir }).push.vapid).toEqual(first);
  });

  it('take the key pair from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither), writing nothing', () => {
    const dataDir = tempDir();
    const keys = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    expect(loadConfig({ DATA_DIR: dataDir, ...keys }).push.vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
    });
    expect(existsSync(path.join(dataDir, 'vapid-keys.json'))).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(/base64url/);
  });

  it('read the subject, the allowed push hosts and the retry wait', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, SUPPORT_EMAIL: 'Help <help@example.org>' }).push).toMatchObject({
      subject: 'mailto:help@example.org',
      allowHosts: [],
      retryDelaySeconds: 10,
    });
    const push = loadConfig({
      DATA_DIR: dataDir,
      VAPID_SUBJECT: 'https://bharatsquare.in',
      PUSH_ALLOW_HOSTS: '127.0.0.1:4443, Localhost:8443,[::1]:443',
      PUSH_RETRY_SECONDS: '2',
    }).push;
    expect(push).toMatchObject({
      subject: 'https://bharatsquare.in',
      allowHosts: ['127.0.0.1:4443', 'localhost:8443', '[::1]:443'],
      retryDelaySeconds: 2,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, PUSH_ALLOW_HOSTS: '127.0.0.1' })).toThrow(/PUSH_ALLOW_HOSTS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: 'someone' })).toThrow(/VAPID_SUBJECT/);
  });
});
