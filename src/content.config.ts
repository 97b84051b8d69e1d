/**
 * The static pages (about, policies, contact, pricing, FAQ) as one MDX collection: an editor changes a policy
 * by editing one file in src/content/pages; the schema keeps every page's metadata complete. English pages sit
 * at the top (`about`), their Hindi versions in `hi/` (`hi/about`); `pageLangOf()` tells them apart.
 */
import { defineCollection, z } from 'astro:content';
import { glob } from 'astro/loaders';

const pages = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './src/content/pages' }),
  schema: z.object({
    /** The page's heading and, with the product name, its <title>. */
    title: z.string().min(2).max(60),
    /** Meta and OpenGraph description; search engines show about 155 characters. */
    description: z.string().min(50).max(170),
    /** The spec's canonical path; differs from the route for pricing (/pricing, served at /pricing-page). */
    canonical: z.string().regex(/^\/[a-z0-9-]+$/, 'a path like /about'),
    updated: z.coerce.date(),
    /** 'wide' for pages built around cards (contact, pricing) rather than long text. (Not "layout": MDX reserves it.) */
    format: z.enum(['article', 'wide']).default('article'),
    /** 'request' for a page that shows server configuration (the grievance officer): its own route renders it per request. */
    rendered: z.enum(['build', 'request']).default('build'),
  }),
});

export const collections = { pages };

/** A page entry's language and its name without the language folder (`hi/about` → hi, about). */
export function pageLangOf(id: string): { lang: 'en' | 'hi'; slug: string } {
  return id.startsWith('hi/') ? { lang: 'hi', slug: id.slice(3) } : { lang: 'en', slug: id };
}
