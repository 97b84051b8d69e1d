import type { Post } from '../../../lib/api-types.ts';
import { relativeTime } from '../../../lib/format.ts';
import { channelHref } from '../post-card/media.ts';
import { ReactionButtons } from '../post-card/ReactionButtons.tsx';
import { ShareButton } from '../post-card/ShareButton.tsx';
import { ReportButton } from '../moderation/ReportButton.tsx';
import '../post-card/rich-text.css';
import { ModerationNotice, SafetyBanner } from '../post-card/ModerationNotice.tsx';
import { Avatar } from '../shell/Avatar.tsx';
import { CommentIcon } from '../shell/icons.tsx';

/** The post in full: every image and video at its own size, and the description as (server-sanitised) HTML. */
export default function PostArticle({ post }: { post: Post }) {
  return (
    <article className="space-y-3 rounded-xl border border-line bg-surface p-4" aria-labelledby="post-title">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Avatar name={post.posted_by} color={post.posted_by_color} />
        <span className="font-semibold">{post.posted_by}</span>
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
          {relativeTime(post.created_at)}
        </time>
      </header>
      <ModerationNotice status={post.moderation_status} removedReason={post.removed_reason} hiddenPendingReview={post.hidden_pending_review} />
      <SafetyBanner warning={post.safety_warning} />
      <h1 id="post-title" className="text-2xl font-bold break-words">
        {post.moderation_status === 'removed' && !post.title ? 'Removed post' : post.title}
      </h1>
      {post.description && <div className="rich-text break-words" dangerouslySetInnerHTML={{ __html: post.description }} />}
      {post.images.map((url, index) => (
        <img key={url} src={url} alt={`${post.title}: image ${index + 1}`} className="max-h-[36rem] w-full rounded-lg bg-canvas object-contain" />
      ))}
      {post.videos.map((url) => (
        <video key={url} src={url} controls preload="metadata" playsInline className="max-h-[36rem] w-full rounded-lg bg-black" />
      ))}
      <footer className="flex flex-wrap items-center gap-1">
        <ReactionButtons post={post} />
        <span className="inline-flex items-center gap-1.5 px-3 py-1.5 text-sm font-medium text-muted" data-testid="comment-count">
          <CommentIcon />
          {post.comment_count} Comments
        </span>
        <ShareButton id={post.id} title={post.title} />
        {post.moderation_status === 'visible' && <ReportButton target={{ kind: 'post', id: post.id }} />}
      </footer>
    </article>
  );
}
