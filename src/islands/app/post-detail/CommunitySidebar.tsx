import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { openLogin } from '../../../stores/login.store.ts';
import { hasToken } from '../../../stores/session.store.ts';
import { joinButton, membersLabel } from '../../../stores/membership.store.ts';
import { channelHref } from '../common/post-card/media.ts';
import RulesPanel from '../channel/RulesPanel.tsx';
import { useLang, useT } from '../../i18n/use-t.tsx';
import { $community, joinCommunity } from './post-detail.store.ts';

/** The post's community with a working Join Community button, then its rules (the site's when it has none). */
export default function CommunitySidebar({ fallbackName }: { fallbackName: string }) {
  const t = useT();
  const lang = useLang();
  const community = useStore($community);
  const name = community?.name ?? fallbackName;
  const [joining, setJoining] = useState(false);
  const button = community
    ? joinButton(community, joining, t('postDetail.joinCommunity'), t)
    : { label: t('postDetail.joinCommunity'), disabled: true };

  const onJoin = async () => {
    if (!hasToken()) return openLogin();
    setJoining(true);
    await joinCommunity();
    setJoining(false);
  };

  return (
    <aside className="space-y-4" aria-label={t('postDetail.community')}>
      <section className="rounded-lg border border-line bg-surface p-4">
        <h2 className="text-lg font-bold wrap-anywhere">
          <a href={channelHref(community?.name ?? fallbackName)} className="hover:underline">
            b/{community?.name ?? fallbackName}
          </a>
        </h2>
        {community?.description && <p className="mt-1 text-sm whitespace-pre-wrap text-muted wrap-anywhere">{community.description}</p>}
        <p className="mt-3 text-sm">
          <span className="font-semibold" data-testid="community-members">
            {community ? membersLabel(community.members_count, lang) : '\u00a0'}
          </span>
        </p>
        <button
          type="button"
          onClick={onJoin}
          disabled={button.disabled}
          className="mt-3 w-full rounded-full bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:bg-stone-200 disabled:text-stone-700"
        >
          {button.label}
        </button>
      </section>
      <RulesPanel circleId={community?.id ?? null} name={name} />
    </aside>
  );
}
