/** robots.txt, prebuilt so the sitemap line carries the site's own origin (PUBLIC_SITE_URL). */
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap.xml', site ?? 'http://localhost:4321').toString();
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /profile', '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
