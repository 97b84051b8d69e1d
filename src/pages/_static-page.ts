/** The prebuilt routes of the static pages in one language: each at its file name and at its canonical path. */
import { getCollection, type CollectionEntry } from 'astro:content';
import { pageLangOf } from '../content.config.ts';

export async function staticPagePaths(lang: 'en' | 'hi') {
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
