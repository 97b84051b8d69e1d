import { useStore } from '@nanostores/react';
import { requirementText } from '../../../stores/verification-gate.store.ts';
import type { Circle } from '../../../lib/api-types.ts';
import { openLogin } from '../../../stores/login.store.ts';
import { hasToken } from '../../../stores/session.store.ts';
import { createPostUrl } from '../create-post/navigation.ts';
import { bannerStyle } from './banner.ts';
import { $joining, canReadPosts, joinThisChannel } from './channel.store.ts';
import { joinButton, membersLabel } from '../../../stores/membership.store.ts';
import { useLang, useT } from '../../i18n/use-t.tsx';

export const createPostButton =
  'inline-flex items-center rounded-full border border-brand-600 px-4 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50';

/** Banner in the channel's colours, its name and member count, Create Post and the join button. */
export default function ChannelHeader({ circle }: { circle: Circle }) {
  const t = useT();
  const lang = useLang();
  const joining = useStore($joining);
  const button = joinButton(circle, joining, undefined, t);
  const onJoin = () => (hasToken() ? void joinThisChannel() : openLogin());

  return (
    <header className="overflow-hidden rounded-xl border border-line bg-surface">
      <div className="h-24 sm:h-32" style={bannerStyle(circle.theme_colors)} data-testid="channel-banner" />
      <div className="flex flex-wrap items-end gap-3 px-4 pb-4">
        <span
          aria-hidden="true"
          className="-mt-8 flex size-16 items-center justify-center rounded-full border-4 border-surface text-2xl font-bold text-white"
          style={{ background: circle.theme_colors.primary }}
        >
          {circle.name.trim()[0]?.toUpperCase()}
        </span>
        {/* The basis lets the buttons wrap under the name on narrow screens instead of squeezing it to a letter a line. */}
        <div className="min-w-0 flex-1 basis-40">
          <h1 className="text-2xl font-bold break-words">b/{circle.name}</h1>
          <p className="text-sm text-muted">
            <span data-testid="members-count">{membersLabel(circle.members_count, lang)}</span>{' '}
            {circle.channel_type === 'private' && (
              <span className="ml-2 rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold text-ink">{t('channel.private')}</span>
            )}
          </p>
          {circle.requirement && (
            <p className="mt-1 text-sm font-semibold text-brand-700" data-testid="channel-requirement">
              {requirementText(circle.requirement, t)}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          {canReadPosts(circle) && (
            <a href={createPostUrl(circle.name)} className={createPostButton}>
              {t('channel.createPost')}
            </a>
          )}
          <button
            type="button"
            onClick={onJoin}
            disabled={button.disabled}
            className="rounded-full bg-brand-600 px-5 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:bg-stone-200 disabled:text-stone-700"
          >
            {button.label}
          </button>
        </div>
      </div>
    </header>
  );
}
