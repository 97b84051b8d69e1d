import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseId } from '../../lib/validation.ts';
import { LOCALE, translator } from '../../lib/i18n.ts';
import { rssDocument } from '../http/rss.ts';
import type { SyndicatedFeed } from '../services/site/index.ts';
import { siteOrigin } from './grievances.ts';

/**
 * RSS 2.0 feeds: `/rss.xml` (the public feed) and `/home/channel-page/{id}/rss.xml` (a public channel; 404 for a
 * private one), each the newest 50 posts with title, link, date and excerpt. Links are absolute on the site's own
 * address (PUBLIC_SITE_URL), never the request's Host header. The pages link them with `<link rel="alternate">`.
 */
export default async function syndicationRoutes(app: FastifyInstance) {
  const { syndication } = app.ctx.services;
  const origin = siteOrigin(app.ctx.config);
  // Feed readers poll: five minutes of caching costs a reader at most five minutes' delay.
  const CACHE = 'public, max-age=300';

  const send = (request: FastifyRequest, reply: FastifyReply, feed: SyndicatedFeed, self: string) => {
    const t = translator(request.lang);
    const channelLink = feed.circle ? `${origin}/home/channel-page/${feed.circle.id}` : `${origin}/home`;
    const xml = rssDocument({
      title: feed.circle ? t('rss.channelTitle', { name: feed.circle.name }) : t('rss.publicTitle'),
      link: channelLink,
      self: `${origin}${self}`,
      description: feed.circle
        ? feed.circle.description || t('rss.channelDescription', { name: feed.circle.name })
        : t('rss.publicDescription'),
      language: LOCALE[request.lang],
      items: feed.entries.map((entry) => ({
        title: entry.title,
        link: `${origin}/home/comments/${entry.id}`,
        guid: `${origin}/home/comments/${entry.id}`,
        pubDate: entry.createdAt,
        description: entry.excerpt,
        category: `b/${entry.circleName}`,
        author: entry.author,
      })),
    });
    return reply.header('Cache-Control', CACHE).type('application/rss+xml; charset=utf-8').send(xml);
  };

  app.get(
    '/rss.xml',
    // Pages, not API: left out of /api/docs, as the site's other pages are.
    { schema: { hide: true } },
    async (request, reply) => send(request, reply, await syndication.feed(), '/rss.xml'),
  );

  app.get(
    '/home/channel-page/:id/rss.xml',
    { schema: { hide: true, params: { type: 'object', properties: { id: { type: 'string' } } } } },
    async (request, reply) => {
      const id = parseId((request.params as { id: string }).id);
      if (id === null) return app.apiNotFound(request, reply);
      return send(request, reply, await syndication.feed({ circleId: id }), `/home/channel-page/${id}/rss.xml`);
    },
  );
}
