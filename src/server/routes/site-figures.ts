import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { positiveId } from '../../lib/validation.ts';
import { documented, parseInput } from '../http/request-validation.ts';
import { detail, say } from '../platform/errors.ts';
import { featuredPosts, featurePost, unfeaturePost, type FeaturedPost } from '../services/site/index.ts';

const security = [{ bearer: [] }];
const featureBody = z.object({ post: positiveId });
const featuredParams = z.object({ post_id: positiveId });

/** Seconds a browser or a cache may keep the figures: they are recomputed hourly anyway. */
const FIGURES_MAX_AGE = 3600;

export default async function siteFigureRoutes(app: FastifyInstance) {
  app.get(
    '/api/site/figures/',
    {
      schema: {
        tags: ['site'],
        summary: 'The landing page’s figures, computed from the database hourly; a figure that would be zero or misleading is null',
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', `public, max-age=${FIGURES_MAX_AGE}`);
      return app.ctx.services.siteFigures();
    },
  );

  const { db } = app.ctx;
  /** Each featured post with its author's chips, as every handle carries them. */
  const withChips = async (featured: FeaturedPost[]) => {
    const chips = await app.ctx.services.profile.chips(
      featured.map((post) => post.author),
      app.ctx.services.verifications.profileVerifications,
    );
    return featured.map((post) => ({ ...post, chips: chips[post.author] ?? [] }));
  };

  app.get(
    '/api/site/featured/',
    {
      schema: {
        tags: ['site'],
        summary: 'Members’ public posts staff featured on the landing page (at most 3, newest featured first); empty when none',
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { results: await withChips(await featuredPosts(db)) };
    },
  );

  app.get(
    '/api/staff/featured/',
    { onRequest: app.requireStaff, schema: { tags: ['staff'], summary: 'Every featured post (staff)', security } },
    async () => ({ results: await withChips(await featuredPosts(db, undefined, 50)) }),
  );

  app.post(
    '/api/staff/featured/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Feature a visible post of a public channel on the landing page (201); 400 for any other post',
        body: documented(featureBody),
        security,
      },
    },
    async (request, reply) => {
      const { post } = parseInput(featureBody, request.body);
      const [featured] = await withChips([await featurePost(db, post, app.ctx.services.clock.now())]);
      return reply.code(201).send(featured);
    },
  );

  app.delete(
    '/api/staff/featured/:post_id/',
    {
      onRequest: app.requireStaff,
      schema: { tags: ['staff'], summary: 'Take a post off the landing page (204); 404 when it was not featured', security },
    },
    async (request, reply) => {
      const { post_id } = parseInput(featuredParams, request.params);
      if (!(await unfeaturePost(db, post_id))) throw detail(404, say('errors.site.notFeatured'));
      return reply.code(204).send();
    },
  );
}
