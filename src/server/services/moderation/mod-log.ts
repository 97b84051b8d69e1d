import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { MODERATION_ACTIONS, type ModerationAction, type LogEntry } from '../../../lib/moderation-rules.ts';
import { circles, moderationActions, posts } from '../../db/schema/index.ts';
import { qualified as q } from '../../db/qualified.ts';
import { circleVisibleTo } from '../circles/index.ts';

import type { Listing, ModerationDeps } from './items.ts';

/** The public moderation log. */
export function createModLog(deps: ModerationDeps) {
  const { db } = deps;
  return {
    /** The public log, newest first: every channel the viewer can read, and site-wide decisions. */
    async log(options: { viewerId: number | null; circleId?: number }): Promise<Listing<LogEntry>> {
      const where = and(
        options.circleId === undefined
          ? or(isNull(moderationActions.circleId), circleVisibleTo(options.viewerId))
          : eq(moderationActions.circleId, options.circleId),
      );
      // A site-wide decision has no channel of its own, but its item has: the item's title and link are shown only to
      // those the feed would show the item's channel (a private channel's post stays with its members).
      const itemShown = sql<boolean>`(${moderationActions.postId} is null or exists (select 1 from ${posts} inner join ${circles} on ${q(circles.id)} = ${q(posts.circleId)}
        where ${q(posts.id)} = ${q(moderationActions.postId)} and ${circleVisibleTo(options.viewerId)}))`;
      const base = () =>
        db
          .select({ action: moderationActions, circle: circles, itemShown })
          .from(moderationActions)
          .leftJoin(circles, eq(circles.id, moderationActions.circleId))
          .where(where)
          .$dynamic();
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(moderationActions)
        .leftJoin(circles, eq(circles.id, moderationActions.circleId))
        .where(where);
      const load = async (limit: number, offset: number) => {
        const rows = await base()
          .orderBy(sql`${moderationActions.createdAt} desc nulls last`, sql`${moderationActions.id} desc nulls last`)
          .limit(limit)
          .offset(offset);
        return rows.map(({ action: a, circle: c, itemShown: shown }): LogEntry => ({
          id: a.id,
          action: a.action as ModerationAction,
          action_label: MODERATION_ACTIONS[a.action as ModerationAction] ?? a.action,
          reason: a.reason,
          excerpt: shown ? a.excerpt : '',
          post_id: shown ? a.postId : null,
          comment_id: shown ? a.commentId : null,
          circle: c ? { id: c.id, name: c.name } : null,
          actor: !c || a.actorRole === 'moderator' ? 'Moderator' : `${a.actorRole === 'owner' ? 'Owner' : 'Moderator'} of b/${c.name}`,
          ends_at: a.endsAt?.toISOString() ?? null,
          created_at: a.createdAt.toISOString(),
        }));
      };
      return { count, load };
    },
  };
}
