import { useStore } from '@nanostores/react';
import type { Post } from '../../../../lib/api-types.ts';
import { $reactions, reactionOf, toggleReaction } from '../../../../stores/reactions.store.ts';
import { ThumbDownIcon, ThumbUpIcon } from '../../shell/icons.tsx';
import { useT } from '../../../i18n/use-t.tsx';

const base = 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm font-medium';

/** Like and dislike with their counts; the active one is pressed, and pressing it again undoes it. */
export function ReactionButtons({ post }: { post: Pick<Post, 'id' | 'liked' | 'disliked' | 'like_count' | 'dislike_count'> }) {
  const t = useT();
  const changed = useStore($reactions);
  const { liked, disliked, like_count, dislike_count } = reactionOf(post, changed);
  return (
    <div className="inline-flex items-center gap-1 rounded-full bg-canvas">
      <button
        type="button"
        aria-pressed={liked}
        aria-label={t('post.like', { count: like_count })}
        onClick={() => void toggleReaction(post, 'like')}
        className={`${base} ${liked ? 'text-brand-700' : 'text-muted hover:text-ink'} hover:bg-brand-50`}
      >
        <ThumbUpIcon filled={liked} />
        <span>{like_count}</span>
      </button>
      <button
        type="button"
        aria-pressed={disliked}
        aria-label={t('post.dislike', { count: dislike_count })}
        onClick={() => void toggleReaction(post, 'dislike')}
        className={`${base} ${disliked ? 'text-blue-800' : 'text-muted hover:text-ink'} hover:bg-brand-50`}
      >
        <ThumbDownIcon filled={disliked} />
        <span>{dislike_count}</span>
      </button>
    </div>
  );
}
