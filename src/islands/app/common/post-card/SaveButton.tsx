import { useStore } from '@nanostores/react';
import type { Post } from '../../../../lib/api-types.ts';
import { $savedChanges, isSaved, toggleSaved } from '../../../../stores/saved.store.ts';
import { BookmarkIcon } from '../../shell/icons.tsx';
import { useT } from '../../../i18n/use-t.tsx';

/** Save a post to read later (or take it off the saved list): pressed while saved. */
export function SaveButton({ post }: { post: Pick<Post, 'id' | 'saved' | 'title'> }) {
  const t = useT();
  const changed = useStore($savedChanges);
  const saved = isSaved(post, changed);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t(saved ? 'post.savedLabel' : 'post.saveLabel', { title: post.title })}
      onClick={() => void toggleSaved(post)}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm font-medium hover:bg-brand-50 ${saved ? 'text-brand-700' : 'text-muted hover:text-ink'}`}
    >
      <BookmarkIcon filled={saved} />
      <span>{t(saved ? 'post.saved' : 'post.save')}</span>
    </button>
  );
}
