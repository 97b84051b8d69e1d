import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NOT_A_STRING, choice, parseId, positiveId } from '../../lib/validation.ts';
import { fieldErrors } from '../platform/errors.ts';
import { paginate } from '../http/pagination.ts';
import { PAGE, documented, parseInput } from '../http/request-validation.ts';
import { COMMENT_MAX_LENGTH, COMMENT_NEEDS_CONTENT, COMMENT_SORTS } from '../services/comments/index.ts';
import { INVALID_MEDIA, COMMENT_POSTER_FIELD, INVALID_POSTER, pairPosters } from '../services/media/index.ts';

/** `sort`: best (default), new or top. */
const commentSort = z
  .preprocess((value) => (value === undefined || value === '' ? 'best' : value), choice(COMMENT_SORTS))
  .describe('best (upvotes decayed by age, the default), new or top (upvotes)');
const listQuery = z.object({ post_id: positiveId, sort: commentSort });
const sortQuery = z.object({ sort: commentSort });
const upvoteQuery = z.object({ comment_id: positiveId });

const commentText = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  z
    .string({ invalid_type_error: NOT_A_STRING })
    .trim()
    .max(COMMENT_MAX_LENGTH, `Ensure this field has no more than ${COMMENT_MAX_LENGTH} characters.`),
);
const editCommentBody = z.object({ body: commentText });
const idParams = { type: 'object', properties: { id: { type: 'string' } } };

/** `media_kind` from the client is not read: the kind comes from the file's content. */
const createCommentBody = z.object({
  post: positiveId,
  /** The comment this one replies to (of the same post); absent, null or blank for a top-level comment. */
  parent: z.preprocess((value) => (value === undefined || value === null || value === '' ? null : value), positiveId.nullable()),
  body: commentText,
  /** The media's description (alt text), beside `media`. */
  alt: z.preprocess((value) => (value === null ? undefined : value), z.string({ invalid_type_error: NOT_A_STRING }).optional()),
});

export default async function commentsRoutes(app: FastifyInstance) {
  /** An id that cannot be one answers as the router would (404, or 405 for a fixed path such as /api/posts/comments/), before any sign-in check. */
  const idInPath = async (request: FastifyRequest, reply: FastifyReply) => {
    if (parseId((request.params as { id?: string }).id) === null) return app.apiNotFound(request, reply);
  };
  const { comments: commentsService, writing } = app.ctx.services;
  const { config } = app.ctx;

  app.get(
    '/api/posts/comments/list/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['comments'],
        summary: 'A post and its comments',
        description:
          '{post, comments}: top-level comments in the chosen order (Best by default), 10 a page, each with its first replies ' +
          'nested in `replies`; 404 "Post not found." for hidden or unknown posts.',
        querystring: documented(listQuery, { page: 'Page of comments, from 1' }),
      },
    },
    async (request) => {
      const { post_id, sort } = parseInput(listQuery, request.query);
      const { post, comments } = await commentsService.list(post_id, request.user?.id ?? null, sort);
      return { post, comments: await paginate(request, comments) };
    },
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/posts/comments/upvotes/',
      onRequest: app.requireUser,
      schema: {
        tags: ['comments'],
        summary: method === 'POST' ? 'Upvote a comment' : 'Take back an upvote',
        description: 'One upvote per member and comment; idempotent. Answers {comment_id, upvoted, upvote_count}.',
        querystring: documented(upvoteQuery),
        security: [{ bearer: [] }],
      },
      handler: async (request) => {
        const { comment_id } = parseInput(upvoteQuery, request.query);
        await writing.admit({ writer: request.user!, limit: method === 'POST' ? 'reaction' : null, target: { commentId: comment_id } });
        return commentsService.upvote({ commentId: comment_id, userId: request.user!.id, on: method === 'POST' });
      },
    });
  }

  app.get(
    '/api/posts/comments/:id/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['comments'],
        summary: 'One comment and its first replies',
        description: 'For "Continue this thread" and shared links; 404 "Comment not found." when hidden or unknown.',
        params: idParams,
        querystring: documented(sortQuery),
      },
    },
    async (request, reply) => {
      const id = parseId((request.params as { id: string }).id);
      if (id === null) return app.apiNotFound(request, reply);
      const { sort } = parseInput(sortQuery, request.query);
      return commentsService.get(id, request.user?.id ?? null, sort);
    },
  );

  app.get(
    '/api/posts/comments/:id/replies/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['comments'],
        summary: 'Replies to a comment',
        description: 'Its direct replies, paged (10 a page) in the chosen order, each with its first replies nested.',
        params: idParams,
        querystring: documented(sortQuery, PAGE),
      },
    },
    async (request, reply) => {
      const id = parseId((request.params as { id: string }).id);
      if (id === null) return app.apiNotFound(request, reply);
      const { sort } = parseInput(sortQuery, request.query);
      return paginate(request, await commentsService.replies(id, request.user?.id ?? null, sort));
    },
  );

  app.patch(
    '/api/posts/comments/:id/',
    {
      onRequest: [idInPath, app.requireUser],
      schema: {
        tags: ['comments'],
        summary: 'Edit your comment',
        description: '{body}: its author only (403 otherwise); the comment shows "edited". The media stays.',
        params: idParams,
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const id = parseId((request.params as { id: string }).id);
      if (id === null) return app.apiNotFound(request, reply);
      const { body } = parseInput(editCommentBody, request.body);
      await writing.admit({ writer: request.user!, limit: 'comment', target: { commentId: id } });
      return commentsService.edit({
        id,
        userId: request.user!.id,
        body,
        authorCreatedAt: request.user!.createdAt,
        newAccountHours: config.newAccountHours,
      });
    },
  );

  app.delete(
    '/api/posts/comments/:id/',
    {
      onRequest: [idInPath, app.requireUser],
      schema: {
        tags: ['comments'],
        summary: 'Delete your comment',
        description: 'Its author only (403 otherwise): 204. With replies it stays as "[deleted]"; without, it leaves the thread.',
        params: idParams,
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const id = parseId((request.params as { id: string }).id);
      if (id === null) return app.apiNotFound(request, reply);
      const { mediaUrls } = await commentsService.delete({ id, userId: request.user!.id });
      await app.ctx.services.removeMedia(mediaUrls);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/posts/comments/',
    {
      config: { multipartFiles: true },
      onRequest: app.requireUser,
      schema: {
        tags: ['comments'],
        summary: 'Comment on a post',
        description:
          'JSON {post, body} or multipart {post, body, media} with one image or MP4 video (recognised by content); a video may be ' +
          'followed by one `poster` image, its poster frame (optional). ' +
          'Needs a non-blank body or a media file. Body is plain text, at most 10,000 characters.',
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const authorId = request.user!.id;
      const comment = await request.withForm(
        {
          media: { accept: ['image', 'video'], invalid: INVALID_MEDIA, max: 1 },
          [COMMENT_POSTER_FIELD]: { accept: ['image'], invalid: INVALID_POSTER, max: 1 },
        },
        async ({ fields, files: received, makePrivate }) => {
          const input = createCommentBody.parse(fields);
          let { media: attached, posters } = pairPosters(received, COMMENT_POSTER_FIELD);
          if (input.body === '' && attached.length === 0) throw fieldErrors({ non_field_errors: [COMMENT_NEEDS_CONTENT] });
          const { channel } = await writing.admit({
            writer: request.user!,
            limit: 'comment',
            target: { postId: input.post },
            verify: 'comment',
          });
          // A comment's media in a private circle is served only on signed URLs, to those who see the post.
          if (attached.length && channel?.visible && channel.channelType === 'private') {
            ({ media: attached, posters } = pairPosters(await makePrivate(), COMMENT_POSTER_FIELD));
          }
          const media = attached[0]?.media ?? null;
          const poster = media ? (posters[media.url] ?? null) : null;
          return commentsService.create({
            postId: input.post,
            parentId: input.parent,
            authorId,
            body: input.body,
            media,
            poster,
            alt: input.alt ?? null,
            authorCreatedAt: request.user!.createdAt,
            newAccountHours: config.newAccountHours,
          });
        },
      );
      return reply.code(201).send(comment);
    },
  );
}
