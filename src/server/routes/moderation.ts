import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  SUSPENSION_DURATIONS,
  type ModerationAction,
  type ReportReason,
  type SuspensionDuration,
} from '../../lib/moderation-rules.ts';
import { NOT_A_STRING, choice, positiveId } from '../../lib/validation.ts';
import { detail, fieldErrors, forbidden, say } from '../platform/errors.ts';
import { paginate } from '../http/pagination.ts';
import { parseInput } from '../http/request-validation.ts';
import { MESSAGES, type ItemRef } from '../services/moderation/index.ts';
import { findCircle, parseCircleRef } from '../services/circles/index.ts';
import { staffRoleOf } from '../services/accounts/index.ts';
import { readHtml, createSuspectRegistry, type RegistryItem } from '../services/safety/index.ts';

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z.string({ invalid_type_error: NOT_A_STRING }).trim().max(max, `Ensure this field has no more than ${max} characters.`),
  );

const optionalId = z.preprocess((value) => (value === null || value === '' ? undefined : value), positiveId.optional());

/** `post` or `comment`: exactly one of them names the item. */
const itemFields = z.object({ post: optionalId, comment: optionalId }).superRefine((value, ctx) => {
  if ((value.post === undefined) === (value.comment === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['non_field_errors'], message: 'Give either a post or a comment.' });
  }
});

const itemRef = (value: { post?: number; comment?: number }): ItemRef =>
  value.comment !== undefined ? { kind: 'comment', id: value.comment } : { kind: 'post', id: value.post! };

const reportBody = z.intersection(
  itemFields,
  z.object({ reason: choice(Object.keys(REPORT_REASONS) as ReportReason[]), note: optionalText(REPORT_NOTE_MAX) }),
);

const actionBody = z.intersection(
  itemFields,
  z.object({
    action: choice(Object.keys(MODERATION_ACTIONS) as ModerationAction[]),
    reason: optionalText(MODERATION_REASON_MAX),
    duration: z.preprocess(
      (v) => (v === null ? undefined : v),
      choice(Object.keys(SUSPENSION_DURATIONS) as SuspensionDuration[]).optional(),
    ),
    scope: z.preprocess((v) => (v === null ? undefined : v), choice(['circle', 'site'] as const).optional()),
    /** One of the channel's canned removal reasons, instead of (or before) a reason typed anew. */
    removal_reason_id: optionalId,
    /** What a removed item was, one of the report reasons: `scam` feeds the scam shield's suspect registry. */
    category: z.preprocess((v) => (v === null ? undefined : v), choice(Object.keys(REPORT_REASONS) as ReportReason[]).optional()),
  }),
);

const queueQuery = z.object({
  status: z.preprocess((v) => (v === undefined || v === '' ? 'open' : v), choice(['open', 'closed'] as const)),
});
const logQuery = z.object({ circle: z.string({ invalid_type_error: NOT_A_STRING }).optional() });

const bearer = [{ bearer: [] }];
const itemProperties = {
  post: { type: 'integer', description: 'The post (or give comment)' },
  comment: { type: 'integer', description: 'The comment (or give post)' },
} as const;

export default async function moderationRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const { moderation, writing, shieldTeacher } = app.ctx.services;
  const suspects = createSuspectRegistry({
    db,
    autoHideReports: app.ctx.config.autoHideReports,
    identitySecret: app.ctx.config.identitySecret,
  });
  /** An item's words (its images' too, when the shield read them) and links as the suspect registry reads them (a post's description is HTML). */
  const registryItem = (item: {
    postId: number;
    commentId: number | null;
    title: string;
    body: string;
    kind: 'post' | 'comment';
    imageText: string | null;
  }): RegistryItem => {
    const body = item.kind === 'post' ? readHtml(item.body) : { text: item.body, links: [] };
    const text = item.kind === 'post' ? `${item.title}\n${body.text}` : body.text;
    return {
      postId: item.postId,
      commentId: item.commentId,
      text: item.imageText ? `${text}\n\n${item.imageText}` : text,
      links: body.links,
    };
  };
  /** A channel by the key a path or query gives (its id, or its name). */
  const circleByKey = async (key: string, viewerId: number | null) => {
    const ref = parseCircleRef('key', key);
    return ref ? findCircle(db, viewerId, ref) : null;
  };

  app.post(
    '/api/reports/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['moderation'],
        summary: 'Report a post or a comment',
        description:
          `201 with the report; a repeat report of the same item by the same member answers 200 with the first and adds nothing. ` +
          `Reasons: ${Object.keys(REPORT_REASONS).join(', ')}. At AUTO_HIDE_REPORTS reports from accounts older than NEW_ACCOUNT_HOURS, one per requester network (IPv4 /24, IPv6 /64), the item is hidden pending review.`,
        body: {
          type: 'object',
          properties: {
            ...itemProperties,
            reason: { type: 'string', enum: Object.keys(REPORT_REASONS) },
            note: { type: 'string', maxLength: REPORT_NOTE_MAX },
          },
        },
        security: bearer,
      },
    },
    async (request, reply) => {
      const input = parseInput(reportBody, request.body);
      await writing.admit({ writer: request.user!, limit: 'report', target: null });
      const { id, createdAt } = request.user!;
      const { created, report } = await moderation.report({ id, createdAt, ip: request.ip }, itemRef(input), {
        reason: input.reason,
        note: input.note,
      });
      if (created && input.reason === 'scam') {
        const item = await moderation.loadItem(itemRef(input));
        if (item) await suspects.report(id, registryItem(item));
      }
      return reply.code(created ? 201 : 200).send(report);
    },
  );

  app.get(
    '/api/staff/reports/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['moderation'],
        summary: 'The review queue of every channel (staff)',
        description:
          'Cases: the item, its reports grouped by reason with counts, the author’s recent history. `status` open (default, most reported first) or closed.',
        querystring: { type: 'object', properties: { status: { enum: ['open', 'closed'] }, page: { description: 'Page number, from 1' } } },
        security: bearer,
      },
    },
    async (request) => {
      const { status } = parseInput(queueQuery, request.query);
      return paginate(request, await moderation.cases({ status, reviewer: { id: request.user!.id, isStaff: true } }));
    },
  );

  app.get(
    '/api/circles/:id/reports/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['moderation'],
        summary: 'A channel’s review queue (its owner and moderators, or staff)',
        description: 'Like /api/staff/reports/ for one channel; 403 for anyone but its owner, its moderators and staff.',
        params: { type: 'object', properties: { id: { type: 'string' } } },
        querystring: { type: 'object', properties: { status: { enum: ['open', 'closed'] }, page: { description: 'Page number, from 1' } } },
        security: bearer,
      },
    },
    async (request) => {
      const circle = await circleByKey((request.params as { id: string }).id, request.user!.id);
      if (!circle) throw detail(404, say('errors.circles.notFound'));
      const { status } = parseInput(queueQuery, request.query);
      const isStaff = (await staffRoleOf(db, request.user!.id)) !== null;
      if (!isStaff && !(await moderation.reviewsChannel(request.user!.id, circle.id))) throw forbidden(MESSAGES.notYourChannel);
      return paginate(request, await moderation.cases({ circleId: circle.id, status, reviewer: { id: request.user!.id, isStaff } }));
    },
  );

  app.post(
    '/api/moderation/actions/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['moderation'],
        summary: 'Decide on a post or a comment (a moderator, its channel’s owner, or a moderator its owner appointed)',
        description:
          'action: dismiss (the reports), remove (a reason, or removal_reason_id, one of the channel’s removal reasons), restore (also releases what the scam shield held; moderators only for that), ' +
          'warn (reason required), suspend (the author; duration 1d, 7d, 30d or permanent; scope circle, or site for moderators). ' +
          'Answers 200 {item} (and ends_at for a suspension); 403 for anyone else.',
        body: {
          type: 'object',
          properties: {
            ...itemProperties,
            action: { type: 'string', enum: Object.keys(MODERATION_ACTIONS) },
            reason: { type: 'string', maxLength: MODERATION_REASON_MAX },
            removal_reason_id: {
              type: 'integer',
              description:
                'One of the channel’s removal reasons (GET /api/circles/{id}/removal-reasons/): its text is the reason, before any `reason` given',
            },
            duration: { type: 'string', enum: Object.keys(SUSPENSION_DURATIONS) },
            scope: { type: 'string', enum: ['circle', 'site'] },
            category: {
              type: 'string',
              enum: Object.keys(REPORT_REASONS),
              description:
                'For remove: what the item was. scam by a moderator registers its identifiers (UPI IDs, numbers, links, handles) in the suspect registry; by a channel owner it counts as a scam report.',
            },
          },
        },
        security: bearer,
      },
    },
    async (request) => {
      const input = parseInput(actionBody, request.body);
      const ref = itemRef(input);
      const isStaff = (await staffRoleOf(db, request.user!.id)) !== null;
      const decider = await moderation.roleFor(request.user!.id, isStaff, ref);
      if (!decider) {
        if (!(await moderation.loadItem(ref, request.user!.id)))
          throw detail(404, ref.kind === 'post' ? MESSAGES.postNotFound : MESSAGES.commentNotFound);
        throw forbidden();
      }
      if (input.action === 'suspend' && !input.duration) throw fieldErrors({ duration: [MESSAGES.durationRequired] });
      const outcome = await moderation.act(decider.item, decider.actor, { ...input, removalReasonId: input.removal_reason_id });
      // Staff decisions teach the shield: a removal as a scam, or a flagged or reported item restored or dismissed.
      if (decider.actor.role === 'moderator') {
        const item = decider.item;
        const flagged = item.moderationReasons.length > 0 || item.status !== 'visible';
        const label =
          input.action === 'remove' && input.category === 'scam'
            ? 'scam'
            : (input.action === 'restore' || input.action === 'dismiss') && flagged
              ? 'legit'
              : null;
        if (label)
          await shieldTeacher.learnFrom({
            label,
            // The text the shield saw: an item held for its image's words is taught by those words, not by its caption alone.
            text: `${item.title}\n${readHtml(item.body).text}${item.imageText ? `\n\n${item.imageText}` : ''}`,
            authorId: item.authorId,
            postId: item.postId,
            commentId: item.commentId,
          });
      }
      if (input.action === 'remove' && input.category === 'scam') {
        // Staff's word registers the scam's identifiers; a channel owner's counts as one member's report.
        if (decider.actor.role === 'moderator') await suspects.register(registryItem(decider.item));
        else await suspects.report(decider.actor.id, registryItem(decider.item));
      }
      return outcome;
    },
  );

  app.get(
    '/api/modlog/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['moderation'],
        summary: 'The public moderation log',
        description:
          'Newest first, 10 a page: action, reason, the item’s title excerpt, the acting role and time; never who reported. `circle` (id or name) for one channel.',
        querystring: {
          type: 'object',
          properties: { circle: { description: 'A channel id or name' }, page: { description: 'Page number, from 1' } },
        },
      },
    },
    async (request) => {
      const { circle } = parseInput(logQuery, request.query);
      const viewerId = request.user?.id ?? null;
      let circleId: number | undefined;
      if (circle !== undefined && circle.trim() !== '') {
        const found = await circleByKey(circle, viewerId);
        const visible = found && (found.channel_type === 'public' || found.is_member);
        if (!found || !visible) throw detail(404, say('errors.circles.notFound'));
        circleId = found.id;
      }
      return paginate(request, await moderation.log({ viewerId, circleId }));
    },
  );
}
