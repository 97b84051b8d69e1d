import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent, joinPage, PAGES_DIR, readPolicyNotice, splitPage, translationState } from './page-files.ts';
import { pageSchema } from './page-schema.ts';
import { PREFIXED_LANGUAGES } from '../lib/i18n.ts';

/** Every translation of a page, in the order content:check reports them (by language code). */
const TRANSLATED = [...PREFIXED_LANGUAGES].sort();

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the site's pages, with `file`'s frontmatter changed by `edit`. */
function copyWith(edits: Record<string, (frontmatter: Record<string, unknown>) => void>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-pages-'));
  dirs.push(dir);
  cpSync(PAGES_DIR, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const { frontmatter, body } = splitPage(readFileSync(path.join(dir, file), 'utf8'));
    edit(frontmatter);
    writeFileSync(path.join(dir, file), joinPage(frontmatter, body));
  }
  return dir;
}

const bump = (material: boolean) => (page: Record<string, unknown>) => {
  const history = (page.history as object[] | undefined) ?? [];
  page.history = [{ version: page.version, effective: page.effective, material: page.material, changes: page.changes }, ...history];
  Object.assign(page, {
    version: Number(page.version) + 1,
    effective: '2026-12-03',
    material,
    changes: ['Clarified how refunds reach a card.'],
  });
};

describe('content:check', () => {
  it('passes on the pages as they are', () => {
    expect(checkContent().errors).toEqual([]);
  });

  it('fails on a translation behind a material change, and passes once it catches up', () => {
    const lagging = copyWith({ 'refund.mdx': bump(true) });
    expect(checkContent(lagging).errors).toEqual(
      TRANSLATED.map(
        (lang) =>
          `${lang}/refund.mdx translates version 2; refund.mdx is at 3 with a material change: translate it and set source_version: 3`,
      ),
    );
    const catchUp = (page: Record<string, unknown>) => {
      bump(true)(page);
      page.source_version = 3;
    };
    const caughtUp = copyWith({
      'refund.mdx': bump(true),
      ...Object.fromEntries(TRANSLATED.map((lang) => [`${lang}/refund.mdx`, catchUp])),
    });
    expect(checkContent(caughtUp).errors).toEqual([]);
  });

  it('only notes a translation behind a change that is not material', () => {
    const { errors, notes } = checkContent(copyWith({ 'refund.mdx': bump(false) }));
    expect(errors).toEqual([]);
    expect(notes).toContain('hi/refund.mdx translates version 2; refund.mdx is at 3 (changes that are not material)');
  });

  it('fails on a version that takes effect before the one it replaces', () => {
    const { errors } = checkContent(copyWith({ 'refund.mdx': (page) => (bump(false)(page), (page.effective = '2020-01-01')) }));
    expect(errors[0]).toMatch(/^refund\.mdx: effective: must not be earlier than version 2's/);
  });
});

describe('translation states', () => {
  const base = pageSchema.parse({ title: 'Refund Policy', description: 'x'.repeat(60), canonical: '/refund', effective: '2026-11-22' });
  const v2 = (material: boolean) => ({
    ...base,
    version: 2,
    material,
    history: [{ version: 1, effective: base.effective, material: true, changes: [] }],
  });
  it('tells current, behind and behind a material change apart', () => {
    expect(translationState(base, { ...base, source_version: 1 })).toBe('current');
    expect(translationState(v2(false), { ...base, source_version: 1 })).toBe('behind');
    expect(translationState(v2(true), { ...base, source_version: 1 })).toBe('behind-material');
    expect(translationState(v2(true), undefined)).toBe('missing');
  });
});

describe('the privacy notice', () => {
  it('takes its version from the highest material version of the privacy page', () => {
    expect(readPolicyNotice().version).toBe(2);
    expect(readPolicyNotice(copyWith({ 'privacy.mdx': bump(false) })).version).toBe(2);
    expect(readPolicyNotice(copyWith({ 'privacy.mdx': bump(true) })).version).toBe(3);
  });
});
