import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NOT_A_STRING, positiveId } from '../../lib/validation.ts';
import { fieldErrors } from '../http-errors.ts';
import { paginate } from '../pagination.ts';
import { documented } from '../request-validation.ts';
import { COMMENT_MAX_LENGTH, COMMENT_NEEDS_CONTENT } from '../services/comments-service.ts';
import { INVALID_MEDIA } from '../services/media-files.ts';

const listQuery = z.object({ post_id: positiveId });

/** `media_kind` from the client is not read: the kind comes from the file's content. */
const createCommentBody = z.object({
  post: positiveId,
  body: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ invalid_type_error: NOT_A_STRING })
      .trim()
      .max(COMMENT_MAX_LENGTH, `Ensure this field has no more than ${COMMENT_MAX_LENGTH} characters.`),
  ),
});

export default async function commentsRoutes(app: FastifyInstance) {
  const { comments: commentsService, writeLimits } = app.ctx.services;
  const { config } = app.ctx;

  app.get(
    '/api/posts/comments/list/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['comments'],
        summary: 'A post and its comments',
        description: '{post, comments} with comments newest first, 10 a page; 404 "Post not found." for hidden or unknown posts.',
        querystring: documented(listQuery, { page: 'Page of comments, from 1' }),
      },
    },
    async (request) => {
      const { post_id } = listQuery.parse(request.query);
      const { post, comments } = await commentsService.list(post_id, request.user?.id ?? null);
      return { post, comments: await paginate(request, comments) };
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
          'JSON {post, body} or multipart {post, body, media} with one image or MP4 video (recognised by content). ' +
          'Needs a non-blank body or a media file. Body is plain text, at most 10,000 characters.',
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const authorId = request.user!.id;
      const comment = await request.withForm(
        { media: { accept: ['image', 'video'], invalid: INVALID_MEDIA, max: 1 } },
        async ({ fields, files, makePrivate }) => {
          const input = createCommentBody.parse(fields);
          let media = files[0]?.media ?? null;
          if (input.body === '' && !media) throw fieldErrors({ non_field_errors: [COMMENT_NEEDS_CONTENT] });
          await writeLimits.check('comment', request.user!);
          await app.ctx.services.suspensions.assertMayWriteOnPost(authorId, input.post);
          await app.ctx.services.verifications.assertMeetsOnPost(authorId, input.post);
          // A comment's media in a private circle is served only on signed URLs, to those who see the post.
          if (media && (await app.ctx.services.posts.getVisible(input.post, authorId)).circle.channel_type === 'private') {
            media = (await makePrivate())[0]?.media ?? media;
          }
          return commentsService.create({
            postId: input.post,
            authorId,
            body: input.body,
            media,
            authorCreatedAt: request.user!.createdAt,
            newAccountHours: config.newAccountHours,
          });
        },
      );
      if (comment.moderation_status === 'held') await app.ctx.services.moderation.queueHeld({ kind: 'comment', id: comment.id });
      return reply.code(201).send(comment);
    },
  );
}
