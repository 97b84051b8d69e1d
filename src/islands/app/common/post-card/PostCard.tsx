import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { getAccessToken } from '../../../../lib/browser/api-client.ts';
import type { Post } from '../../../../lib/api-types.ts';
import { relativeTime } from '../../../../lib/format.ts';
import { Avatar } from '../../shell/Avatar.tsx';
import { AuthorHandle } from '../../shell/AuthorHandle.tsx';
import { CommentIcon } from '../../shell/icons.tsx';
import { $mutedWords, containsMutedWord, loadMutedWords } from '../../../../stores/muted-words.store.ts';
import { MediaGrid } from './MediaGrid.tsx';
import { ModerationNotice, SafetyBanner } from './ModerationNotice.tsx';
import { channelHref, mediaOf, postHref } from './media.ts';
import { ReactionButtons } from './ReactionButtons.tsx';
import { ShareButton } from './ShareButton.tsx';
import { SaveButton } from './SaveButton.tsx';
import { TagChips } from './TagChips.tsx';
import { PollBox } from './PollBox.tsx';
import { LinkCard } from './LinkCard.tsx';
import { ReportButton } from '../../moderation/ReportButton.tsx';
import './rich-text.css';
import { useLang, useT } from '../../../i18n/use-t.tsx';

export { MediaGrid } from './MediaGrid.tsx';
export { ReactionButtons } from './ReactionButtons.tsx';
export { ShareButton } from './ShareButton.tsx';
export { SaveButton } from './SaveButton.tsx';
export { channelHref, postHref, mediaOf } from './media.ts';

/**
 * One post in a list (feed, channel page): author, time, 'b/{name}', title, the description as HTML only when
 * there is no media (the server sanitises it), the media grid, and the actions. A post containing one of the
 * member's muted words collapses until tapped open.
 */
export function PostCard({ post, headingLevel = 2, priority = false }: { post: Post; headingLevel?: 2 | 3; priority?: boolean }) {
  const t = useT();
  const mutedWords = useStore($mutedWords);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (getAccessToken()) void loadMutedWords();
  }, []);
  if (!shown && containsMutedWord(`${post.title} ${post.description}`, mutedWords)) {
    return (
      <article
        className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-muted"
        aria-label={t('post.hidden')}
      >
        <span>{t('post.hiddenMuted')}</span>
        <button
          type="button"
          onClick={() => setShown(true)}
          className="rounded-full px-3 py-1 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('post.show')}
        </button>
      </article>
    );
  }
  return <PostCardBody post={post} headingLevel={headingLevel} priority={priority} />;
}

/** `priority`: the list's first card, whose first image is usually the largest thing on the screen. */
function PostCardBody({ post, headingLevel, priority }: { post: Post; headingLevel: 2 | 3; priority: boolean }) {
  const t = useT();
  const lang = useLang();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const hasMedia = mediaOf(post).length > 0;
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4" aria-labelledby={`post-${post.id}-title`}>
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Avatar name={post.posted_by} color={post.posted_by_color} />
        <AuthorHandle handle={post.posted_by} />
        <span className="text-muted" aria-hidden="true">
          ·
        </span>
        <time dateTime={post.created_at} className="text-muted" suppressHydrationWarning>
          {relativeTime(post.created_at, new Date(), lang)}
        </time>
        <a
          href={channelHref(post.circle.name)}
          className="ml-auto max-w-full truncate rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 hover:bg-brand-100"
        >
          b/{post.circle.name}
        </a>
      </header>
      <ModerationNotice
        status={post.moderation_status}
        removedReason={post.removed_reason}
        hiddenPendingReview={post.hidden_pending_review}
      />
      <SafetyBanner warning={post.safety_warning} />
      <Heading id={`post-${post.id}-title`} className="text-lg font-bold leading-snug text-ink break-words">
        {post.title}
      </Heading>
      <TagChips tags={post.tags} />
      {!hasMedia && post.description && (
        <div className="rich-text text-sm text-ink break-words" dangerouslySetInnerHTML={{ __html: post.description }} />
      )}
      <MediaGrid post={post} priority={priority} />
      {post.link && <LinkCard link={post.link} />}
      {post.poll && <PollBox postId={post.id} poll={post.poll} />}
      <footer className="flex flex-wrap items-center gap-1">
        <ReactionButtons post={post} />
        <a
          href={postHref(post.id)}
          className="inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm font-medium text-muted hover:bg-brand-50 hover:text-ink"
        >
          <CommentIcon />
          <span>{t('post.comments', { count: post.comment_count })}</span>
        </a>
        <ShareButton id={post.id} title={post.title} />
        <SaveButton post={post} />
        {post.moderation_status === 'visible' && <ReportButton target={{ kind: 'post', id: post.id }} />}
      </footer>
    </article>
  );
}

export default PostCard;
