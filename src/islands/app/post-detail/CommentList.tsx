import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Comment, CommentSort, ThreadComment } from '../../../lib/api-types.ts';
import { relativeTime } from '../../../lib/format.ts';
import { commentUrl, copyLink } from '../../../lib/browser/share.ts';
import { $user } from '../../../stores/session.store.ts';
import { ModerationNotice, SafetyBanner } from '../common/post-card/ModerationNotice.tsx';
import { Avatar } from '../shell/Avatar.tsx';
import { AuthorHandle } from '../shell/AuthorHandle.tsx';
import FieldError from '../shell/FieldError.tsx';
import { useConfirmDialog } from '../shell/use-confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { ReportButton } from '../moderation/ReportButton.tsx';
import CommentBox from './CommentBox.tsx';
import { splitMentions } from '../../../lib/mentions.ts';
import {
  $detail,
  addReply,
  COMMENT_FAILED,
  COMMENT_SORTS,
  deleteComment,
  editComment,
  loadMoreReplies,
  setCommentSort,
  toggleUpvote,
} from './post-detail.store.ts';
import { hiddenReplies, THREAD_DEPTH } from './thread-tree.ts';
import { PostImage, PostVideo } from '../common/post-card/PostMedia.tsx';
import { formatDateTime, translator } from '../../../lib/i18n.ts';
import { $lang } from '../../../stores/lang.store.ts';
import { useLang, useT } from '../../i18n/use-t.tsx';

function CommentMedia({ comment }: { comment: Comment }) {
  const t = useT();
  if (!comment.media_url) return null;
  if (comment.media_kind === 'video') {
    return (
      <PostVideo
        url={comment.media_url}
        renditions={comment.media_items?.[0]?.renditions}
        poster={comment.media_poster}
        posterWidth={480}
        label={t('postDetail.commentVideo', { author: comment.author })}
        className="mt-2 max-h-80 rounded"
      />
    );
  }
  return (
    <PostImage
      url={comment.media_url}
      sources={comment.media_sources ?? undefined}
      alt={comment.media_items?.[0]?.alt ?? t('postDetail.commentImage', { author: comment.author })}
      sizes="(max-width: 640px) 90vw, 480px"
      className="mt-2 h-auto max-h-80 w-auto max-w-full rounded object-contain"
    />
  );
}

/** Plain text with each @Handle a link to that member's public card. */
function BodyText({ text }: { text: string }) {
  return (
    <p className="mt-1 break-words whitespace-pre-wrap">
      {splitMentions(text).map((part, index) =>
        part.handle ? (
          <a key={index} href={`/home/u/${encodeURIComponent(part.handle)}`} className="font-semibold text-brand-700 hover:underline">
            @{part.handle}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

const actionClass = 'rounded px-2 py-1 hover:bg-canvas';

/** Edits a comment's text in place: Enter saves, Shift+Enter a new line, Escape cancels. */
function EditBox({ comment, onDone }: { comment: Comment; onDone: () => void }) {
  const t = useT();
  const [text, setText] = useState(comment.body);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      await editComment(comment.id, text);
      onDone();
    } catch (failure) {
      console.error('Failed to edit comment', failure);
      setError(failure instanceof Error && failure.message ? failure.message : t(COMMENT_FAILED));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className="mt-1"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <textarea
        aria-label={t('postDetail.editComment')}
        value={text}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void save();
          }
        }}
        className="w-full rounded border border-line p-2"
      />
      <FieldError id={`edit-${comment.id}-error`} message={error} />
      <div className="mt-1 flex gap-2">
        <button type="submit" disabled={saving} className="rounded-full bg-brand-600 px-4 py-1 text-sm font-semibold text-white">
          {t('postDetail.save')}
        </button>
        <button type="button" onClick={onDone} className="rounded-full px-3 py-1 text-sm font-semibold text-muted hover:bg-canvas">
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** One comment, its actions, and (to THREAD_DEPTH) the replies below it. Its body is text, never HTML. */
function CommentNode({
  node,
  depth,
  postId,
  me,
  highlight,
}: {
  node: ThreadComment;
  depth: number;
  postId: number;
  me: string;
  highlight: number | null;
}) {
  const t = useT();
  const lang = useLang();
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const mine = !node.deleted && me !== '' && node.author === me;
  const replies = node.replies ?? [];
  const hidden = hiddenReplies(node);
  const highlighted = highlight === node.id;

  const [ask, confirmDialog] = useConfirmDialog();
  const remove = async () => {
    const say = translator($lang.get());
    if (!(await ask(say('postDetail.deleteCommentConfirm'), say('postDetail.delete')))) return;
    try {
      await deleteComment(node.id);
    } catch (error) {
      console.error('Failed to delete comment', error);
      void toast(say('postDetail.deleteCommentFailed'), 'error');
    }
  };

  let below: ReactNode = null;
  if (collapsed) {
    below = null;
  } else if (depth >= THREAD_DEPTH) {
    if (node.reply_count > 0) {
      below = (
        <a
          href={`/home/comments/${postId}?thread=${node.id}`}
          className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
        >
          {t('postDetail.continueThread')}
        </a>
      );
    }
  } else {
    below = (
      <>
        {replies.length > 0 && (
          <ul className="mt-1 border-l-2 border-line pl-3" aria-label={t('postDetail.repliesTo', { author: node.author })}>
            {replies.map((reply) => (
              <CommentNode key={reply.id} node={reply} depth={depth + 1} postId={postId} me={me} highlight={highlight} />
            ))}
          </ul>
        )}
        {hidden > 0 && (
          <button
            type="button"
            onClick={() => void loadMoreReplies(node.id)}
            className="mt-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            {t('postDetail.showMoreReplies', { count: hidden })}
          </button>
        )}
      </>
    );
  }

  return (
    <li className="py-2" data-testid="comment" id={`comment-${node.id}`} data-depth={depth}>
      {confirmDialog}
      <div
        className={`flex gap-3 rounded-lg p-1 ${highlighted ? 'bg-brand-50 ring-2 ring-brand-600' : ''}`}
        data-highlighted={highlighted || undefined}
      >
        <Avatar name={node.author} color={node.author_color} />
        <div className="min-w-0 flex-1">
          <p className="text-sm">
            <AuthorHandle handle={node.author} className="font-semibold" />{' '}
            <span className="ml-1 text-muted">
              <time dateTime={node.created_at}>{relativeTime(node.created_at, new Date(), lang)}</time>
              {node.edited_at && (
                <span title={t('postDetail.editedAt', { when: formatDateTime(node.edited_at, lang) })} className="ml-1 italic">
                  {t('postDetail.edited')}
                </span>
              )}
            </span>
          </p>
          <div className="mt-1 flex flex-col gap-1">
            <ModerationNotice
              status={node.moderation_status}
              removedReason={node.removed_reason}
              hiddenPendingReview={node.hidden_pending_review}
            />
            <SafetyBanner warning={node.safety_warning} />
          </div>
          {node.deleted ? (
            <p className="mt-1 text-muted italic">{t('postDetail.deletedComment')}</p>
          ) : editing ? (
            <EditBox comment={node} onDone={() => setEditing(false)} />
          ) : (
            node.body && <BodyText text={node.body} />
          )}
          {!node.deleted && <CommentMedia comment={node} />}
          <div className="mt-2 flex flex-wrap items-center gap-1 text-sm text-muted">
            <button
              type="button"
              aria-pressed={node.upvoted}
              aria-label={t('postDetail.upvote', { count: node.upvote_count })}
              disabled={node.deleted || me === ''}
              onClick={() => void toggleUpvote(node)}
              className={`${actionClass} ${node.upvoted ? 'font-semibold text-brand-700' : ''}`}
            >
              ▲ <span data-testid="upvote-count">{node.upvote_count}</span>
            </button>
            {!node.deleted && me !== '' && (
              <button type="button" className={actionClass} aria-expanded={replying} onClick={() => setReplying(!replying)}>
                {t('postDetail.reply')}
              </button>
            )}
            <button type="button" className={actionClass} onClick={() => void copyLink(commentUrl(postId, node.id))}>
              {t('postDetail.share')}
            </button>
            {mine && !editing && (
              <>
                <button type="button" className={actionClass} onClick={() => setEditing(true)}>
                  {t('postDetail.edit')}
                </button>
                <button type="button" className={actionClass} onClick={() => void remove()}>
                  {t('postDetail.delete')}
                </button>
              </>
            )}
            {(replies.length > 0 || node.reply_count > 0) && (
              <button type="button" className={actionClass} aria-expanded={!collapsed} onClick={() => setCollapsed(!collapsed)}>
                {collapsed ? t('postDetail.repliesHidden', { count: node.reply_count }) : t('postDetail.collapseThread')}
              </button>
            )}
            {node.moderation_status === 'visible' && !node.deleted && <ReportButton target={{ kind: 'comment', id: node.id }} compact />}
          </div>
          {replying && (
            <div className="mt-2">
              <CommentBox
                label={t('postDetail.replyTo', { author: node.author })}
                submitLabel={t('postDetail.reply')}
                autoFocus
                onCancel={() => setReplying(false)}
                onSend={async (text, file, upload, alt) => {
                  await addReply(node.id, text, file, upload, alt);
                  setReplying(false);
                }}
              />
            </div>
          )}
          {below}
        </div>
      </div>
    </li>
  );
}

/** The spec's 'Sort by: Best' label, now a menu: Best (the default), New, Top. */
function CommentSortMenu({ sort }: { sort: CommentSort }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="relative my-3 text-sm text-muted" onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="rounded px-1 py-0.5 hover:bg-canvas"
      >
        {t('postDetail.sortBy')} <span className="font-semibold text-ink">{t(`postDetail.sort.${sort}`)}</span>
      </button>
      {open && (
        <div
          role="menu"
          aria-label={t('postDetail.sortComments')}
          className="absolute z-10 mt-1 w-32 rounded-lg border border-line bg-surface py-1 shadow-lg"
        >
          {COMMENT_SORTS.map((value) => (
            <button
              key={value}
              type="button"
              role="menuitemradio"
              aria-checked={value === sort}
              onClick={() => {
                setOpen(false);
                void setCommentSort(value);
              }}
              className={`block w-full px-3 py-1.5 text-left hover:bg-canvas ${value === sort ? 'font-semibold text-ink' : ''}`}
            >
              {t(`postDetail.sort.${value}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

type Props = { comments: ThreadComment[]; hasMore: boolean; loadingMore: boolean; onMore: () => void };

export default function CommentList({ comments, hasMore, loadingMore, onMore }: Props) {
  const t = useT();
  const detail = useStore($detail);
  const user = useStore($user);
  const sort: CommentSort = detail.status === 'ready' ? detail.sort : 'best';
  const highlight = detail.status === 'ready' ? detail.highlight : null;
  const postId = detail.status === 'ready' ? detail.post.id : 0;
  const thread = detail.status === 'ready' ? detail.thread : null;

  // A shared link's comment, once on the page, scrolls into view.
  useEffect(() => {
    if (highlight !== null) document.getElementById(`comment-${highlight}`)?.scrollIntoView({ block: 'center' });
  }, [highlight]);

  return (
    <section aria-label={t('postDetail.comments')}>
      <CommentSortMenu sort={sort} />
      {thread !== null && (
        <a href={`/home/comments/${postId}`} className="mb-2 inline-block text-sm font-semibold text-brand-700 hover:underline">
          {t('postDetail.backToAll')}
        </a>
      )}
      {comments.length === 0 ? (
        <p className="py-4 text-muted">{t('postDetail.noComments')}</p>
      ) : (
        <ul className="divide-y divide-line">
          {comments.map((comment) => (
            <CommentNode key={comment.id} node={comment} depth={0} postId={postId} me={user.username} highlight={highlight} />
          ))}
        </ul>
      )}
      {hasMore && (
        <button
          type="button"
          onClick={onMore}
          disabled={loadingMore}
          className="mt-3 rounded-full border border-line px-4 py-2 text-sm font-semibold hover:bg-canvas"
        >
          {loadingMore ? t('postDetail.loadingMore') : t('postDetail.showMoreComments')}
        </button>
      )}
    </section>
  );
}
