import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TAG_PALETTE } from '../../../lib/tag-colors.ts';
import { TagChip } from '../common/post-card/TagChips.tsx';
import FieldError from '../shell/FieldError.tsx';
import { $channelTags, addChannelTag, removeChannelTag } from './tags.store.ts';
import { useT } from '../../i18n/use-t.tsx';

/** The owner's tags: the list with Remove, and a form to add one (a name and a colour white text reads on). */
export default function ChannelTagsEditor({ circleId }: { circleId: number }) {
  const t = useT();
  const id = useId();
  const tags = useStore($channelTags);
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(TAG_PALETTE[6]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const failure = await addChannelTag(circleId, name, color, t('channelPage.tagsFailed'));
    setBusy(false);
    setError(failure);
    if (!failure) setName('');
  };
  const remove = async (tagId: number) => setError(await removeChannelTag(circleId, tagId, t('channelPage.tagsFailed')));

  return (
    <details className="rounded-xl border border-line bg-surface p-4">
      <summary className="cursor-pointer font-semibold">{t('channelPage.tags')}</summary>
      <div className="mt-3 space-y-3">
        {tags.length === 0 ? (
          <p className="text-sm text-muted">{t('channelPage.noTags')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={t('channelPage.tags')}>
            {tags.map((tag) => (
              <li key={tag.id} className="inline-flex items-center gap-1">
                <TagChip tag={tag} />
                <button
                  type="button"
                  onClick={() => void remove(tag.id)}
                  className="rounded-full px-2 text-xs font-semibold text-muted hover:bg-brand-50 hover:text-ink"
                  aria-label={t('channelPage.removeTag', { name: tag.name })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={(event) => void add(event)} className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-semibold">
              {t('channelPage.tagName')}
            </label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={30}
              onChange={(event) => setName(event.target.value)}
              className="rounded-lg border border-line px-3 py-1.5"
            />
          </div>
          <div>
            <label htmlFor={`${id}-color`} className="mb-1 block text-sm font-semibold">
              {t('channelPage.tagColor')}
            </label>
            <input
              id={`${id}-color`}
              type="color"
              list={`${id}-palette`}
              value={color}
              onChange={(event) => setColor(event.target.value)}
              className="h-9 w-14 rounded border border-line"
            />
            <datalist id={`${id}-palette`}>
              {TAG_PALETTE.map((swatch) => (
                <option key={swatch} value={swatch} />
              ))}
            </datalist>
          </div>
          <TagChip tag={{ id: 0, name: name.trim() || t('channelPage.tagPreview'), color }} />
          <button
            type="submit"
            disabled={busy || !name.trim()}
            className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {t('channelPage.addTag')}
          </button>
        </form>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </details>
  );
}
