import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useT } from '../i18n/use-t.tsx';
import { $featured, feature, loadFeatured, unfeature } from './featured.store.ts';

/** Staff pick members' public posts for the landing page (in place of invented testimonials), and take them off. */
export default function FeaturedPosts() {
  const t = useT();
  const id = useId();
  const { items, loading, busy, error } = useStore($featured);
  const [post, setPost] = useState('');
  useEffect(() => void loadFeatured(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await feature(post)) setPost('');
  };
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2">
        <label htmlFor={`${id}-post`} className="flex flex-col gap-1 text-sm font-semibold">
          {t('staff.featured.postLabel')}
          <input
            id={`${id}-post`}
            value={post}
            onChange={(event) => setPost(event.target.value)}
            className="w-72 rounded-lg border border-line bg-surface px-3 py-2 font-normal"
          />
        </label>
        <button
          type="submit"
          disabled={busy || !post.trim()}
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t('staff.featured.feature')}
        </button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {loading ? (
        <p className="text-sm text-muted">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t('staff.featured.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li
              key={item.post_id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-surface p-4"
            >
              <div className="min-w-0">
                <a href={`/home/comments/${item.post_id}`} className="font-semibold text-ink hover:text-brand-700">
                  {item.title}
                </a>
                <p className="text-sm text-muted">{t('staff.featured.byline', { author: item.author, channel: item.channel.name })}</p>
              </div>
              <button
                type="button"
                onClick={() => void unfeature(item.post_id)}
                className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold"
              >
                {t('staff.featured.unfeature')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
