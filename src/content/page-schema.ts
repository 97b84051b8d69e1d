/**
 * The pages collection's frontmatter, one schema for the site (src/content.config.ts), the content editor (its
 * fields are made from this object), the server (which derives the privacy notice's version from it) and
 * `npm run content:check`. Plain zod, so it loads outside Astro too.
 */
import { z } from 'zod';

/** YYYY-MM-DD: the day a version takes effect (a Date when Astro's YAML reader already made one). */
const day = z.coerce.date();

/** One earlier version of a policy page, as its history lists it. */
export const pastVersionSchema = z.object({
  version: z.number().int().positive(),
  effective: day,
  material: z.boolean(),
  changes: z.array(z.string().min(3).max(300)).max(10),
});

export const pageFields = z.object({
  /** The page's heading and, with the product name, its <title>. */
  title: z.string().min(2).max(60),
  /** Meta and OpenGraph description; search engines show about 155 characters. */
  description: z.string().min(50).max(170),
  /** The spec's canonical path; differs from the route for pricing (/pricing, served at /pricing-page). */
  canonical: z.string().regex(/^\/[a-z0-9-]+$/, 'a path like /about'),
  /** 'wide' for pages built around cards (contact, pricing) rather than long text. (Not "layout": MDX reserves it.) */
  format: z.enum(['article', 'wide']).default('article'),
  /** 'request' for a page that shows server configuration (the grievance officer): its own route renders it per request. */
  rendered: z.enum(['build', 'request']).default('build'),
  /** A policy members are bound by: it has a history page at /{page}/history and members are told when it changes. */
  policy: z.boolean().default(false),
  /** This text's version: an integer that rises with every change an editor publishes. */
  version: z.number().int().positive().default(1),
  /** The day this version takes effect; the page's "Last updated" date is this one. */
  effective: day,
  /** True when members must agree again (a material change to the privacy notice asks every member at their next visit). */
  material: z.boolean().default(false),
  /** What changed in this version, a few plain points in the page's language. */
  changes: z.array(z.string().min(3).max(300)).max(10).default([]),
  /** Earlier versions, newest first. */
  history: z.array(pastVersionSchema).default([]),
  /** A translation only: the version of the English page it translates (npm run content:check compares them). */
  source_version: z.number().int().positive().optional(),
});

export type PageData = z.output<typeof pageFields>;

/** The rules across fields: versions rise and dates never go back. */
export const pageSchema = pageFields.superRefine((page, context) => {
  let later = { version: page.version, effective: page.effective };
  page.history.forEach((past, index) => {
    if (past.version >= later.version)
      context.addIssue({ code: 'custom', path: ['history', index, 'version'], message: `must be lower than ${later.version}` });
    if (past.effective.getTime() > later.effective.getTime())
      context.addIssue({
        code: 'custom',
        path: index === 0 ? ['effective'] : ['history', index - 1, 'effective'],
        message: `must not be earlier than version ${past.version}'s (${isoDay(past.effective)})`,
      });
    later = past;
  });
});

/** A date as the frontmatter writes it. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Every version of a page, newest first (the current one, then its history). */
export function versionsOf(page: PageData) {
  return [{ version: page.version, effective: page.effective, material: page.material, changes: page.changes }, ...page.history];
}
