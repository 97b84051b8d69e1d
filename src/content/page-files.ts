/**
 * The pages collection read from disk, outside Astro (Node only): the server derives the privacy notice's version
 * from it, `npm run content:check` compares translations with their sources, and the content editor reads and writes
 * the files through it. The frontmatter is checked with the collection's own schema (page-schema.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { isoDay, pageSchema, versionsOf, type PageData } from './page-schema.ts';

/** src/content/pages of this checkout. */
export const PAGES_DIR = fileURLToPath(new URL('./pages/', import.meta.url));
/** src/content/page-versions: earlier versions of the policy pages, as they were. */
export const PAGE_VERSIONS_DIR = fileURLToPath(new URL('./page-versions/', import.meta.url));

/** The languages a page is written in: English at the top of the folder, each translation in its own folder. */
export const SOURCE_LANG = 'en';

export type PageFile = {
  /** `refund`, `hi/refund`: the collection's id. */
  id: string;
  lang: string;
  slug: string;
  file: string;
  data: PageData;
  /** The frontmatter as written (before defaults). */
  frontmatter: Record<string, unknown>;
  body: string;
};

/** Splits an MDX file into its YAML frontmatter (as written) and its body. */
export function splitPage(text: string): { frontmatter: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { frontmatter: {}, body: text };
  return { frontmatter: (parseYaml(match[1]) as Record<string, unknown> | null) ?? {}, body: text.slice(match[0].length) };
}

/** An MDX file from frontmatter and body; dates written as YYYY-MM-DD. */
export function joinPage(frontmatter: Record<string, unknown>, body: string): string {
  const plain = JSON.parse(
    JSON.stringify(frontmatter, (_key, value: unknown) => (value instanceof Date ? isoDay(value) : value)),
  ) as object;
  return `---\n${stringifyYaml(plain, { lineWidth: 0 })}---\n\n${body.replace(/^\n+/, '')}`;
}

/** Every page under `dir`, parsed and checked; a page that fails the schema throws, naming its file and fields. */
export function readPages(dir = PAGES_DIR): PageFile[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.mdx'))
    .sort();
  return files.map((name) => readPage(dir, name.slice(0, -4).split(path.sep).join('/')));
}

export function readPage(dir: string, id: string): PageFile {
  const file = path.join(dir, `${id}.mdx`);
  const { frontmatter, body } = splitPage(readFileSync(file, 'utf8'));
  const parsed = pageSchema.safeParse(frontmatter);
  if (!parsed.success)
    throw new Error(`${id}.mdx: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const [first, ...rest] = id.split('/');
  const translated = rest.length > 0;
  return { id, lang: translated ? first : SOURCE_LANG, slug: translated ? rest.join('/') : id, file, data: parsed.data, frontmatter, body };
}

export type TranslationState = 'current' | 'behind' | 'behind-material' | 'missing';

/**
 * Where a translation stands against its English page: current, behind by changes that need no new consent, or
 * behind a material change (which content:check refuses).
 */
export function translationState(source: PageData, translation: PageData | undefined): TranslationState {
  if (!translation) return 'missing';
  const translated = translation.source_version ?? 0;
  if (translated >= source.version) return 'current';
  const missed = versionsOf(source).filter((version) => version.version > translated);
  return missed.some((version) => version.material) ? 'behind-material' : 'behind';
}

/** Each English page with the state of each of its translations. */
export function translationStates(pages: PageFile[], languages: string[]) {
  const byId = new Map(pages.map((page) => [page.id, page]));
  return pages
    .filter((page) => page.lang === SOURCE_LANG)
    .map((page) => ({
      slug: page.slug,
      version: page.data.version,
      translations: languages.map((lang) => {
        const translation = byId.get(`${lang}/${page.slug}`);
        return { lang, state: translationState(page.data, translation?.data), source_version: translation?.data.source_version ?? null };
      }),
    }));
}

/** One material version of the privacy notice: what changed, in each language it is written in. */
export type NoticeChange = { version: number; effective: string; changes: Record<string, string[]> };

/**
 * The privacy notice members agree to, derived from the privacy page: its version is the highest `version` among the
 * page's material changes (a typo fix asks nobody again), and the material changes with their points in every language.
 */
export type PolicyNotice = { version: number; changes: NoticeChange[] };

export function readPolicyNotice(dir = PAGES_DIR): PolicyNotice {
  const source = readPage(dir, 'privacy');
  const translations = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'privacy.mdx')))
    .map((entry) => readPage(dir, `${entry.name}/privacy`));
  const material = versionsOf(source.data).filter((version) => version.material);
  if (material.length === 0) throw new Error('privacy.mdx: the privacy notice needs at least one material version');
  const changes = material.map((version) => {
    const worded: Record<string, string[]> = { [SOURCE_LANG]: version.changes };
    for (const translation of translations) {
      const same = versionsOf(translation.data).find((past) => past.version === version.version);
      // A translation that has not caught up with this version yet words nothing for it: the English points stand.
      if (same && (translation.data.source_version ?? 0) >= version.version) worded[translation.lang] = same.changes;
    }
    return { version: version.version, effective: isoDay(version.effective), changes: worded };
  });
  return { version: Math.max(...material.map((version) => version.version)), changes };
}

/** The material changes after `since` (the version a member agreed to), newest first, in `lang` (English where not translated). */
export function noticeChangesSince(notice: PolicyNotice, since: number | null, lang: string) {
  return notice.changes
    .filter((change) => since === null || change.version > since)
    .map((change) => ({
      version: change.version,
      effective: change.effective,
      changes: change.changes[lang] ?? change.changes[SOURCE_LANG],
    }));
}

/**
 * `npm run content:check`: every page (and every kept earlier version) passes the schema, and no translation is
 * behind a material change of its English page. Translations behind changes that are not material are reported as
 * notes; a page with no translation in a language is a note too.
 */
export function checkContent(dir = PAGES_DIR, versionsDir = PAGE_VERSIONS_DIR): { errors: string[]; notes: string[] } {
  const errors: string[] = [];
  const notes: string[] = [];
  const pages: PageFile[] = [];
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mdx'))
    .sort()) {
    try {
      pages.push(readPage(dir, name.slice(0, -4).split(path.sep).join('/')));
    } catch (error) {
      errors.push((error as Error).message);
    }
  }
  if (existsSync(versionsDir)) {
    for (const name of readdirSync(versionsDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mdx'))) {
      try {
        readPage(versionsDir, name.slice(0, -4).split(path.sep).join('/'));
      } catch (error) {
        errors.push(`page-versions/${(error as Error).message}`);
      }
    }
  }
  const languages = [...new Set(pages.filter((page) => page.lang !== SOURCE_LANG).map((page) => page.lang))].sort();
  for (const page of translationStates(pages, languages)) {
    for (const translation of page.translations) {
      const where = `${translation.lang}/${page.slug}.mdx`;
      if (translation.state === 'behind-material')
        errors.push(
          `${where} translates version ${translation.source_version ?? 'none'}; ${page.slug}.mdx is at ${page.version} with a material change: translate it and set source_version: ${page.version}`,
        );
      else if (translation.state === 'behind')
        notes.push(
          `${where} translates version ${translation.source_version ?? 'none'}; ${page.slug}.mdx is at ${page.version} (changes that are not material)`,
        );
      else if (translation.state === 'missing') notes.push(`${where} does not exist yet`);
    }
  }
  for (const page of pages.filter((page) => page.lang !== SOURCE_LANG && page.data.source_version === undefined))
    errors.push(`${page.id}.mdx: a translation must say which version of the English page it translates (source_version)`);
  return { errors, notes };
}

/** The reasons a page's frontmatter fails the schema, by field (`effective`, `changes.0`, …); null when it passes. */
export function frontmatterProblems(frontmatter: Record<string, unknown>): Record<string, string[]> | null {
  const parsed = pageSchema.safeParse(frontmatter);
  if (parsed.success) return null;
  const problems: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (problems[issue.path.join('.') || 'frontmatter'] ??= []).push(issue.message);
  return problems;
}

/** Writes a page (frontmatter and MDX body) after checking the frontmatter; answers the problems instead when it fails. */
export function savePage(dir: string, id: string, frontmatter: Record<string, unknown>, body: string): Record<string, string[]> | null {
  const problems = frontmatterProblems(frontmatter);
  if (problems) return problems;
  writeFileSync(path.join(dir, `${id}.mdx`), joinPage(frontmatter, body));
  return null;
}

/**
 * Starts a new version of a page: the page as it is now is kept in `versionsDir` (`refund/1.mdx`), its version,
 * date, materiality and changes move to the top of its history, and it takes the new ones. A translation keeps
 * translating the version it did (its source_version) until a translator updates it.
 */
export function startNewVersion(
  dir: string,
  versionsDir: string,
  id: string,
  next: { effective: string; material: boolean; changes: string[] },
): Record<string, string[]> | null {
  const file = path.join(dir, `${id}.mdx`);
  const text = readFileSync(file, 'utf8');
  const { frontmatter, body } = splitPage(text);
  const current = pageSchema.parse(frontmatter);
  const kept = path.join(versionsDir, id, `${current.version}.mdx`);
  const updated = {
    ...frontmatter,
    version: current.version + 1,
    effective: next.effective,
    material: next.material,
    changes: next.changes,
    history: [
      { version: current.version, effective: isoDay(current.effective), material: current.material, changes: current.changes },
      ...current.history.map((past) => ({ ...past, effective: isoDay(past.effective) })),
    ],
  };
  const problems = frontmatterProblems(updated);
  if (problems) return problems;
  mkdirSync(path.dirname(kept), { recursive: true });
  writeFileSync(kept, text);
  writeFileSync(file, joinPage(updated, body));
  return null;
}
