/**
 * The content editor's API, served by `astro dev` only (scripts/content-editor.mjs injects it; a production build
 * has no such route): list the pages with their translations' state, read one, save one (checked with the
 * collection's schema: an invalid page is not written), and start a new version of a page.
 */
import type { APIRoute } from 'astro';
import {
  PAGE_VERSIONS_DIR,
  PAGES_DIR,
  readPage,
  readPages,
  savePage,
  splitPage,
  startNewVersion,
  translationStates,
} from '../content/page-files.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const prerender = false;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A page id from the path (`refund`, `hi/refund`): letters, digits and dashes, at most one language folder. */
const ID = /^(?:[a-z]{2}\/)?[a-z0-9-]+$/;

/** Where the site shows a page: its canonical path, under its language's prefix. */
export function previewPath(id: string, canonical: string): string {
  const [first, ...rest] = id.split('/');
  return rest.length > 0 ? `/${first}${canonical}` : canonical;
}

function listing() {
  const pages = readPages(PAGES_DIR);
  const languages = [...new Set(pages.map((page) => page.lang).filter((lang) => lang !== 'en'))].sort();
  const titles = new Map(pages.map((page) => [page.id, page.data.title]));
  return translationStates(pages, languages).map((page) => ({
    ...page,
    id: page.slug,
    title: titles.get(page.slug),
    translations: page.translations.map((translation) => ({ ...translation, id: `${translation.lang}/${page.slug}` })),
  }));
}

function readOne(id: string) {
  const { frontmatter, body } = splitPage(readFileSync(path.join(PAGES_DIR, `${id}.mdx`), 'utf8'));
  const page = readPage(PAGES_DIR, id);
  return { id, frontmatter, body, preview: previewPath(id, page.data.canonical) };
}

export const GET: APIRoute = ({ params }) => {
  const target = params.path ?? '';
  if (target === 'pages') return json({ pages: listing() });
  const id = target.replace(/^pages\//, '');
  if (!target.startsWith('pages/') || !ID.test(id)) return json({ detail: 'Not found.' }, 404);
  try {
    return json(readOne(id));
  } catch (error) {
    return json({ detail: (error as Error).message }, 404);
  }
};

export const PUT: APIRoute = async ({ params, request }) => {
  const id = (params.path ?? '').replace(/^pages\//, '');
  if (!ID.test(id)) return json({ detail: 'Not found.' }, 404);
  const input = (await request.json().catch(() => null)) as { frontmatter?: unknown; body?: unknown } | null;
  if (!input || typeof input.frontmatter !== 'object' || input.frontmatter === null || typeof input.body !== 'string')
    return json({ detail: 'Send {frontmatter, body}.' }, 400);
  const problems = savePage(PAGES_DIR, id, input.frontmatter as Record<string, unknown>, input.body);
  return problems ? json({ problems }, 400) : json(readOne(id));
};

export const POST: APIRoute = async ({ params, request }) => {
  const match = /^pages\/(.+)\/new-version$/.exec(params.path ?? '');
  if (!match || !ID.test(match[1])) return json({ detail: 'Not found.' }, 404);
  const input = (await request.json().catch(() => null)) as { effective?: unknown; material?: unknown; changes?: unknown } | null;
  const next = {
    effective: typeof input?.effective === 'string' ? input.effective : '',
    material: input?.material === true,
    changes: Array.isArray(input?.changes)
      ? input.changes.filter((change): change is string => typeof change === 'string' && change.trim() !== '')
      : [],
  };
  const problems = startNewVersion(PAGES_DIR, PAGE_VERSIONS_DIR, match[1], next);
  return problems ? json({ problems }, 400) : json(readOne(match[1]));
};
