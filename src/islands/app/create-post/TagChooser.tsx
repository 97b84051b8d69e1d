import { useEffect, useState } from 'react';
import type { PostTag } from '../../../lib/api-types.ts';
import { TagChip } from '../common/post-card/TagChips.tsx';
import { MAX_POST_TAGS, tagsOfCommunity } from './create-post.store.ts';
import { useT } from '../../i18n/use-t.tsx';

/**
 * The chosen channel's tags as checkboxes, up to three chosen; nothing when the channel has none. The list follows the
 * community field (looked up a moment after typing stops), and a tag no longer offered is dropped from the choice.
 */
export default function TagChooser({
  community,
  value,
  onChange,
}: {
  community: string;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const t = useT();
  const [tags, setTags] = useState<PostTag[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void tagsOfCommunity(community).then((found) => {
        if (!current) return;
        setTags(found);
        const offered = new Set(found.map((tag) => tag.id));
        if (value.some((id) => !offered.has(id))) onChange(value.filter((id) => offered.has(id)));
      });
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // Only a new community reloads the list; the choice is checked against it when it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [community]);
  if (tags.length === 0) return null;
  const full = value.length >= MAX_POST_TAGS;
  return (
    <fieldset className="rounded-lg border border-line bg-surface p-3">
      <legend className="px-1 text-sm font-semibold">{t('createPost.tags', { max: MAX_POST_TAGS })}</legend>
      <div className="flex flex-wrap gap-2">
        {tags.map((tag) => {
          const checked = value.includes(tag.id);
          return (
            <label
              key={tag.id}
              className={`inline-flex items-center gap-1.5 rounded-full border border-line px-2 py-1 text-sm ${!checked && full ? 'opacity-60' : 'cursor-pointer'}`}
            >
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && full}
                onChange={() => onChange(checked ? value.filter((id) => id !== tag.id) : [...value, tag.id])}
              />
              <TagChip tag={tag} />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
