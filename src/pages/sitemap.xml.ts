/** sitemap.xml of the public pages in every language at their canonical URLs, with hreflang alternates, prebuilt with the site's origin. */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { pageLangOf } from '../content.config.ts';
import { localizedPath, LANGUAGES, type Lang } from '../lib/i18n.ts';

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  const pages = await getCollection('pages');
  const translatedIn = (canonical: string): Lang[] =>
    LANGUAGES.filter(
      (lang) =>
        lang === 'en' || pages.some((p) => pageLangOf(p.id).lang === lang && p.data.canonical === canonical && p.data.rendered === 'build'),
    );
  const entries = [
    ...LANGUAGES.map((lang) => ({ path: '/', lang, langs: [...LANGUAGES], lastmod: undefined as Date | undefined })),
    ...pages
      .filter((page) => pageLangOf(page.id).lang === 'en' || page.data.rendered === 'build')
      .map((page) => ({
        path: page.data.canonical,
        lang: pageLangOf(page.id).lang,
        langs: translatedIn(page.data.canonical),
        lastmod: page.data.effective,
      })),
  ];
  const url = (path: string, lang: Lang) => escapeXml(new URL(localizedPath(path, lang), origin).toString());
  const urls = entries
    .map(({ path, lang, langs, lastmod }) => {
      const alternates =
        langs.length > 1 ? langs.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(path, l)}"/>`).join('') : '';
      return `  <url><loc>${url(path, lang)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}${alternates}</url>`;
    })
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
