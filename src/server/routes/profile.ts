import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProfileResponse } from '../../lib/api-types.ts';
import { z } from 'zod';
import { paginate } from '../http/pagination.ts';
import { PAGE, documented, parseInput } from '../http/request-validation.ts';
import { readingLanguagesField, stringField } from '../../lib/validation.ts';
import { MAX_CHIP_HANDLES } from '../services/accounts/index.ts';

/** Handles as `a,b,c`; a handle is at most 30 characters, so the list is bounded too. */
const chipsQuery = z.object({
  handles: stringField()
    .max(MAX_CHIP_HANDLES * 31, 'Too many handles.')
    .default(''),
});

/** PUT preferences: the languages the member reads (at least one), or null for the default. */
const preferencesBody = z.object({ reading_languages: readingLanguagesField });

const pages = documented(z.object({}), { channels_page: 'Page of `circles` (from 1)', posts_page: 'Page of `posts` (from 1)' });
const security = [{ bearer: [] }];

/** The profile answer (its lists paged by `channels_page` and `posts_page`), for the profile and verification routes. */
export async function profilePage(app: FastifyInstance, request: FastifyRequest, userId: number): Promise<ProfileResponse> {
  const { profile, verifications } = app.ctx.services;
  const { circles, posts, ...person } = await profile.get(userId, verifications.profileVerifications);
  const [circlesPage, postsPage] = await Promise.all([
    paginate(request, { ...circles, param: 'channels_page' }),
    paginate(request, { ...posts, param: 'posts_page' }),
  ]);
  return { ...person, circles: circlesPage, posts: postsPage };
}

export default async function profileRoutes(app: FastifyInstance) {
  const { profile, verifications, preferences } = app.ctx.services;
  /** The profile with its circles paged by `channels_page` and its posts by `posts_page`. */
  const profilePage = async (request: FastifyRequest, userId: number): Promise<ProfileResponse> => {
    const { circles, posts, ...person } = await profile.get(userId, verifications.profileVerifications);
    const [circlesPage, postsPage] = await Promise.all([
      paginate(request, { ...circles, param: 'channels_page' }),
      paginate(request, { ...posts, param: 'posts_page' }),
    ]);
    return { ...person, circles: circlesPage, posts: postsPage };
  };

  app.post(
    '/api/users/me/profile/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Create the signed-in person’s profile (idempotent): 201 the first time, then 200',
        querystring: pages,
        security,
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const created = await profile.create(userId);
      return reply.code(created ? 201 : 200).send(await profilePage(request, userId));
    },
  );

  app.get(
    '/api/users/me/profile/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['profile'],
        summary: 'The signed-in person’s handle, colour, animal, identity chips, circles and posts',
        querystring: pages,
        security,
      },
    },
    async (request) => profilePage(request, request.user!.id),
  );

  app.get(
    '/api/users/me/preferences/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['profile'],
        summary: 'The signed-in person’s settings: the languages they read ("Show posts in")',
        description:
          '{reading_languages, reading_languages_saved}: the saved choice, or (saved false) the default: the language of the ' +
          'request (Accept-Language or the lang cookie) and English.',
        security,
      },
    },
    async (request) => preferences.get(request.user!.id, request.lang),
  );

  app.put(
    '/api/users/me/preferences/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Change the languages the signed-in person reads',
        description:
          '{reading_languages: ["hi", "en"]}: BCP 47 tags of en, hi, hi-Latn, mr, bn, ta, te, kn (at least one); null returns to ' +
          'the default. The feeds show posts in these (and undetermined ones) when no `languages` is asked for.',
        body: { type: 'object', properties: { reading_languages: { type: ['array', 'null'], items: { type: 'string' } } } },
        security,
      },
    },
    async (request) => {
      const { reading_languages } = parseInput(preferencesBody, request.body);
      return preferences.setReadingLanguages(request.user!.id, reading_languages, request.lang);
    },
  );

  app.get(
    '/api/users/:username/card/',
    {
      schema: {
        tags: ['profile'],
        summary: 'A member’s public card',
        description:
          'What an @mention links to: {username, color, animal, identity, member_since}; 404 "User not found." for an unknown handle.',
        params: { type: 'object', properties: { username: { type: 'string' } } },
      },
    },
    async (request) => {
      const { username } = request.params as { username: string };
      return profile.card(username.slice(0, 100), verifications.profileVerifications);
    },
  );

  app.get(
    '/api/users/chips/',
    {
      schema: {
        tags: ['profile'],
        summary: 'Identity chips of several members by handle (the chips beside every handle on a screen)',
        description: `\`handles\`: up to ${MAX_CHIP_HANDLES} handles, comma-separated. Answers {chips: {handle: [chip…]}}; unknown handles are left out.`,
        querystring: documented(chipsQuery),
      },
    },
    async (request) => {
      const { handles } = parseInput(chipsQuery, request.query);
      const list = handles
        .split(',')
        .map((handle) => handle.trim())
        .filter(Boolean);
      return { chips: await profile.chips(list, verifications.profileVerifications) };
    },
  );

  app.get(
    '/api/users/:username/posts/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['profile'],
        summary: 'A member’s recent posts in public channels, newest first, keyset paged (their card’s list)',
        params: { type: 'object', properties: { username: { type: 'string' } } },
        querystring: documented(z.object({}), PAGE),
      },
    },
    async (request) => {
      const { username } = request.params as { username: string };
      return paginate(request, await profile.memberPosts(request.user?.id ?? null, username.slice(0, 100)));
    },
  );
}
