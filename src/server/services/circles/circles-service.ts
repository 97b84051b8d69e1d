import { bindTo } from '../../db/bind.ts';
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Circle, CircleRule, CircleSearchHit, JoinResult } from '../../../lib/api-types.ts';
import { parseId } from '../../../lib/validation.ts';
import type { Db, Executor } from '../../db/client.ts';
import { circleMembers, circles, joinRequests, posts, users } from '../../db/schema/index.ts';
import { keyColumns, loadSlice, rowKey, type SortKey } from '../../db/keyset.ts';
import type { KeysetPageSource } from '../../db/keyset.ts';
import type { Notify } from '../notifications/index.ts';
import { detail, fieldErrors, say, type Message } from '../../platform/errors.ts';
import { circleColumns, circleRequirement, toCircle } from './circle-mapper.ts';
import { prepared } from '../../db/prepared.ts';
import { createTag, deleteTag, listTags } from './tags-service.ts';
import {
  addRemovalReason,
  appointModerator,
  deleteRemovalReason,
  dismissModerator,
  listModerators,
  listRemovalReasons,
} from './moderators-service.ts';
import { themeColorsFor } from '../../../lib/theme-colors.ts';
import { screenWriting } from '../safety/index.ts';

/** The circles rules: listing by popularity, name search, creation, lookup and joining. */

export { CIRCLE_DESCRIPTION_MAX, CIRCLE_NAME_MAX, CIRCLE_NAME_MIN } from '../../../lib/validation-rules.ts';
export const NAME_SEARCH_LIMIT = 20;

export const MESSAGES = {
  notFound: say('errors.circles.notFound'),
  duplicateName: say('errors.circles.duplicateName'),
  nameCharacters: say('errors.circles.nameCharacters'),
  alreadyMember: (name: string) => say('errors.circles.alreadyMember', { name }),
  joined: (name: string) => say('errors.circles.joined', { name }),
  requested: (name: string) => say('errors.circles.requested', { name }),
  ownerOnly: say('errors.circles.ownerOnly'),
  ownerOrModeratorsOnly: say('errors.circles.moderatorsOnly'),
} as const;

/**
 * How a caller names a circle: by id, by name (any case), or by `key`, a value that may be either
 * (the feeds' and new post's `circle`): all digits is the circle with that id when one exists,
 * otherwise the circle with that name. `parseCircleRef` reads every one of them; `findCircle` looks them up.
 */
export type CircleRef = { id: number } | { name: string } | { key: string };

/** No circle has id 0: an id that cannot exist reads as it, so the lookup simply finds nothing. */
const NO_SUCH_ID = 0;

/** The one reading of a circle reference as sent; null when the value is blank. */
export function parseCircleRef(kind: 'id' | 'name' | 'key', value: string | number): CircleRef | null {
  const text = String(value).trim();
  if (text === '') return null;
  if (kind === 'id') return { id: parseId(text) ?? NO_SUCH_ID };
  return kind === 'name' ? { name: text } : { key: text };
}

const byName = (name: string) => sql`lower(${circles.name}) = lower(${name.trim()})`;

/**
 * The where clause and order that pick the one circle a kind of reference names, its id and name as the placeholders
 * `id` and `name` (trimmed): a key is taken as both, and an id wins over a name like it.
 */
function byRef(kind: 'id' | 'name' | 'key'): { where: SQL; order: SQL | typeof circles.id } {
  const id = sql.placeholder('id');
  const named = sql`lower(${circles.name}) = lower(${sql.placeholder('name')})`;
  if (kind === 'id') return { where: eq(circles.id, id), order: circles.id };
  if (kind === 'name') return { where: named, order: circles.id };
  return { where: or(eq(circles.id, id), named)!, order: sql`(${circles.id} = ${id}) desc` };
}

/** Postgres reports a unique-index violation as SQLSTATE 23505 (pg and PGlite alike; drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** How Explore orders channels: most members, or most posts in the last 7 days ("active", Popular). */
export const CIRCLE_SORTS = ['members', 'active'] as const;
export type CircleSort = (typeof CIRCLE_SORTS)[number];
/** What a channel asks of those who join: nothing, or one of the verification requirements. */
export const REQUIREMENT_FILTERS = ['none', 'academic', 'institution', 'credential'] as const;
export type RequirementFilter = (typeof REQUIREMENT_FILTERS)[number];
export type CircleListFilter = { q?: string; requirement?: RequirementFilter; sort?: CircleSort };

/** The keyset orders, each written as its index is built (circles_members_keyset_idx, circles_active_keyset_idx). */
const CIRCLE_KEYS: Record<CircleSort, SortKey> = {
  members: { value: circles.membersCount, type: 'int4', id: circles.id },
  active: { value: circles.recentPosts, type: 'int4', id: circles.id },
};

/** Name search's order: most members first, then oldest. */
export const byPopularity = () => [sql`${circles.membersCount} desc nulls last`, asc(circles.id)];

/**
 * Channels to discover, by members or by this week's posts, keyset paged: a name (or description) containing `q`,
 * and what joining requires. Private circles are listed too (name, description, count), so people can ask to join.
 */
export function listCircles(db: Db, viewerId: number | null, filter: CircleListFilter = {}): KeysetPageSource<Circle> {
  const sort = filter.sort ?? 'members';
  const key = CIRCLE_KEYS[sort];
  const q = filter.q?.trim() ?? '';
  const requirement = filter.requirement;
  const audience = viewerId === null ? 'visitor' : 'member';
  const viewer = viewerId === null ? null : sql.placeholder('viewer');
  // The filters' presence shapes the statement (its name); their values go in as placeholders.
  const shape = `${q ? 'q' : 'all'}_${requirement === 'none' ? 'open' : requirement ? 'req' : 'any'}`;
  const like = sql.placeholder('like');
  const where = () =>
    and(
      q ? sql`(${circles.name} ilike ${like} escape '\\' or ${circles.description} ilike ${like} escape '\\')` : undefined,
      requirement === 'none'
        ? isNull(circles.requirementKind)
        : requirement
          ? eq(circles.requirementKind, sql.placeholder('requirement'))
          : undefined,
    );
  const values = { like: `%${escapeLike(q)}%`, requirement: requirement ?? '', viewer: viewerId ?? 0 };
  // Circles are few (one per community, thousands at most): the filtered total rides along with each page.
  const total = () =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(circles)
      .where(where());
  return {
    count: async () => {
      const [{ count }] = await prepared(db, `circles_count_${shape}`, total).execute(values);
      return count;
    },
    keyType: key.type,
    loadSlice: async (slice, limit) => {
      const rows = await loadSlice(key, slice, limit, (sliceShape, after, order, sliceValues) =>
        prepared(db, `circles_${sort}_${shape}_${audience}_${sliceShape}`, () =>
          db
            .select({ ...circleColumns(viewer), ...keyColumns(key), total: sql<number>`(${total()})` })
            .from(circles)
            .where(and(where(), after()))
            .orderBy(...order())
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset')),
        ).execute({ ...values, ...sliceValues }),
      );
      return { total: rows[0]?.total ?? null, rows: rows.map((row) => ({ item: toCircle(row, viewerId), key: rowKey(row) })) };
    },
  };
}

export const CIRCLE_ACTIVITY_JOB = 'circle-activity';

/** Recounts every circle's visible posts of the last 7 days (the hourly activity job): a week-old post drops out. */
export async function recountRecentPosts(db: Db): Promise<void> {
  const recent = sql`coalesce((select count(*)::int from ${posts} where ${posts.circleId} = ${circles.id} and ${posts.moderationStatus} = 'visible' and ${posts.createdAt} > now() - interval '7 days'), 0)`;
  await db
    .update(circles)
    .set({ recentPosts: recent })
    .where(sql`${circles.recentPosts} is distinct from ${recent}`);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive substring match on the name, most members first; a blank query finds nothing. */
export async function searchCirclesByName(db: Db, query: string): Promise<CircleSearchHit[]> {
  const q = query.trim();
  if (!q) return [];
  const rows = await db
    .select({
      id: circles.id,
      name: circles.name,
      channelType: circles.channelType,
      membersCount: circles.membersCount,
      requirementKind: circles.requirementKind,
      requirementValue: circles.requirementValue,
    })
    .from(circles)
    .where(sql`${circles.name} ilike ${`%${escapeLike(q)}%`} escape '\\'`)
    .orderBy(...byPopularity())
    .limit(NAME_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    channel_type: r.channelType as CircleSearchHit['channel_type'],
    members_count: r.membersCount,
    requirement: circleRequirement(r),
  }));
}

/** A reference as a statement takes it: its kind (one prepared statement each) and the `id`/`name` placeholders' values. */
export function refValues(ref: CircleRef): { kind: 'id' | 'name' | 'key'; id: number; name: string } {
  const id = 'id' in ref ? ref.id : 'key' in ref ? parseId(ref.key) : null;
  const name = 'name' in ref ? ref.name : 'key' in ref ? ref.key : null;
  const kind = id !== null && name !== null ? 'key' : id !== null ? 'id' : 'name';
  return { kind, id: id ?? 0, name: name?.trim() ?? '' };
}

/**
 * The id of the circle a kind of reference names, as a scalar subquery on the `id`/`name` placeholders (null when
 * none): for a statement that reads a circle's rows by its reference in the same round trip (a channel's feed).
 */
export function circleIdByRef(kind: 'id' | 'name' | 'key'): SQL {
  const { where, order } = byRef(kind);
  return sql`(select ${circles.id} from ${circles} where ${where} order by ${order} limit 1)`;
}

/** The one lookup of a circle, as the viewer sees it (with their membership). */
export async function findCircle(db: Executor, viewerId: number | null, ref: CircleRef): Promise<Circle | null> {
  // A prepared statement per kind of reference (an id, a name, a key that may be an id or a name) and audience.
  const { kind, id, name } = refValues(ref);
  const viewer = viewerId === null ? null : sql.placeholder('viewer');
  const statement = prepared(db, `circle_by_${kind}_${viewer ? 'member' : 'visitor'}`, () => {
    const { where, order } = byRef(kind);
    return db.select(circleColumns(viewer)).from(circles).where(where).orderBy(order).limit(1);
  });
  const [row] = await statement.execute({ viewer: viewerId ?? 0, id, name });
  return row ? toCircle(row, viewerId) : null;
}

export async function requireCircle(db: Executor, viewerId: number | null, ref: CircleRef): Promise<Circle> {
  const circle = await findCircle(db, viewerId, ref);
  if (!circle) throw detail(404, MESSAGES.notFound);
  return circle;
}

export type RequirementInput = { kind: 'academic' | 'institution' | 'credential'; value: string | null } | null;

export type NewCircle = {
  name: string;
  description: string;
  channelType: 'public' | 'private';
  requirement?: RequirementInput;
  altTextRequired?: boolean;
};
/** When the owner's account was made, and NEW_ACCOUNT_HOURS, for the scam shield. */
export type CircleAuthor = { id: number; createdAt: Date; newAccountHours: number };

/**
 * The creator becomes owner and first member in the same transaction; names are unique regardless of case.
 * The scam shield reads name and description: a held description is shown to the owner only.
 */
export async function createCircle(db: Db, owner: CircleAuthor, input: NewCircle): Promise<Circle> {
  const ownerId = owner.id;
  const screening = screenWriting({
    text: `${input.name}\n${input.description}`,
    authorCreatedAt: owner.createdAt,
    newAccountHours: owner.newAccountHours,
  });
  const [taken] = await db.select({ id: circles.id }).from(circles).where(byName(input.name)).limit(1);
  if (taken) throw fieldErrors({ name: [MESSAGES.duplicateName] });
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const { requirement, ...fields } = input;
      const [created] = await tx
        .insert(circles)
        .values({
          ...fields,
          ownerId,
          themeColors: themeColorsFor(input.name),
          membersCount: 1,
          requirementKind: requirement?.kind ?? null,
          requirementValue: requirement?.value ?? null,
          descriptionVerdict: screening.verdict,
          descriptionReasons: screening.reasons,
        })
        .returning({ id: circles.id });
      await tx.insert(circleMembers).values({ circleId: created.id, userId: ownerId, role: 'owner' });
      return created.id;
    });
  } catch (error) {
    // Two people creating the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw fieldErrors({ name: [MESSAGES.duplicateName] });
    throw error;
  }
  return requireCircle(db, ownerId, { id });
}

/**
 * Changes the owner's settings (owner only), each only when given: who can join (from now on joining, posting and
 * commenting need the new requirement) and whether every image needs a description.
 */
export async function setRequirement(
  db: Db,
  userId: number,
  circleId: number,
  requirement: RequirementInput | undefined,
  settings: { altTextRequired?: boolean } = {},
): Promise<Circle> {
  const circle = await requireCircle(db, userId, { id: circleId });
  if (!circle.is_owner) throw detail(403, MESSAGES.ownerOnly);
  await db
    .update(circles)
    .set({
      ...(requirement !== undefined ? { requirementKind: requirement?.kind ?? null, requirementValue: requirement?.value ?? null } : {}),
      ...(settings.altTextRequired !== undefined ? { altTextRequired: settings.altTextRequired } : {}),
    })
    .where(eq(circles.id, circleId));
  return requireCircle(db, userId, { id: circleId });
}

export const MAX_CIRCLE_RULES = 10;

/** The rules of a circle anyone can see (its name and description are listed to all, and so are its rules). */
export async function getRules(db: Db, viewerId: number | null, circleId: number): Promise<{ rules: CircleRule[] }> {
  await requireCircle(db, viewerId, { id: circleId });
  const [row] = await db.select({ rules: circles.rules }).from(circles).where(eq(circles.id, circleId));
  return { rules: row.rules };
}

/** Replaces a circle's rules (its owner only); an empty list brings back the site's default rules on its pages. */
export async function setRules(db: Db, userId: number, circleId: number, rules: CircleRule[]): Promise<{ rules: CircleRule[] }> {
  const circle = await requireCircle(db, userId, { id: circleId });
  if (!circle.is_owner) throw detail(403, MESSAGES.ownerOnly);
  await db.update(circles).set({ rules }).where(eq(circles.id, circleId));
  return { rules };
}

/**
 * Adds a member and raises members_count in one step; false when the user already was a member
 * (the count then stays as it is, so repeated or concurrent joins never inflate it).
 */
export async function addMember(db: Executor, circleId: number, userId: number, role: 'owner' | 'member' = 'member'): Promise<boolean> {
  const inserted = await db
    .insert(circleMembers)
    .values({ circleId, userId, role })
    .onConflictDoNothing()
    .returning({ userId: circleMembers.userId });
  if (inserted.length === 0) return false;
  await db
    .update(circles)
    .set({ membersCount: sql`${circles.membersCount} + 1` })
    .where(eq(circles.id, circleId));
  return true;
}

async function isMember(db: Executor, circleId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: circleMembers.userId })
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Asks to join a private circle: creates the pending request, keeps a pending one as it is,
 * and puts a decided one back in the queue (a rejected user may ask again).
 */
async function requestToJoin(db: Executor, circleId: number, userId: number): Promise<void> {
  await db
    .insert(joinRequests)
    .values({ circleId, userId, status: 'pending' })
    .onConflictDoUpdate({
      target: [joinRequests.circleId, joinRequests.userId],
      set: {
        status: 'pending',
        decidedAt: null,
        createdAt: sql`case when ${joinRequests.status} = 'pending' then ${joinRequests.createdAt} else now() end`,
      },
    });
}

/**
 * Joins a public circle at once (`joined`); for a private one, leaves a request for the owner (`pending`). The circle is
 * the one the write gate looked up and admitted (its verification met); null when there is none by that name (404).
 */
export async function joinCircle(
  db: Db,
  userId: number,
  found: Circle | null,
  notify: Notify,
): Promise<Omit<JoinResult, 'detail'> & { detail: Message }> {
  if (!found) throw detail(404, MESSAGES.notFound);
  const circle = found;
  if (circle.is_member) throw detail(400, MESSAGES.alreadyMember(circle.name));

  if (circle.channel_type === 'private') {
    await db.transaction(async (tx) => {
      // Checked again inside the transaction: an approval may have landed in between.
      if (await isMember(tx, circle.id, userId)) throw detail(400, MESSAGES.alreadyMember(circle.name));
      await requestToJoin(tx, circle.id, userId);
      const [owner] = await tx.select({ ownerId: circles.ownerId }).from(circles).where(eq(circles.id, circle.id));
      const [asker] = await tx.select({ name: users.username }).from(users).where(eq(users.id, userId));
      if (owner?.ownerId != null) {
        await notify(tx, [
          {
            userId: owner.ownerId,
            kind: 'join_request',
            actorId: userId,
            circleId: circle.id,
            message: { code: 'joinRequest', params: { actor: asker.name, channel: circle.name } },
          },
        ]);
      }
    });
    const updated = await requireCircle(db, userId, { id: circle.id });
    return { detail: MESSAGES.requested(circle.name), status: 'pending', circle: updated };
  }

  const added = await db.transaction((tx) => addMember(tx, circle.id, userId));
  if (!added) throw detail(400, MESSAGES.alreadyMember(circle.name));
  const updated = await requireCircle(db, userId, { id: circle.id });
  return { detail: MESSAGES.joined(circle.name), status: 'joined', circle: updated };
}

/** Channels: listing, rules, lookups, creation, joining, the verification requirement, tags and the moderator team. */
export const createCirclesService = ({ db, notify }: { db: Db; notify: Notify }) =>
  bindTo(db, {
    list: listCircles,
    recountRecentPosts,
    rules: getRules,
    setRules,
    searchByName: searchCirclesByName,
    find: findCircle,
    require: requireCircle,
    create: createCircle,
    join: (db: Db, userId: number, found: Circle | null) => joinCircle(db, userId, found, notify),
    setRequirement,
    listTags,
    createTag,
    deleteTag,
    listModerators,
    appointModerator: (db: Db, ownerId: number, circleId: number, username: string) =>
      appointModerator(db, ownerId, circleId, username, notify),
    dismissModerator: (db: Db, userId: number, circleId: number, username: string) =>
      dismissModerator(db, userId, circleId, username, notify),
    listRemovalReasons,
    addRemovalReason,
    deleteRemovalReason,
  });
