import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinPage, PAGES_DIR, splitPage } from '../../src/content/page-files.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, NOTICE_VERSION } from '../helpers/fixtures.ts';

/** The privacy page's next version in the copies below. */
const NEXT = NOTICE_VERSION + 1;

/** A copy of the site's pages in which `edit` has changed the privacy page (and its Hindi translation). */
function pagesWith(edit: (page: Record<string, unknown>, lang: 'en' | 'hi') => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-pages-'));
  cpSync(PAGES_DIR, dir, { recursive: true });
  for (const [file, lang] of [
    ['privacy.mdx', 'en'],
    ['hi/privacy.mdx', 'hi'],
  ] as const) {
    const { frontmatter, body } = splitPage(readFileSync(path.join(dir, file), 'utf8'));
    edit(frontmatter, lang);
    writeFileSync(path.join(dir, file), joinPage(frontmatter, body));
  }
  return dir;
}

/** Moves the page's current version into its history and makes a new one. */
function newVersion(page: Record<string, unknown>, next: { version: number; effective: string; material: boolean; changes: string[] }) {
  const { version, effective, material, changes } = page as { version: number; effective: string; material: boolean; changes: string[] };
  page.history = [{ version, effective, material, changes }, ...((page.history as object[] | undefined) ?? [])];
  Object.assign(page, next);
}

describe('the privacy notice follows the privacy page', () => {
  let material: TestApp;
  let minor: TestApp;
  const dirs: string[] = [];

  beforeAll(async () => {
    const materialDir = pagesWith((page, lang) => {
      // The Hindi page has caught up with version 2; its points are in Hindi.
      newVersion(page, {
        version: NEXT,
        effective: '2026-12-03',
        material: true,
        changes: lang === 'en' ? ['We now keep reports for two years, not one.'] : ['अब हम रिपोर्ट एक नहीं, दो साल तक रखते हैं।'],
      });
      if (lang === 'hi') page.source_version = NEXT;
    });
    const minorDir = pagesWith((page, lang) => {
      if (lang === 'en') newVersion(page, { version: NEXT, effective: '2026-12-03', material: false, changes: ['Fixed a typo.'] });
    });
    dirs.push(materialDir, minorDir);
    [material, minor] = await Promise.all([buildTestApp({ pagesDir: materialDir }), buildTestApp({ pagesDir: minorDir })]);
  });

  afterAll(async () => {
    await Promise.all([material?.close(), minor?.close()]);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a material change raises the version and asks every member again, listing what changed in their language', async () => {
    const { app } = material;
    const member = await createUser(app, 'policy-reader');
    const status = await app.inject({ url: '/api/users/me/consent/', headers: member.headers });
    expect(status.json()).toMatchObject({
      version: NEXT,
      required: true,
      consented_version: NOTICE_VERSION,
      changes: [{ version: NEXT, effective: '2026-12-03', changes: ['We now keep reports for two years, not one.'] }],
    });
    const inHindi = await app.inject({ url: '/api/users/me/consent/', headers: { ...member.headers, 'accept-language': 'hi' } });
    expect(inHindi.json().changes).toEqual([
      { version: NEXT, effective: '2026-12-03', changes: ['अब हम रिपोर्ट एक नहीं, दो साल तक रखते हैं।'] },
    ]);

    // Until they agree, a member's calls are refused with the code the app answers with the notice.
    const refused = await app.inject({ method: 'POST', url: '/api/users/me/profile/', headers: member.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'consent_required' });
    const stale = await app.inject({
      method: 'POST',
      url: '/api/users/me/consent/',
      headers: member.headers,
      payload: { version: NOTICE_VERSION, adult: true },
    });
    expect(stale.statusCode).toBe(400);

    const agreed = await app.inject({
      method: 'POST',
      url: '/api/users/me/consent/',
      headers: member.headers,
      payload: { version: NEXT, adult: true },
    });
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json()).toMatchObject({ version: NEXT, required: false, consented_version: NEXT, changes: [] });
    expect((await app.inject({ method: 'POST', url: '/api/users/me/profile/', headers: member.headers })).statusCode).toBe(200);
  });

  it('a change that is not material asks nobody again', async () => {
    const { app } = minor;
    const member = await createUser(app, 'policy-typo');
    const status = await app.inject({ url: '/api/users/me/consent/', headers: member.headers });
    expect(status.json()).toMatchObject({ version: NOTICE_VERSION, required: false, consented_version: NOTICE_VERSION, changes: [] });
    expect((await app.inject({ method: 'POST', url: '/api/users/me/profile/', headers: member.headers })).statusCode).toBe(200);
  });
});
