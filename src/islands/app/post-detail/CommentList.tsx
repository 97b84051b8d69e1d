import type { Comment } from '../../../lib/api-types.ts';
import { relativeTime } from '../../../lib/format.ts';
import { ModerationNotice, SafetyBanner } from '../post-card/ModerationNotice.tsx';
import { Avatar } from '../shell/Avatar.tsx';
import { ReportButton } from '../moderation/ReportButton.tsx';

function CommentMedia({ comment }: { comment: Comment }) {
  if (!comment.media_url) return null;
  if (comment.media_kind === 'video') return <video src={comment.media_url} controls preload="metadata" className="mt-2 max-h-80 rounded" />;
  return <img src={comment.media_url} alt={`Image in ${comment.author}'s comment`} loading="lazy" className="mt-2 max-h-80 rounded" />;
}

/** One comment; its body is text, never HTML. Reply and Share have no behaviour yet (spec section 9). */
function CommentItem({ comment }: { comment: Comment }) {
  return (
    <li className="flex gap-3 py-3" data-testid="comment" id={`comment-${comment.id}`}>
      <Avatar name={comment.author} color={comment.author_color} />
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-semibold">{comment.author}</span>{' '}
          <span className="ml-1 text-muted">
            <time dateTime={comment.created_at}>{relativeTime(comment.created_at)}</time>
          </span>
        </p>
        <div className="mt-1 flex flex-col gap-1">
          <ModerationNotice status={comment.moderation_status} removedReason={comment.removed_reason} hiddenPendingReview={comment.hidden_pending_review} />
          <SafetyBanner warning={comment.safety_warning} />
        </div>
        {comment.body && <p className="mt-1 break-words whitespace-pre-wrap">{comment.body}</p>}
        <CommentMedia comment={comment} />
        <div className="mt-2 flex items-center gap-3 text-sm text-muted">
          <span aria-label={`${comment.upvote_count} upvotes`}>▲ {comment.upvote_count}</span>
          <button type="button" className="rounded px-2 py-1 hover:bg-canvas">
            Reply
          </button>
          <button type="button" className="rounded px-2 py-1 hover:bg-canvas">
            Share
          </button>
          {comment.moderation_status === 'visible' && <ReportButton target={{ kind: 'comment', id: comment.id }} compact />}
        </div>
      </div>
    </li>
  );
}

type Props = { comments: Comment[]; hasMore: boolean; loadingMore: boolean; onMore: () => void };

export default function CommentList({ comments, hasMore, loadingMore, onMore }: Props) {
  return (
    <section aria-label="Comments">
      <p className="my-3 text-sm text-muted">
        Sort by: <span className="font-semibold text-ink">Best</span>
      </p>
      {comments.length === 0 ? (
        <p className="py-4 text-muted">No comments yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ul>
      )}
      {hasMore && (
        <button type="button" onClick={onMore} disabled={loadingMore} className="mt-3 rounded-full border border-line px-4 py-2 text-sm font-semibold hover:bg-canvas">
          {loadingMore ? 'Loading...' : 'Show more comments'}
        </button>
      )}
    </section>
  );
}
