import { getCollection, type CollectionEntry } from 'astro:content';
import { pageLangOf } from '../content.config.ts';
import { PREFIXED_LANGUAGES, type Lang } from '../lib/i18n.ts';

/** The prebuilt routes of the static pages in one language: each at its file name and at its canonical path. */

export async function staticPagePaths(lang: Lang) {
  const pages = await getCollection('pages', (entry) => entry.data.rendered === 'build' && pageLangOf(entry.id).lang === lang);
  return pages.flatMap((entry) => {
    const slug = pageLangOf(entry.id).slug;
    const routes = [slug];
    // /pricing is the pricing page's canonical URL: serve it too, so the canonical link never points at a 404.
    const canonicalSlug = entry.data.canonical.slice(1);
    if (canonicalSlug !== slug) routes.push(canonicalSlug);
    return routes.map((page) => ({ params: { page }, props: { entry } }));
  });
}

export type StaticPageProps = { entry: CollectionEntry<'pages'> };

/** The history page of every policy in one language, at /{page}/history (its canonical path's). */
export async function policyHistoryPaths(lang: Lang) {
  const pages = await getCollection('pages', (entry) => entry.data.policy && pageLangOf(entry.id).lang === lang);
  const past = await getCollection('pageVersions');
  return pages.map((entry) => {
    const kept = past.filter((version) => version.id.startsWith(`${entry.id}/`)).map((version) => version.data.version);
    return { params: { page: entry.data.canonical.slice(1) }, props: { entry, kept } };
  });
}

/** Every kept earlier version of a policy in one language, at /{page}/history/{version}. */
export async function pastVersionPaths(lang: Lang) {
  const pages = await getCollection('pages', (entry) => entry.data.policy && pageLangOf(entry.id).lang === lang);
  const past = await getCollection('pageVersions');
  return pages.flatMap((current) =>
    past
      .filter((version) => version.id.startsWith(`${current.id}/`))
      .map((version) => ({
        params: { page: current.data.canonical.slice(1), version: String(version.data.version) },
        props: { past: version, current },
      })),
  );
}

export type PolicyHistoryProps = { entry: CollectionEntry<'pages'>; kept: number[] };
export type PastVersionProps = { past: CollectionEntry<'pageVersions'>; current: CollectionEntry<'pages'> };

/** Paths of one language's pages, made for every language with a prefix, each with its `lang` param (src/pages/[lang]/). */
export async function inTranslations<Path extends { params: Record<string, string>; props: object }>(
  paths: (lang: Lang) => Promise<Path[]>,
) {
  const each = await Promise.all(
    PREFIXED_LANGUAGES.map(async (lang) => (await paths(lang)).map((path) => ({ ...path, params: { ...path.params, lang } }))),
  );
  return each.flat();
}
