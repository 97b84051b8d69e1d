import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  NOT_A_STRING,
  TITLE_MAX_LENGTH,
  choice,
  parseId,
  pollField,
  pollVoteSchema,
  positiveId,
  publishAtField,
  readPoll,
  requiredString,
  languagesParam,
} from '../../lib/validation.ts';
import { feedLanguages } from '../../lib/post-languages.ts';
import { fieldErrors, say, wordMessage } from '../platform/errors.ts';
import { INVALID_IMAGE, INVALID_VIDEO, type MediaKind, INVALID_POSTER, POST_POSTER_FIELD, pairPosters } from '../services/media/index.ts';
import { paginate } from '../http/pagination.ts';
import { PAGE, documented, parseInput } from '../http/request-validation.ts';
import { parseCircleRef } from '../services/circles/index.ts';
import { FEED_SORTS, LINK_MAX_LENGTH, type ReactionKind } from '../services/posts/index.ts';

const NOT_A_LIST_OF_IDS = say('errors.posts.tagsNotIds');

const optionalString = z.preprocess(
  (value) => (value === null ? undefined : value),
  z.string({ invalid_type_error: NOT_A_STRING }).optional(),
);

const feedQuery = z.object({
  circle: optionalString.describe('Only this circle: its id or its name (any case)'),
  sort: z
    .preprocess((value) => (value === undefined || value === '' ? 'new' : value), choice(FEED_SORTS))
    .describe('new (the default), hot, top_day, top_week or top_all'),
  tag: z
    .preprocess((value) => (value === '' ? undefined : value), positiveId.optional())
    .describe('Only posts carrying this tag (an id from /api/circles/{id}/tags/)'),
  languages: languagesParam.describe(
    'Only posts in these languages, comma-separated BCP 47 tags (en, hi, hi-Latn, mr, bn, ta, te, kn; `hi` includes hi-Latn), ' +
      'or `all`; posts whose language is undetermined (und) always show. Without it a signed-in member’s saved choice applies ' +
      '(their screens’ language and English until they choose). A filtered page has `count: null`.',
  ),
});

/** An edit sends what changes: the title, the description, or both. */
const editPostBody = z.object({
  title: requiredString({ max: TITLE_MAX_LENGTH }).optional(),
  description: optionalString,
});
const idParams = { type: 'object', properties: { id: { type: 'string' } } };

/**
 * The tags a post chooses: a JSON list of ids, or in a multipart form one field holding them comma-separated (or as a
 * JSON list). Whether they are at most three and the channel's own is the service's rule.
 */
const tagIds = z
  .unknown()
  .transform((value, ctx): number[] => {
    if (value === undefined || value === null || value === '') return [];
    let list: unknown = value;
    if (typeof value === 'string') {
      const text = value.trim();
      try {
        list = text.startsWith('[') ? JSON.parse(text) : text.split(',');
      } catch {
        list = null;
      }
    }
    const ids = Array.isArray(list) ? list.map(parseId) : [null];
    if (ids.some((id) => id === null)) {
      ctx.addIssue({ code: 'custom', message: wordMessage(NOT_A_LIST_OF_IDS, 'en'), params: { message: NOT_A_LIST_OF_IDS } });
      return z.NEVER;
    }
    return ids as number[];
  })
  .describe('Ids of the channel’s tags (at most 3)');

const INVALID_LINK = say('errors.posts.invalidLink');

/** A link post's link: an absolute http or https URL (at most 2,000 characters); blank is no link. */
const linkField = optionalString
  .transform((value, ctx) => {
    const text = value?.trim() ?? '';
    if (!text) return undefined;
    let url: URL | null = null;
    try {
      url = new URL(text);
    } catch {
      url = null;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname || text.length > LINK_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: wordMessage(INVALID_LINK, 'en'), params: { message: INVALID_LINK } });
      return z.NEVER;
    }
    return url.toString();
  })
  .describe('A link post’s link: an http or https URL; its preview is fetched after the post');

/** `circle` may be sent as a number (an id) or a string (an id or a name). */
const createPostBody = z.object({
  circle: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), requiredString({ max: 200 })),
  title: requiredString({ max: TITLE_MAX_LENGTH }),
  description: optionalString.transform((value) => value ?? ''),
  tags: tagIds,
  link: linkField,
});

const reactionQuery = z.object({ post_id: positiveId });

/** The images' descriptions: a list of texts (one text alone counts as a list of one). */
const altsBody = z.object({
  alts: z.preprocess(
    (value) => (value === undefined || value === null ? [] : typeof value === 'string' ? [value] : value),
    z.array(z.string({ invalid_type_error: NOT_A_STRING }), { invalid_type_error: NOT_A_STRING }),
  ),
});

const ANY_MEDIA: readonly MediaKind[] = ['image', 'video'];

const bearer = [{ bearer: [] }];
const pageAndCircle = documented(feedQuery, PAGE);
const postIdQuery = documented(reactionQuery);

export default async function postsRoutes(app: FastifyInstance) {
  /** An id that cannot be one answers as the router would (404, or 405 for a fixed path such as /api/posts/comments/), before any sign-in check. */
  const idInPath = async (request: FastifyRequest, reply: FastifyReply) => {
    if (parseId((request.params as { id?: string }).id) === null) return app.apiNotFound(request, reply);
  };
  /** The post id of a route guarded by `idInPath`, which has already refused a path that holds none. */
  const pathId = (request: FastifyRequest) => parseId((request.params as { id: string }).id)!;
  const { posts, reactions: reactionsService, writing, scheduled, clock, polls } = app.ctx.services;
  const { config } = app.ctx;
  /** `publish_at`: a time from 2 minutes to 30 days ahead of the server's clock schedules the post instead. */
  const publishAt = publishAtField(() => clock.now()).describe('ISO 8601, 2 minutes to 30 days ahead: schedules the post');
  const newPostBody = createPostBody.extend({
    publish_at: publishAt,
    poll: pollField.describe('{options: [2 to 6 texts], multiple, closes_at, verified_only?}; in a multipart form, as JSON text'),
  });
  /** A poll open from `from` (now, or a scheduled post's time): 400 naming `poll` for what is wrong with it. */
  const checkedPoll = (raw: unknown, from: Date) => {
    const poll = readPoll(raw, from, config.pollMinCloseSeconds);
    if ('key' in poll) throw fieldErrors({ poll: [say(poll.key, poll.params)] });
    return poll;
  };
  const editBody = editPostBody.extend({ publish_at: publishAt });
  const viewerOf = (user: { id: number } | null) => user?.id ?? null;
  /** The languages a feed request shows: its `?languages=`, else the member's saved choice or default (see feedLanguages). */
  const languagesOf = (request: FastifyRequest, param: z.infer<typeof languagesParam>) =>
    feedLanguages({ param, signedIn: request.user !== null, saved: request.user?.readingLanguages ?? null, uiLang: request.lang });

  app.get(
    '/api/posts/public/feed/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['posts'],
        summary: 'Public feed',
        description:
          'Posts of public circles, newest first, 10 a page. liked/disliked are the caller’s when signed in. ' +
          'In the languages of `languages`, or a signed-in caller’s own choice.',
        querystring: pageAndCircle,
      },
    },
    async (request) => {
      const { circle, sort, tag, languages } = parseInput(feedQuery, request.query);
      return paginate(
        request,
        await posts.list({
          viewerId: viewerOf(request.user),
          circle,
          publicOnly: true,
          sort,
          tag,
          languages: languagesOf(request, languages),
          now: app.ctx.services.clock.now(),
        }),
      );
    },
  );

  app.get(
    '/api/posts/user/feed/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Personal feed',
        description: 'Every post the user may see (public circles and private circles they belong to), newest first.',
        querystring: pageAndCircle,
        security: bearer,
      },
    },
    async (request) => {
      const { circle, sort, tag, languages } = parseInput(feedQuery, request.query);
      return paginate(
        request,
        await posts.list({
          viewerId: viewerOf(request.user),
          circle,
          sort,
          tag,
          languages: languagesOf(request, languages),
          now: app.ctx.services.clock.now(),
        }),
      );
    },
  );

  const reactions: [string, ReactionKind][] = [
    ['/api/posts/likes/', 'like'],
    ['/api/posts/dislikes/', 'dislike'],
  ];
  for (const [url, kind] of reactions) {
    for (const method of ['POST', 'DELETE'] as const) {
      app.route({
        method,
        url,
        onRequest: app.requireUser,
        schema: {
          tags: ['posts'],
          summary: `${method === 'POST' ? 'Add' : 'Remove'} the user’s ${kind}`,
          description: 'Likes and dislikes are exclusive and idempotent; the answer carries the new flags and counts.',
          querystring: postIdQuery,
          security: bearer,
        },
        handler: async (request) => {
          const { post_id } = reactionQuery.parse(request.query);
          await writing.admit({ writer: request.user!, limit: method === 'POST' ? 'reaction' : null, target: { postId: post_id } });
          return reactionsService.react({ postId: post_id, userId: request.user!.id, kind, on: method === 'POST' });
        },
      });
    }
  }

  app.get(
    '/api/posts/:id/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['posts'],
        summary: 'One post',
        description: 'A post the caller may see; 404 "Post not found." for unknown ids and private circles’ posts.',
        params: { type: 'object', properties: { id: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const id = parseId((request.params as { id: string }).id);
      if (id === null) return app.apiNotFound(request, reply);
      // A scheduled post is its author's alone: anyone else finds nothing under its id.
      if (request.user && (await scheduled.channelOf(request.user.id, id)) !== null) return scheduled.get(request.user.id, id);
      return posts.getVisible(id, viewerOf(request.user));
    },
  );

  app.patch(
    '/api/posts/:id/',
    {
      onRequest: [idInPath, app.requireUser],
      schema: {
        tags: ['posts'],
        summary: 'Edit your post',
        description:
          '{title?, description?, publish_at?}: its author only (403 otherwise); the post then carries `edited_at`. ' +
          '`publish_at` moves a scheduled post (400 for a published one).',
        params: idParams,
        security: bearer,
      },
    },
    async (request) => {
      const id = pathId(request);
      const { publish_at: when, ...input } = parseInput(editBody, request.body);
      if (input.title === undefined && input.description === undefined && when === undefined) {
        throw fieldErrors({ non_field_errors: [say('errors.posts.nothingToChange')] });
      }
      const circleId = await scheduled.channelOf(request.user!.id, id);
      if (circleId !== null) {
        await writing.admit({ writer: request.user!, limit: 'post', target: { circle: { id: circleId } } });
        return scheduled.edit(request.user!.id, id, { ...input, publishAt: when });
      }
      if (when !== undefined) throw fieldErrors({ publish_at: [say('errors.posts.alreadyPublished')] });
      await writing.admit({ writer: request.user!, limit: 'post', target: { postId: id } });
      return posts.edit({
        id,
        userId: request.user!.id,
        ...input,
        authorCreatedAt: request.user!.createdAt,
        newAccountHours: config.newAccountHours,
      });
    },
  );

  app.delete(
    '/api/posts/:id/',
    {
      onRequest: [idInPath, app.requireUser],
      schema: {
        tags: ['posts'],
        summary: 'Delete your post',
        description:
          'Its author only (403 otherwise): 204. It leaves every list; its comments go with it and its media files are removed. ' +
          'A scheduled post is cancelled.',
        params: idParams,
        security: bearer,
      },
    },
    async (request, reply) => {
      const id = pathId(request);
      const userId = request.user!.id;
      const { mediaUrls } =
        (await scheduled.channelOf(userId, id)) !== null ? await scheduled.cancel(userId, id) : await posts.delete({ id, userId });
      await app.ctx.services.removeMedia(mediaUrls);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/posts/:id/poll/votes/',
    {
      onRequest: [idInPath, app.requireUser],
      schema: {
        tags: ['posts'],
        summary: 'Vote in a post’s poll: 200 the Poll',
        description:
          '{options: [option ids]}: one for a single-choice poll. A new vote replaces the member’s earlier one until the poll ' +
          'closes. 400 for a closed poll, several options on a single-choice poll or an option of another poll; 403 when ' +
          'the poll is for verified members and the voter does not meet the channel’s requirement.',
        params: idParams,
        body: documented(pollVoteSchema),
        security: bearer,
      },
    },
    async (request) => {
      const postId = pathId(request);
      const { options } = parseInput(pollVoteSchema, request.body);
      const { verifiedOnly } = await polls.pollOf(postId, request.user!.id);
      await writing.admit({ writer: request.user!, limit: 'reaction', target: { postId }, verify: verifiedOnly ? 'vote' : undefined });
      return polls.vote({ postId, userId: request.user!.id, optionIds: options });
    },
  );

  app.post(
    '/api/posts/',
    {
      config: { multipartFiles: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Create a post',
        description:
          'JSON {circle, title, description} or multipart with the same fields plus `images` and `videos` files ' +
          '(PNG, JPEG, GIF, WebP, MP4, recognised by content; images lose their metadata). `circle` is an id or a name. ' +
          'Each video may be followed by one `video_posters` image, its poster frame (optional). ' +
          '`alts`: one description per image, in order (at most 1,000 characters each; required where the channel asks). ' +
          '`poll` {options: [2 to 6 texts], multiple, closes_at (1 hour to 30 days ahead), verified_only?} makes it a poll ' +
          '(a JSON text in a multipart form; verified_only only for the owner of a channel with a verification requirement). ' +
          '`link` (an http or https URL) makes it a link post: its preview (`link.title`, `description`, `image`) is fetched safely in ' +
          'the background, `status` pending, then ready or failed. ' +
          '`publish_at` (ISO 8601, 2 minutes to 30 days ahead) schedules it: 201 with `status: "scheduled"`; it is ' +
          'published within a minute of that time, with every check a post gets then.',
        security: bearer,
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const post = await request.withForm(
        {
          images: { accept: ANY_MEDIA, invalid: INVALID_IMAGE },
          videos: { accept: ANY_MEDIA, invalid: INVALID_VIDEO },
          [POST_POSTER_FIELD]: { accept: ['image'], invalid: INVALID_POSTER },
        },
        async ({ fields, lists, files: uploaded, makePrivate }) => {
          const { publish_at: when, poll: rawPoll, ...input } = newPostBody.parse(fields);
          const poll = rawPoll === undefined ? undefined : checkedPoll(rawPoll, when ?? clock.now());
          // One `alts` field per image, in order (a JSON body may send a list).
          const { alts } = altsBody.parse({ alts: lists.alts ?? fields.alts });
          // The circle is looked up once, by the gate, for the checks and for the post; an unknown one is the post's own 400.
          const { circle } = await writing.admit({
            writer: request.user!,
            limit: 'post',
            target: { circle: parseCircleRef('key', input.circle) },
            verify: 'post',
          });
          // A private circle's media is served only on signed URLs, to those who see the post.
          const files = uploaded.length && circle?.channel_type === 'private' ? await makePrivate() : uploaded;
          const { media, posters } = pairPosters(files, POST_POSTER_FIELD);
          const urls = (kind: MediaKind) => media.filter((f) => f.media.kind === kind).map((f) => f.media.url);
          const post = {
            ...input,
            circle,
            authorId: userId,
            images: urls('image'),
            videos: urls('video'),
            alts,
            videoPosters: posters,
            ...(poll ? { poll } : {}),
          };
          if (when) return scheduled.schedule({ ...post, publishAt: when });
          return posts.create({ ...post, authorCreatedAt: request.user!.createdAt, newAccountHours: config.newAccountHours });
        },
      );
      return reply.code(201).send(post);
    },
  );
}
