import { and, eq, sql } from 'drizzle-orm';
import type { Circle, CircleRequirement } from '../../../lib/api-types.ts';
import type { Db } from '../../db/client.ts';
import { circles, comments, posts } from '../../db/schema/index.ts';
import { circleRequirement, circleVisibleTo, findCircle, type CircleRef } from '../circles/index.ts';
import type { SuspensionService } from '../moderation/index.ts';
import type { GuardedAction } from '../verification/index.ts';
import type { WriteAction, Writer, WriteLimits } from './write-limits.ts';

/**
 * The one gate every write passes (posts, comments, replies, edits, reactions, channels, join requests, reports):
 * the member's write limit, then their suspensions (site-wide, and in the channel the write lands in), then the
 * channel's verification requirement, all on one lookup of the channel, which it hands back so the service that
 * writes never reads it again. The order is the one members meet: a flood is refused before anything is read.
 */

/** Where a write lands: a channel named by the member (a new post), a post, a comment, a channel by name (joining), or no channel. */
export type WriteTarget = { circle: CircleRef | null } | { postId: number } | { commentId: number } | { circleName: string } | null;

/** The channel a write lands in, as the gate read it (null: none, or not one the writer can see). */
export type GateChannel = {
  id: number;
  name: string;
  channelType: 'public' | 'private';
  requirement: CircleRequirement | null;
  /** The writer sees the channel (public, or a member of it): only then is its verification asked for. */
  visible: boolean;
};

export type Admission = {
  /** The channel looked up by reference (a new post, joining), mapped as the API shows it; null when not found. */
  circle: Circle | null;
  /** The channel the write lands in, whichever way it was reached. */
  channel: GateChannel | null;
  /** The post the write lands on (a comment, a reaction, an edit), when it exists. */
  postId: number | null;
};

export type WriteRequest = {
  writer: Writer;
  /** The write limit counted; null when this write is not counted (taking a reaction back). */
  limit: WriteAction | null;
  target: WriteTarget;
  /** The channel's verification requirement is asked for this action; omitted for edits and reactions. */
  verify?: GuardedAction;
};

export type WriteGateDeps = {
  db: Db;
  limits: WriteLimits;
  suspensions: Pick<SuspensionService, 'active' | 'refuse'>;
  /** Throws when the writer lacks what the channel requires (the verification domain's rule). */
  assertMeets: (userId: number, circle: { name: string; requirement: CircleRequirement | null }, action: GuardedAction) => Promise<void>;
};

const channelColumns = (viewerId: number) => ({
  postId: posts.id,
  id: circles.id,
  name: circles.name,
  channelType: circles.channelType,
  requirementKind: circles.requirementKind,
  requirementValue: circles.requirementValue,
  visible: sql<boolean>`${circleVisibleTo(viewerId)}`,
});

type ChannelRow = {
  postId: number;
  id: number;
  name: string;
  channelType: string;
  requirementKind: string | null;
  requirementValue: string | null;
  visible: boolean;
};

const toChannel = (row: ChannelRow): GateChannel => ({
  id: row.id,
  name: row.name,
  channelType: row.channelType === 'private' ? 'private' : 'public',
  requirement: circleRequirement(row),
  visible: row.visible === true || (row.visible as unknown) === 't',
});

export function createWriteGate({ db, limits, suspensions, assertMeets }: WriteGateDeps) {
  /** The post (and its channel) a write names by post or by comment: one statement. */
  async function channelOf(userId: number, target: { postId: number } | { commentId: number }): Promise<ChannelRow | null> {
    const query = db.select(channelColumns(userId)).from(posts).innerJoin(circles, eq(circles.id, posts.circleId));
    const [row] =
      'postId' in target
        ? await query.where(eq(posts.id, target.postId)).limit(1)
        : await db
            .select(channelColumns(userId))
            .from(comments)
            .innerJoin(posts, eq(posts.id, comments.postId))
            .innerJoin(circles, eq(circles.id, posts.circleId))
            .where(and(eq(comments.id, target.commentId)))
            .limit(1);
    return (row as ChannelRow | undefined) ?? null;
  }

  /** Admits the write or throws the member's 429, 403 (suspended, or the channel's verification) as it stands. */
  async function admit({ writer, limit, target, verify: asked }: WriteRequest): Promise<Admission> {
    if (limit) await limits.check(limit, writer);
    let verify = asked;
    let circle: Circle | null = null;
    let channel: GateChannel | null = null;
    let postId: number | null = null;
    if (target && ('circle' in target || 'circleName' in target)) {
      const ref = 'circleName' in target ? { name: target.circleName } : target.circle;
      circle = ref ? await findCircle(db, writer.id, ref) : null;
      // A member already in the channel is not asked again to meet its requirement: joining answers "already a member".
      if (circle?.is_member && verify === 'join') verify = undefined;
      if (circle) {
        channel = {
          id: circle.id,
          name: circle.name,
          channelType: circle.channel_type === 'private' ? 'private' : 'public',
          requirement: circle.requirement ?? null,
          visible: true,
        };
      }
    } else if (target) {
      const row = await channelOf(writer.id, target);
      if (row) {
        channel = toChannel(row);
        postId = row.postId;
      }
    }
    const suspension = await suspensions.active(writer.id, channel?.id ?? null);
    if (suspension) suspensions.refuse(suspension);
    if (verify && channel?.visible) await assertMeets(writer.id, { name: channel.name, requirement: channel.requirement }, verify);
    return { circle, channel, postId };
  }

  return { admit };
}

export type WriteGate = ReturnType<typeof createWriteGate>;
