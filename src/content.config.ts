/**
 * The static pages (about, policies, contact, pricing, FAQ) as one MDX collection: an editor changes a policy
 * by editing one file in src/content/pages; the schema keeps every page's metadata complete. English pages sit
 * at the top (`about`), their translations in a folder per language (`hi/about`, `kn/about`); `pageLangOf()` tells
 * them apart.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { pageSchema } from './content/page-schema.ts';
import { DEFAULT_LANG, isLang, type Lang } from './lib/i18n.ts';

const pages = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './src/content/pages' }),
  schema: pageSchema,
});

/**
 * Earlier versions of the policy pages, kept as they were when a new version replaced them (the content editor's
 * "Start a new version" copies the page here): `refund/1` is version 1 of the refund policy, `hi/refund/1` its
 * Hindi text. Their frontmatter is the page's at that version. Read at /{page}/history/{version}.
 */
const pageVersions = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './src/content/page-versions' }),
  schema: pageSchema,
});

export const collections = { pages, pageVersions };

/** A page entry's language and its name without the language folder (`hi/about` → hi, about; `about` → en, about). */
export function pageLangOf(id: string): { lang: Lang; slug: string } {
  const [folder, ...rest] = id.split('/');
  return rest.length > 0 && isLang(folder) ? { lang: folder, slug: rest.join('/') } : { lang: DEFAULT_LANG, slug: id };
}
