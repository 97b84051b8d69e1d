import { and, eq, sql } from 'drizzle-orm';
import { type ModerationAction, type SuspensionDuration, type SuspensionScope } from '../../../lib/moderation-rules.ts';
import { circleMembers, circles } from '../../db/schema/index.ts';
import { isChannelModerator, removalReasonText } from '../circles/index.ts';
import { detail, fieldErrors, forbidden } from '../../platform/errors.ts';
import {
  MESSAGES,
  toItemView,
  type Actor,
  type ItemRef,
  type ItemRow,
  type ItemView,
  type ModerationDeps,
  type ModerationItems,
} from './items.ts';

/** Decisions on an item or its author, by a moderator or the channel's owner, each written to the log. */
export function createDecisions(deps: ModerationDeps, items: ModerationItems) {
  const { db } = deps;
  const { loadItem, setItemState, closeCase, tellAuthor, recordAction, moderatorDecided } = items;
  return {
    async isMember(userId: number, circleId: number): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(circleMembers)
        .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Whether the member may review the channel's queue: its owner or one of the moderators the owner appointed. */
    async reviewsChannel(userId: number, circleId: number): Promise<boolean> {
      const [circle] = await db.select({ ownerId: circles.ownerId }).from(circles).where(eq(circles.id, circleId)).limit(1);
      return circle?.ownerId === userId || isChannelModerator(db, userId, circleId);
    },

    /**
     * The actor's role for an item: a moderator (staff) anywhere; its channel's owner, or a moderator the owner
     * appointed, there; null for anyone else.
     */
    async roleFor(userId: number, isStaff: boolean, ref: ItemRef): Promise<{ item: ItemRow; actor: Actor } | null> {
      const item = await loadItem(ref);
      if (!item) return null;
      if (isStaff) return { item, actor: { id: userId, role: 'moderator' } };
      const [circle] = await db.select({ ownerId: circles.ownerId }).from(circles).where(eq(circles.id, item.circleId)).limit(1);
      if (circle?.ownerId === userId) return { item, actor: { id: userId, role: 'owner' } };
      return (await isChannelModerator(db, userId, item.circleId)) ? { item, actor: { id: userId, role: 'channel_moderator' } } : null;
    },

    /**
     * Carries out a decision on an item and writes it to the log. Remove and restore close the item's open case;
     * dismiss closes it and unhides an item its reports hid. Warn and suspend act on the author and leave the case
     * for a decision on the item itself. `removalReasonId` names one of the channel's canned reasons instead of (or
     * before) a reason typed anew: the author and the log read its text.
     */
    async act(
      item: ItemRow,
      actor: Actor,
      input: {
        action: ModerationAction;
        reason: string;
        removalReasonId?: number;
        duration?: SuspensionDuration;
        scope?: SuspensionScope;
      },
    ): Promise<{ item: ItemView; ends_at?: string | null }> {
      const { action } = input;
      const canned = input.removalReasonId === undefined ? null : await removalReasonText(db, item.circleId, input.removalReasonId);
      const reason = canned === null ? input.reason : input.reason ? `${canned} — ${input.reason}` : canned;
      if ((action === 'remove' || action === 'warn') && !reason) throw fieldErrors({ reason: [MESSAGES.reasonRequired] });
      // The channel's owner and its appointed moderators decide in the channel, under staff's word.
      if (actor.role !== 'moderator' && (action === 'remove' || action === 'restore' || action === 'dismiss')) {
        if (await moderatorDecided(item)) throw forbidden(MESSAGES.ownersCannotUndoModerators);
        // The scam shield's holds are for staff to lift: an owner cannot vouch for a post the detector held.
        if (item.status === 'held' && !item.hiddenByReports && action !== 'remove') throw forbidden(MESSAGES.ownersCannotUndoModerators);
      }
      let endsAt: Date | null | undefined;
      switch (action) {
        case 'remove':
          if (item.status === 'removed') throw detail(400, MESSAGES.alreadyRemoved);
          await setItemState(item, { status: 'removed', removedReason: reason, hiddenByReports: false });
          await closeCase(item, 'removed');
          break;
        case 'restore':
          if (item.status === 'visible') throw detail(400, MESSAGES.notRemoved);
          await setItemState(item, { status: 'visible', removedReason: null, hiddenByReports: false });
          await closeCase(item, 'restored');
          break;
        case 'dismiss':
          if (!(await closeCase(item, 'dismissed'))) throw detail(400, MESSAGES.nothingToDismiss);
          if (item.status === 'held' && item.hiddenByReports)
            await setItemState(item, { status: 'visible', removedReason: null, hiddenByReports: false });
          break;
        case 'warn':
          break;
        case 'suspend': {
          if (!input.duration) throw fieldErrors({ duration: [MESSAGES.durationRequired] });
          const scope = input.scope ?? 'circle';
          if (scope === 'site' && actor.role !== 'moderator') throw forbidden(MESSAGES.ownersCannotSuspendSiteWide);
          endsAt = await deps.suspensions.suspend({
            userId: item.authorId,
            circleId: scope === 'site' ? null : item.circleId,
            duration: input.duration,
            reason,
          });
          await recordAction(item, actor, { action, reason, circleId: scope === 'site' ? null : item.circleId, endsAt });
          await tellAuthor(item, action, reason);
          const fresh = (await loadItem({ kind: item.kind, id: item.id }))!;
          return { item: toItemView(fresh), ends_at: endsAt ? endsAt.toISOString() : null };
        }
      }
      await recordAction(item, actor, { action, reason });
      await tellAuthor(item, action, reason);
      const fresh = (await loadItem({ kind: item.kind, id: item.id }))!;
      return { item: toItemView(fresh) };
    },
  };
}
