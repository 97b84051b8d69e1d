import type { PostTag } from '../../../../lib/api-types.ts';
import { useT } from '../../../i18n/use-t.tsx';

/** One tag: its name in white on its colour (the server keeps every colour at 4.5:1 or more against white). */
export function TagChip({ tag }: { tag: PostTag }) {
  return (
    <span
      className="inline-block max-w-full truncate rounded-full px-2 py-0.5 text-xs font-semibold text-white"
      style={{ backgroundColor: tag.color }}
    >
      {tag.name}
    </span>
  );
}

/** A post's tags, as a labelled list; nothing for a post without tags. */
export function TagChips({ tags }: { tags: PostTag[] | undefined }) {
  const t = useT();
  if (!tags?.length) return null;
  return (
    <ul aria-label={t('post.tags')} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag.id}>
          <TagChip tag={tag} />
        </li>
      ))}
    </ul>
  );
}
