import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import type { ProfileCard as Card } from '../../../lib/api-types.ts';
import { Avatar } from '../shell/Avatar.tsx';
import { useLang, useT, withLang } from '../../i18n/use-t.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { animalName, chipLabel } from '../../../lib/identity-words.ts';

type State = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; card: Card };

/** A member's public card: handle, avatar colour and animal, identity chips, and when they joined. */
function ProfileCard({ handle }: { handle: string }) {
  const t = useT();
  const lang = useLang();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    api<Card>(`/api/users/${encodeURIComponent(handle)}/card/`).then(
      (card) => setState({ status: 'ready', card }),
      () => setState({ status: 'missing' }),
    );
  }, [handle]);
  if (state.status === 'loading') return <p role="status" className="py-10 text-center text-muted">{t('profileCard.loading')}</p>;
  if (state.status === 'missing') return <p role="alert" className="py-10 text-center text-muted">{t('profileCard.missing', { handle })}</p>;
  const { card } = state;
  return (
    <section aria-label={t('profileCard.card', { name: card.username })} className="mx-auto max-w-md rounded-xl border border-line bg-surface p-6">
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
  );
}

export default withLang(ProfileCard);
