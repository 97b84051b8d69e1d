import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Post } from '../../../lib/api-types.ts';
import { carryToastsToNextPage, toast } from '../../../lib/toast.ts';
import { $user } from '../../../stores/session.store.ts';
import { deletePost, editPost } from './post-detail.store.ts';
import { htmlToPlainText, plainTextToHtml } from './post-text.ts';
import { relativeTime } from '../../../lib/format.ts';
import { channelHref } from '../common/post-card/media.ts';
import { ReactionButtons } from '../common/post-card/ReactionButtons.tsx';
import { PollBox } from '../common/post-card/PollBox.tsx';
import { LinkCard } from '../common/post-card/LinkCard.tsx';
import { ShareButton } from '../common/post-card/ShareButton.tsx';
import { SaveButton } from '../common/post-card/SaveButton.tsx';
import { TagChips } from '../common/post-card/TagChips.tsx';
import { ReportButton } from '../moderation/ReportButton.tsx';
import '../common/post-card/rich-text.css';
import { ModerationNotice, SafetyBanner } from '../common/post-card/ModerationNotice.tsx';
import { Avatar } from '../shell/Avatar.tsx';
import { AuthorHandle } from '../shell/AuthorHandle.tsx';
import FieldError from '../shell/FieldError.tsx';
import { useConfirmDialog } from '../shell/use-confirm-dialog.tsx';
import { CommentIcon } from '../shell/icons.tsx';
import { PostImage, PostVideo } from '../common/post-card/PostMedia.tsx';
import { useLang, useT } from '../../i18n/use-t.tsx';
import { formatDateTime, translator, type Translate } from '../../../lib/i18n.ts';
import { $lang } from '../../../stores/lang.store.ts';

/** The author's edit form: the title and the text (as plain paragraphs). */
function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const t = useT();
  const [title, setTitle] = useState(post.title);
  const [text, setText] = useState(() => htmlToPlainText(post.description));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      await editPost(title, plainTextToHtml(text));
      onDone();
    } catch (failure) {
      console.error('Failed to edit the post', failure);
      // Beside the form, in the reader's language: the server's reason when it gave one.
      setError(failure instanceof Error && failure.message ? failure.message : t('postDetail.saveFailed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="block text-sm font-semibold">
        {t('postDetail.title')}
        <input
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={300}
          className="mt-1 w-full rounded border border-line p-2 font-normal"
        />
      </label>
      <label className="block text-sm font-semibold">
        {t('postDetail.text')}
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={6}
          className="mt-1 w-full rounded border border-line p-2 font-normal"
        />
      </label>
      <FieldError id="post-edit-error" message={error} />
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={saving || title.trim() === ''}
          className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
        >
          {t('postDetail.save')}
        </button>
        <button type="button" onClick={onDone} className="rounded-full px-3 py-1.5 text-sm font-semibold text-muted hover:bg-canvas">
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

async function removePost(confirmed: Promise<boolean>, t: Translate = translator($lang.get())) {
  if (!(await confirmed)) return;
  try {
    await deletePost();
    await toast(t('postDetail.deleted'), 'success');
    carryToastsToNextPage();
    window.location.assign('/home');
  } catch (error) {
    console.error('Failed to delete the post', error);
    void toast(t('postDetail.deleteFailed'), 'error');
  }
}

/** The post in full: every image and video at its own size, and the description as (server-sanitised) HTML. */
export default function PostArticle({ post }: { post: Post }) {
  const t = useT();
  const lang = useLang();
  const user = useStore($user);
  const [editing, setEditing] = useState(false);
  const [ask, confirmDialog] = useConfirmDialog();
  const mine = user.username !== '' && user.username === post.posted_by;
  return (
    <article className="space-y-3 rounded-xl border border-line bg-surface p-4" aria-labelledby="post-title">
      {confirmDialog}
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Avatar name={post.posted_by} color={post.posted_by_color} />
        <AuthorHandle handle={post.posted_by} className="font-semibold" />
        <span className="text-muted" aria-hidden="true">
          ·
        </span>
        <a href={channelHref(post.circle.name)} className="min-w-0 font-semibold text-brand-700 wrap-anywhere hover:underline">
          b/{post.circle.name}
        </a>
        <span className="text-muted" aria-hidden="true">
          ·
        </span>
        <time dateTime={post.created_at} className="text-muted">
          {relativeTime(post.created_at, new Date(), lang)}
        </time>
        {post.edited_at && (
          <span className="text-muted italic" title={t('postDetail.editedAt', { when: formatDateTime(post.edited_at, lang) })}>
            {t('postDetail.edited')}
          </span>
        )}
      </header>
      <ModerationNotice
        status={post.moderation_status}
        removedReason={post.removed_reason}
        hiddenPendingReview={post.hidden_pending_review}
      />
      <SafetyBanner warning={post.safety_warning} />
      {editing ? (
        <EditPostForm post={post} onDone={() => setEditing(false)} />
      ) : (
        <>
          <h1 id="post-title" className="text-2xl font-bold break-words">
            {post.moderation_status === 'removed' && !post.title ? t('postDetail.removedPost') : post.title}
          </h1>
          <TagChips tags={post.tags} />
          {post.description && <div className="rich-text break-words" dangerouslySetInnerHTML={{ __html: post.description }} />}
        </>
      )}
      {post.images.map((url, index) => (
        <PostImage
          key={url}
          url={url}
          sources={post.image_sources?.[index]}
          alt={post.media_items?.find((item) => item.url === url)?.alt ?? t('postDetail.image', { title: post.title, index: index + 1 })}
          sizes="(max-width: 800px) 100vw, 768px"
          className="h-auto max-h-[36rem] w-full rounded-lg bg-canvas object-contain"
        />
      ))}
      {post.videos.map((url, index) => (
        <PostVideo
          key={url}
          url={url}
          renditions={post.media_items?.find((item) => item.url === url)?.renditions}
          poster={post.video_posters?.[index]}
          posterWidth={768}
          label={t('postDetail.video', { title: post.title, index: index + 1 })}
          className="max-h-[36rem] w-full rounded-lg bg-black"
        />
      ))}
      {post.link && <LinkCard link={post.link} />}
      {post.poll && <PollBox postId={post.id} poll={post.poll} />}
      <footer className="flex flex-wrap items-center gap-1">
        <ReactionButtons post={post} />
        <span className="inline-flex items-center gap-1.5 px-3 py-1.5 text-sm font-medium text-muted" data-testid="comment-count">
          <CommentIcon />
          {t('post.comments', { count: post.comment_count })}
        </span>
        <ShareButton id={post.id} title={post.title} />
        {/* Hidden while the post is being edited: the edit form has its own Save. */}
        {!editing && <SaveButton post={post} />}
        {post.moderation_status === 'visible' && <ReportButton target={{ kind: 'post', id: post.id }} />}
        {mine && !editing && (
          <>
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="rounded-full px-3 py-1.5 text-sm font-medium text-muted hover:bg-brand-50 hover:text-ink"
            >
              {t('postDetail.edit')}
            </button>
            <button
              type="button"
              onClick={() => void removePost(ask(t('postDetail.deleteConfirm'), t('postDetail.delete')), t)}
              className="rounded-full px-3 py-1.5 text-sm font-medium text-muted hover:bg-brand-50 hover:text-ink"
            >
              {t('postDetail.delete')}
            </button>
          </>
        )}
      </footer>
    </article>
  );
}
