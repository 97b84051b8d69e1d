import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Poll } from '../../../lib/api-types.ts';
import type { ParsedPoll } from '../../../lib/validation.ts';
import type { Circle } from '../../../lib/api-types.ts';
import type { Db, Executor } from '../../db/client.ts';
import { pollOptions, pollVotes, polls } from '../../db/schema/index.ts';
import { detail, fieldErrors, notFound, say } from '../../platform/errors.ts';
import { getVisiblePost } from './posts-service.ts';

/**
 * Polls: a post may carry one (2 to 6 options, one or several choices, open until its closing time). A member has one
 * vote per poll, which they may change until it closes; its counts are theirs to see once they voted, and everyone's
 * once it closed. Each option's count is kept by a trigger on poll_votes in the vote's own transaction.
 */

export const POLL_MESSAGES = {
  noPoll: say('errors.polls.noPoll'),
  closed: say('errors.polls.closed'),
  singleChoice: say('errors.polls.singleChoice'),
  notAnOption: say('errors.polls.notAnOption'),
  verifiedOnlyNotAllowed: say('errors.polls.verifiedOnlyNotAllowed'),
};

/** Only a verified channel's owner may keep its poll's voting to members who meet the channel's requirement. */
export function assertPollAllowed(poll: ParsedPoll, circle: Pick<Circle, 'is_owner' | 'requirement'>): void {
  if (poll.verifiedOnly && !(circle.is_owner && circle.requirement)) throw fieldErrors({ poll: [POLL_MESSAGES.verifiedOnlyNotAllowed] });
}

/** Writes a new post's poll and its options, in the post's transaction. */
export async function insertPoll(tx: Executor, postId: number, poll: ParsedPoll): Promise<void> {
  await tx.insert(polls).values({ postId, multiple: poll.multiple, closesAt: poll.closesAt, verifiedOnly: poll.verifiedOnly });
  await tx.insert(pollOptions).values(poll.options.map((text, position) => ({ postId, position, text })));
}

export function createPollsService({ db }: { db: Db }) {
  return {
    /** The poll of a post the member can see, for the write gate's question (404 for no such post, or no poll). */
    async pollOf(postId: number, userId: number): Promise<{ verifiedOnly: boolean }> {
      const post = await getVisiblePost(db, postId, userId);
      if (!post.poll) throw notFound(POLL_MESSAGES.noPoll);
      return { verifiedOnly: post.poll.verified_only };
    },

    /**
     * Records the member's vote, replacing any earlier one: 400 for a closed poll, several options on a single-choice
     * poll, or an option of another poll. The poll's row is locked for the vote, so votes on one poll queue briefly.
     */
    async vote(input: { postId: number; userId: number; optionIds: number[] }): Promise<Poll> {
      const chosen = [...new Set(input.optionIds)];
      await db.transaction(async (tx) => {
        const [poll] = await tx
          .select({ multiple: polls.multiple, closed: sql<boolean>`${polls.closesAt} <= now()` })
          .from(polls)
          .where(eq(polls.postId, input.postId))
          .for('update');
        if (!poll) throw notFound(POLL_MESSAGES.noPoll);
        if (poll.closed === true || (poll.closed as unknown) === 't') throw detail(400, POLL_MESSAGES.closed);
        if (!poll.multiple && chosen.length > 1) throw fieldErrors({ options: [POLL_MESSAGES.singleChoice] });
        const found = await tx
          .select({ id: pollOptions.id })
          .from(pollOptions)
          .where(and(eq(pollOptions.postId, input.postId), inArray(pollOptions.id, chosen)));
        if (found.length !== chosen.length) throw fieldErrors({ options: [POLL_MESSAGES.notAnOption] });
        await tx.delete(pollVotes).where(and(eq(pollVotes.postId, input.postId), eq(pollVotes.userId, input.userId)));
        await tx.insert(pollVotes).values(chosen.map((optionId) => ({ postId: input.postId, optionId, userId: input.userId })));
      });
      return (await getVisiblePost(db, input.postId, input.userId)).poll!;
    },
  };
}

export type PollsService = ReturnType<typeof createPollsService>;
