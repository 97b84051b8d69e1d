import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The README names the Node version the project supports (package.json's engines); every package the lockfile installs
// must run on the oldest version that range admits, or a member's fresh `npm install` warns and may break.
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the supported Node version', () => {
  const oldest = semver.minVersion(manifest.engines.node)!;

  it('is the one the README names', () => {
    expect(readme).toContain(`Node.js ${oldest.major}.${oldest.minor}`);
  });

  it('runs every package in the lockfile', () => {
    const refused = Object.entries(lock.packages)
      .filter(([path, entry]) => {
        const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
        return path !== '' && range !== undefined && !semver.satisfies(oldest, range);
      })
      .map(([path, entry]) => `${path}@${entry.version}`);
    expect(refused).toEqual([]);
  });
});
