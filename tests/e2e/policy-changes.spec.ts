import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { joinPage, PAGES_DIR, readPolicyNotice, splitPage } from '../../src/content/page-files.ts';

// A server of this journey's own, restarted on the same data with a changed privacy page: the policy changes while
// the member is away.
const PORT = 4421;
const MAIL_PORT = 4422;
const base = `http://127.0.0.1:${PORT}`;
const CHANGE = 'We now keep reports for two years instead of one, so that repeated scams can be traced.';

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/e2e-server.ts'], {
    env: { ...process.env, E2E_PORT: String(PORT), E2E_MAIL_PORT: String(MAIL_PORT), E2E_SEED: '0', ...env },
    stdio: 'ignore',
  });
  for (let tries = 0; tries < 120; tries += 1) {
    const up = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

test('a material change to the privacy page asks a member again at their next visit, listing what changed', async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bsq-policy-'));
  const pagesDir = mkdtempSync(path.join(os.tmpdir(), 'bsq-pages-'));
  cpSync(PAGES_DIR, pagesDir, { recursive: true });
  const current = readPolicyNotice().version;
  let server = await startServer({ E2E_DATA_DIR: dataDir });
  try {
    // The member signs in and agrees to the notice in force.
    const email = `policy.${Date.now()}@example.com`;
    expect((await page.request.post(`${base}/api/auth/send-otp/`, { data: { email } })).ok()).toBeTruthy();
    const { code } = (await (await fetch(`http://127.0.0.1:${MAIL_PORT}/__mail/otp?to=${encodeURIComponent(email)}`)).json()) as {
      code: string;
    };
    const tokens = (await (await page.request.post(`${base}/api/auth/verify-otp/`, { data: { email, otp: code } })).json()) as {
      access: string;
      refresh: string;
    };
    const headers = { Authorization: `Bearer ${tokens.access}` };
    expect(
      (await page.request.post(`${base}/api/users/me/consent/`, { headers, data: { version: current, adult: true } })).ok(),
    ).toBeTruthy();
    await page.request.post(`${base}/api/users/me/profile/`, { headers });
    await stopServer(server);

    // An editor publishes a material change to the privacy page.
    const file = path.join(pagesDir, 'privacy.mdx');
    const { frontmatter, body } = splitPage(readFileSync(file, 'utf8'));
    const { version, effective, material, changes, history } = frontmatter as Record<string, unknown>;
    Object.assign(frontmatter, {
      version: Number(version) + 1,
      effective: '2026-12-03',
      material: true,
      changes: [CHANGE],
      history: [{ version, effective, material, changes }, ...((history as object[]) ?? [])],
    });
    writeFileSync(file, joinPage(frontmatter, body));
    server = await startServer({ E2E_DATA_DIR: dataDir, PAGES_DIR: pagesDir });

    // At the next visit the notice asks again and says what changed.
    await page.context().addCookies([
      { name: 'access_token', value: tokens.access, url: base },
      { name: 'refresh_token', value: tokens.refresh, url: base },
    ]);
    await page.goto(`${base}/home`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'What changed since you last agreed' })).toBeVisible();
    await expect(dialog.getByText(CHANGE)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Read the full privacy policy' })).toHaveAttribute('href', '/privacy');
    await dialog.getByRole('button', { name: 'I am 18 or older and I agree' }).click();
    await expect(dialog).toBeHidden();
    const status = (await (await page.request.get(`${base}/api/users/me/consent/`, { headers })).json()) as {
      version: number;
      required: boolean;
    };
    expect(status).toMatchObject({ version: current + 1, required: false });
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(pagesDir, { recursive: true, force: true });
  }
});
