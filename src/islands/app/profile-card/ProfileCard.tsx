import { useEffect, useState } from 'react';
import { api } from '../../../lib/browser/api-client.ts';
import type { ProfileCard as Card } from '../../../lib/api-types.ts';
import { useStore } from '@nanostores/react';
import { Avatar } from '../shell/Avatar.tsx';
import { PostCard } from '../common/post-card/PostCard.tsx';
import { $cardPosts, loadCardPosts } from './profile-card.store.ts';
import { useLang, useT, withLang } from '../../i18n/use-t.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { animalName, chipLabel } from '../../../lib/identity-words.ts';

type State = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; card: Card };

/** A member's public card: handle, avatar colour and animal, identity chips, and when they joined. */
function ProfileCard({ handle }: { handle: string }) {
  const t = useT();
  const lang = useLang();
  const [state, setState] = useState<State>({ status: 'loading' });
  const posts = useStore($cardPosts);
  useEffect(() => {
    api<Card>(`/api/users/${encodeURIComponent(handle)}/card/`).then(
      (card) => {
        setState({ status: 'ready', card });
        void loadCardPosts(handle);
      },
      () => setState({ status: 'missing' }),
    );
  }, [handle]);
  if (state.status === 'loading')
    return (
      <p role="status" className="py-10 text-center text-muted">
        {t('profileCard.loading')}
      </p>
    );
  if (state.status === 'missing')
    return (
      <p role="alert" className="py-10 text-center text-muted">
        {t('profileCard.missing', { handle })}
      </p>
    );
  const { card } = state;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <section aria-label={t('profileCard.card', { name: card.username })} className="rounded-xl border border-line bg-surface p-6">
        <div className="flex items-center gap-3">
          <Avatar name={card.username} color={card.color} />
          <div>
            <h1 className="text-xl font-bold">{card.username}</h1>
            <p className="text-sm text-muted">
              {t('profileCard.memberSince', { animal: animalName(card.animal, t), date: formatDate(card.member_since, lang, 'short') })}
            </p>
          </div>
        </div>
        {card.identity.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('profileCard.verified')}>
            {card.identity.map((chip) => (
              <li key={`${chip.kind}-${chip.label}`} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
                {chipLabel(chip, t)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="card-posts" className="space-y-3">
        <h2 id="card-posts" className="text-lg font-bold">
          {t('profileCard.posts')}
        </h2>
        {posts.items.map((post) => (
          <PostCard key={post.id} post={post} headingLevel={3} />
        ))}
        {!posts.loading && !posts.hasMore && posts.items.length === 0 && <p className="text-sm text-muted">{t('profileCard.noPosts')}</p>}
        {posts.failed && (
          <p role="alert" className="text-sm">
            {t('profileCard.postsFailed')}
          </p>
        )}
        {posts.loading && (
          <p role="status" className="text-sm text-muted">
            {t('profileCard.loading')}
          </p>
        )}
        {posts.hasMore && !posts.loading && !posts.failed && posts.items.length > 0 && (
          <button
            type="button"
            onClick={() => void loadCardPosts(card.username)}
            className="w-full rounded-lg px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t('app.popular.showMore')}
          </button>
        )}
      </section>
    </div>
  );
}

export default withLang(ProfileCard);
