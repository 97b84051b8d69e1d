import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Decision } from '../../lib/api-types.ts';
import { BLANK, NOT_A_STRING, REQUIRED, choice, parseId, requiredString, stringField } from '../../lib/validation.ts';
import { detail, fieldErrors, wordMessage } from '../platform/errors.ts';
import { paginate } from '../http/pagination.ts';
import { PAGE, bodyAsDictionary, documented, parseInput } from '../http/request-validation.ts';
import {
  CIRCLE_DESCRIPTION_MAX,
  CIRCLE_NAME_MAX,
  CIRCLE_NAME_MIN,
  CIRCLE_SORTS,
  MAX_CIRCLE_RULES,
  MAX_CIRCLE_TAGS,
  MAX_CHANNEL_MODERATORS,
  MAX_REMOVAL_REASONS,
  MESSAGES,
  REMOVAL_REASON_MAX,
  TEAM_MESSAGES,
  TAG_MESSAGES,
  TAG_NAME_MAX,
  REQUIREMENT_FILTERS,
  parseCircleRef,
  type CircleRef,
  type RequirementInput,
} from '../services/circles/index.ts';
import { shippedInstitutions, REQUIRABLE_CREDENTIALS } from '../services/verification/index.ts';
import { staffRoleOf } from '../services/accounts/index.ts';
import { LANGUAGES } from '../../lib/i18n.ts';
import { REQUEST_MESSAGES, assertOwner } from '../services/circles/index.ts';

/** Letters and digits of any script (with their combining marks), spaces, hyphens and underscores. */
const NAME_PATTERN = /^[\p{L}\p{M}\p{N} _-]+$/u;

const circleName = stringField()
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .superRefine((value, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    const length = [...value].length;
    if (length === 0) fail(BLANK);
    else if (length < CIRCLE_NAME_MIN) fail(`Ensure this field has at least ${CIRCLE_NAME_MIN} characters.`);
    else if (length > CIRCLE_NAME_MAX) fail(`Ensure this field has no more than ${CIRCLE_NAME_MAX} characters.`);
    else if (!NAME_PATTERN.test(value))
      ctx.addIssue({ code: 'custom', message: wordMessage(MESSAGES.nameCharacters, 'en'), params: { message: MESSAGES.nameCharacters } });
  });

const channelType = z.unknown().transform((value, ctx): 'public' | 'private' => {
  if (value === undefined) return 'public';
  if (value === 'public' || value === 'private') return value;
  ctx.addIssue({ code: 'custom', message: `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.` });
  return z.NEVER;
});

/**
 * Who can join: null (anyone), {kind: "academic"}, {kind: "institution", value: a listed institution's mail domain}
 * or {kind: "credential", value: ca | cfa | doctor | lawyer | engineer}. An institution is stored by its key domain.
 */
const requirementField = z.unknown().transform((value, ctx): RequirementInput => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'object' || Array.isArray(value)) return fail('Expected an object {kind, value} or null.');
  const { kind, value: given } = value as Record<string, unknown>;
  const text = typeof given === 'string' ? given.trim().toLowerCase().replace(/^@/, '') : '';
  if (kind === 'academic') return { kind, value: null };
  if (kind === 'institution') {
    const institution = text ? shippedInstitutions().forDomain(text) : null;
    if (!institution) return fail('Choose an institution from the list by its mail domain (e.g. iitb.ac.in).');
    return { kind, value: institution.domain };
  }
  if (kind === 'credential') {
    if (!(REQUIRABLE_CREDENTIALS as readonly string[]).includes(text))
      return fail(`Choose a credential: ${REQUIRABLE_CREDENTIALS.join(', ')}.`);
    return { kind, value: text };
  }
  return fail('"kind" must be "academic", "institution" or "credential".');
});

/** Whether every image posted in the channel needs a description (its alt text); not sent: unchanged, or off for a new channel. */
const altTextRequiredField = z.boolean({ invalid_type_error: 'Must be a valid boolean.' }).optional();

const createBody = z.object({
  name: circleName,
  description: requiredString({ max: CIRCLE_DESCRIPTION_MAX }),
  channel_type: channelType,
  requirement: requirementField,
  alt_text_required: altTextRequiredField,
});

const settingsBody = z.object({ requirement: requirementField, alt_text_required: altTextRequiredField });
const ruleItem = z.object({
  title: requiredString({ max: 100 }),
  body: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    stringField().trim().max(500, 'Ensure this field has no more than 500 characters.'),
  ),
});
const rulesBody = z.object({
  rules: z
    .array(ruleItem, { invalid_type_error: 'Expected a list of items.', required_error: REQUIRED })
    .max(MAX_CIRCLE_RULES, `Ensure this field has no more than ${MAX_CIRCLE_RULES} elements.`),
});

const joinBody = z.object({ circle_name: requiredString({ max: 200 }) });

/** A tag: a name (at most TAG_NAME_MAX characters) and a `#rrggbb` colour; whether white reads on it is the service's rule. */
const tagBody = z.object({
  name: requiredString({ max: TAG_NAME_MAX }).transform((value) => value.replace(/\s+/g, ' ')),
  color: requiredString({ max: 7 }),
});

/** A moderator to appoint, by handle (an @ before it is let be). */
const moderatorBody = z.object({ username: requiredString({ max: 100 }).transform((value) => value.replace(/^@/, '')) });

/** A canned removal reason, in one of the app's languages (the reader's, when not given). */
const removalReasonBody = z.object({
  text: requiredString({ max: REMOVAL_REASON_MAX }).transform((value) => value.replace(/\s+/g, ' ')),
  language: choice([...LANGUAGES]).optional(),
});

const optionalText = z.string({ invalid_type_error: NOT_A_STRING }).optional();
const nameSearchQuery = z.object({ q: optionalText });
/** Explore's filters; paging parameters pass through to paginate(). */
const listQuery = z
  .object({
    q: stringField().max(100, 'Ensure this field has no more than 100 characters.').optional(),
    requirement: z.preprocess((v) => (v === '' ? undefined : v), choice(REQUIREMENT_FILTERS).optional()),
    sort: z.preprocess((v) => (v === '' ? undefined : v), choice(CIRCLE_SORTS).optional()),
  })
  .passthrough();
const circleRefQuery = z.object({ circle_id: optionalText, circle_name: optionalText });

/** `circle_id` wins over `circle_name`; an id that cannot exist is simply an unknown circle (404). */
function readCircleRef(query: unknown): CircleRef {
  const { circle_id: idText = '', circle_name: name = '' } = circleRefQuery.parse(query ?? {});
  const ref = parseCircleRef('id', idText) ?? parseCircleRef('name', name);
  if (!ref) throw fieldErrors({ circle_name: [REQUIRED] });
  return ref;
}

const viewerOf = (request: FastifyRequest) => request.user?.id ?? null;

/** The schemas below document the API at /api/docs; zod does the validating so errors keep DRF's shape. */
const bearer = [{ bearer: [] }];

const requirementSchema = {
  type: ['object', 'null'],
  description: 'Who can join: null, {kind:"academic"}, {kind:"institution", value:"iitb.ac.in"} or {kind:"credential", value:"ca"}',
  properties: { kind: { type: 'string', enum: ['academic', 'institution', 'credential'] }, value: { type: ['string', 'null'] } },
} as const;

export default async function circlesRoutes(app: FastifyInstance) {
  const { circles, joinRequests, writing } = app.ctx.services;
  const { config } = app.ctx;

  app.get(
    '/api/circles/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['circles'],
        summary: 'Circles to discover, 10 a page: by members (the default) or by posts in the last 7 days (`sort=active`)',
        description:
          '`q` finds a name or description containing it (any case); `requirement` keeps the circles that ask nothing (`none`) or ' +
          'the given verification (`academic`, `institution`, `credential`). Keyset paged: deep pages through `next`/`previous`. ' +
          'Private circles are listed too (name, description, count) so people can ask to join; their content is not.',
        querystring: documented(listQuery, PAGE),
      },
    },
    async (request) => {
      const { q, requirement, sort } = parseInput(listQuery, request.query);
      return paginate(request, circles.list(viewerOf(request), { q, requirement, sort }));
    },
  );

  app.get(
    '/api/circles/search/',
    {
      schema: {
        tags: ['circles'],
        summary: 'Circles whose name contains q (case-insensitive), most members first, at most 20',
        querystring: documented(nameSearchQuery),
      },
    },
    async (request) => {
      const { q = '' } = nameSearchQuery.parse(request.query ?? {});
      const results = await circles.searchByName(q);
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.post(
    '/api/circles/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary: 'Create a circle; the creator becomes its owner and first member',
        security: bearer,
        body: documented(createBody),
      },
    },
    async (request, reply) => {
      const input = parseInput(createBody, request.body);
      await writing.admit({ writer: request.user!, limit: 'channel', target: null });
      const circle = await circles.create(
        { ...request.user!, newAccountHours: config.newAccountHours },
        {
          name: input.name,
          description: input.description,
          channelType: input.channel_type,
          requirement: input.requirement,
          altTextRequired: input.alt_text_required,
        },
      );
      return reply.code(201).send(circle);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/circles/:id/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary:
          'Change a circle’s settings (owner only): who can join (`requirement`), descriptions required for images (`alt_text_required`)',
        security: bearer,
        body: { type: 'object', properties: { requirement: requirementSchema, alt_text_required: { type: 'boolean' } } },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      if (id === null) throw detail(404, MESSAGES.notFound);
      const body = bodyAsDictionary(request.body);
      const { requirement, alt_text_required } = parseInput(settingsBody, body);
      // A setting not sent stays as it is; a body with neither still clears the requirement, as it always has.
      const changesRequirement = 'requirement' in body || !('alt_text_required' in body);
      return circles.setRequirement(request.user!.id, id, changesRequirement ? requirement : undefined, {
        altTextRequired: alt_text_required,
      });
    },
  );

  const circleIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw detail(404, MESSAGES.notFound);
    return id;
  };
  const tagParams = { type: 'object', properties: { id: { type: 'string' }, tag_id: { type: 'string' } } } as const;

  app.get<{ Params: { id: string } }>(
    '/api/circles/:id/tags/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['circles'],
        summary: `A channel’s tags ({id, name, color}), at most ${MAX_CIRCLE_TAGS}, in the order they were made`,
        params: tagParams,
      },
    },
    async (request) => {
      const results = await circles.listTags(viewerOf(request), circleIdOf(request.params.id));
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/circles/:id/tags/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary: `Add a tag (owner only): 201 {id, name, color}; at most ${MAX_CIRCLE_TAGS}; white text must read on its colour (4.5:1)`,
        params: tagParams,
        body: {
          type: 'object',
          properties: { name: { type: 'string', maxLength: TAG_NAME_MAX }, color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } },
        },
        security: bearer,
      },
    },
    async (request, reply) => {
      const id = circleIdOf(request.params.id);
      const input = parseInput(tagBody, request.body);
      // Not counted against a write limit (the owner alone, at most 20); the gate still applies suspensions.
      await writing.admit({ writer: request.user!, limit: null, target: { circle: { id } } });
      return reply.code(201).send(await circles.createTag(request.user!.id, id, input));
    },
  );

  app.delete<{ Params: { id: string; tag_id: string } }>(
    '/api/circles/:id/tags/:tag_id/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary: 'Remove a tag (owner only): 204; posts that carried it lose it',
        params: tagParams,
        security: bearer,
      },
    },
    async (request, reply) => {
      const id = circleIdOf(request.params.id);
      const tagId = parseId(request.params.tag_id);
      if (tagId === null) throw detail(404, TAG_MESSAGES.tagNotFound);
      await writing.admit({ writer: request.user!, limit: null, target: { circle: { id } } });
      await circles.deleteTag(request.user!.id, id, tagId);
      return reply.code(204).send();
    },
  );

  const teamParams = {
    type: 'object',
    properties: { id: { type: 'string' }, username: { type: 'string' }, reason_id: { type: 'string' } },
  } as const;
  const paged = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

  app.get<{ Params: { id: string } }>(
    '/api/circles/:id/moderators/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['circles'],
        summary: `A channel’s moderators ({username}), appointed by its owner, at most ${MAX_CHANNEL_MODERATORS}; anyone who can find the channel reads them`,
        params: teamParams,
      },
    },
    async (request) => paged(await circles.listModerators(viewerOf(request), circleIdOf(request.params.id))),
  );

  app.post<{ Params: { id: string } }>(
    '/api/circles/:id/moderators/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary:
          'Appoint a member of the channel as a moderator (owner only): 201 {username}, 200 when they already were one; they review the channel’s queue and act on it',
        params: teamParams,
        body: { type: 'object', properties: { username: { type: 'string' } } },
        security: bearer,
      },
    },
    async (request, reply) => {
      const id = circleIdOf(request.params.id);
      const { username } = parseInput(moderatorBody, request.body);
      await writing.admit({ writer: request.user!, limit: null, target: { circle: { id } } });
      const { created, moderator } = await circles.appointModerator(request.user!.id, id, username);
      return reply.code(created ? 201 : 200).send(moderator);
    },
  );

  app.delete<{ Params: { id: string; username: string } }>(
    '/api/circles/:id/moderators/:username/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary: 'Dismiss a moderator (owner only; a moderator may step down): 204; they stay a member',
        params: teamParams,
        security: bearer,
      },
    },
    async (request, reply) => {
      const id = circleIdOf(request.params.id);
      await writing.admit({ writer: request.user!, limit: null, target: { circle: { id } } });
      await circles.dismissModerator(request.user!.id, id, request.params.username.replace(/^@/, ''));
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/circles/:id/removal-reasons/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary: `A channel’s canned removal reasons ({id, text, language}), oldest first (its owner and moderators, and staff)`,
        params: teamParams,
        security: bearer,
      },
    },
    async (request) => {
      const isStaff = (await staffRoleOf(app.ctx.db, request.user!.id)) !== null;
      return paged(await circles.listRemovalReasons(request.user!.id, circleIdOf(request.params.id), isStaff));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/circles/:id/removal-reasons/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary: `Add a removal reason (owner and moderators): 201 {id, text, language}; at most ${MAX_REMOVAL_REASONS}, ${REMOVAL_REASON_MAX} characters each; \`language\` defaults to the reader’s`,
        params: teamParams,
        body: {
          type: 'object',
          properties: { text: { type: 'string', maxLength: REMOVAL_REASON_MAX }, language: { type: 'string', enum: [...LANGUAGES] } },
        },
        security: bearer,
      },
    },
    async (request, reply) => {
      const id = circleIdOf(request.params.id);
      const input = parseInput(removalReasonBody, request.body);
      await writing.admit({ writer: request.user!, limit: null, target: { circle: { id } } });
      const reason = await circles.addRemovalReason(request.user!.id, id, { text: input.text, language: input.language ?? request.lang });
      return reply.code(201).send(reason);
    },
  );

  app.delete<{ Params: { id: string; reason_id: string } }>(
    '/api/circles/:id/removal-reasons/:reason_id/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary: 'Remove a removal reason (owner and moderators): 204; decisions already taken keep their words',
        params: teamParams,
        security: bearer,
      },
    },
    async (request, reply) => {
      const id = circleIdOf(request.params.id);
      const reasonId = parseId(request.params.reason_id);
      if (reasonId === null) throw detail(404, TEAM_MESSAGES.reasonNotFound);
      await writing.admit({ writer: request.user!, limit: null, target: { circle: { id } } });
      await circles.deleteRemovalReason(request.user!.id, id, reasonId);
      return reply.code(204).send();
    },
  );

  const rulesSchema = {
    type: 'object',
    properties: {
      rules: {
        type: 'array',
        maxItems: MAX_CIRCLE_RULES,
        items: { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string' } } },
      },
    },
  } as const;

  app.get<{ Params: { id: string } }>(
    '/api/circles/:id/rules/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['circles'],
        summary: 'A circle’s rules as its owner wrote them ({rules: [{title, body}]}; empty: the site’s default rules apply)',
      },
    },
    async (request) => circles.rules(viewerOf(request), circleIdOf(request.params.id)),
  );

  app.put<{ Params: { id: string } }>(
    '/api/circles/:id/rules/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary: `Replace a circle’s rules (owner only): up to ${MAX_CIRCLE_RULES}, each a title and a sentence`,
        security: bearer,
        body: rulesSchema,
      },
    },
    async (request) => {
      const id = circleIdOf(request.params.id);
      const { rules } = parseInput(rulesBody, request.body);
      return circles.setRules(request.user!.id, id, rules);
    },
  );

  app.get(
    '/api/circles/members/',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ['circles'],
        summary: 'One circle by circle_name or circle_id, with the viewer’s membership',
        querystring: documented(circleRefQuery),
      },
    },
    async (request) => circles.require(viewerOf(request), readCircleRef(request.query)),
  );

  app.post(
    '/api/circles/join-by-name/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary: 'Join a public circle (200) or ask to join a private one (202); 400 when already a member',
        security: bearer,
        body: documented(joinBody),
      },
    },
    async (request, reply) => {
      const { circle_name } = parseInput(joinBody, request.body);
      const { circle } = await writing.admit({
        writer: request.user!,
        limit: 'join-request',
        target: { circleName: circle_name },
        verify: 'join',
      });
      const result = await circles.join(request.user!.id, circle);
      // A success answer, so the language plugin leaves it: its detail is worded here, in the client's language.
      return reply.code(result.status === 'pending' ? 202 : 200).send({ ...result, detail: wordMessage(result.detail, request.lang) });
    },
  );

  app.get(
    '/api/circles/requests/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['circles'],
        summary: 'Pending join requests of a circle, oldest first (owner only)',
        security: bearer,
        querystring: documented(circleRefQuery, PAGE),
      },
    },
    async (request) => {
      const circle = await circles.require(request.user!.id, readCircleRef(request.query));
      assertOwner(circle);
      return paginate(request, {
        count: await joinRequests.countPending(circle.id),
        load: (limit, offset) => joinRequests.listPending(circle.id, limit, offset),
      });
    },
  );

  const decide = (decision: Decision, summary: string) =>
    app.post<{ Params: { id: string } }>(
      `/api/circles/requests/:id/${decision}/`,
      {
        onRequest: app.requireUser,
        schema: { tags: ['circles'], summary, security: bearer, params: { type: 'object', properties: { id: { type: 'integer' } } } },
      },
      async (request) => {
        const id = parseId(request.params.id);
        if (id === null) throw detail(404, REQUEST_MESSAGES.notFound);
        return joinRequests.decide(request.user!.id, id, decision);
      },
    );
  decide('approve', 'Approve a pending join request: the requester becomes a member (owner only)');
  decide('reject', 'Reject a pending join request (owner only); the person may ask again later');
}
