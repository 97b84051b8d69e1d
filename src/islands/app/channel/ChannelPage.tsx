import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Circle } from '../../../lib/api-types.ts';
import { createPostUrl } from '../create-post/navigation.ts';
import ChannelHeader, { createPostButton } from './ChannelHeader.tsx';
import ChannelPosts from './ChannelPosts.tsx';
import JoinRequests from './JoinRequests.tsx';
import ChannelSettings from './ChannelSettings.tsx';
import ChannelTagsEditor from './ChannelTagsEditor.tsx';
import { ModeratorsEditor, RemovalReasonsEditor, StepDownButton } from './ChannelTeam.tsx';
import { $user } from '../../../stores/session.store.ts';
import { ChannelModlogLink, ChannelReports } from '../moderation/ChannelModeration.tsx';
import { $channel, $requests, canReadPosts, openChannel, type ChannelRef } from './channel.store.ts';
import ChannelRulesEditor from './ChannelRulesEditor.tsx';
import RulesPanel from './RulesPanel.tsx';
import { membersLabel } from '../../../stores/membership.store.ts';
import { useLang, useT, withLang } from '../../i18n/use-t.tsx';
import { formatDate } from '../../../lib/i18n.ts';

function About({ circle }: { circle: Circle }) {
  const t = useT();
  const lang = useLang();
  return (
    <aside aria-label={t('channelPage.about')} className="space-y-3 rounded-xl border border-line bg-surface p-4">
      <h2 className="font-bold wrap-anywhere">{t('channelPage.aboutName', { name: circle.name })}</h2>
      <p className="text-sm whitespace-pre-wrap wrap-anywhere">{circle.description}</p>
      <p className="text-sm">
        <span className="font-semibold">{membersLabel(circle.members_count, lang)}</span>
        <span className="text-muted"> · {circle.channel_type === 'private' ? t('channelPage.private') : t('channelPage.public')}</span>
      </p>
      <p className="text-sm text-muted">{t('channelPage.created', { date: formatDate(circle.created_at, lang, 'short') })}</p>
      {canReadPosts(circle) && (
        <a href={createPostUrl(circle.name)} className={createPostButton}>
          {t('channel.createPost')}
        </a>
      )}
    </aside>
  );
}

function PrivateNotice({ circle }: { circle: Circle }) {
  const t = useT();
  return (
    <div className="rounded-xl border border-line bg-surface p-6 text-center">
      <h2 className="mb-1 font-bold">{t('channelPage.privateTitle')}</h2>
      <p className="text-sm text-muted">
        {circle.membership_status === 'pending' ? t('channelPage.pendingText') : t('channelPage.privateText')}
      </p>
    </div>
  );
}

/** A channel by id (/home/channel-page/{id}) or by name (?key=): banner, join, owner's requests, posts. */
function ChannelPage({ channelRef }: { channelRef: ChannelRef }) {
  const t = useT();
  const state = useStore($channel);
  const requests = useStore($requests);
  const user = useStore($user);
  const refKey = JSON.stringify(channelRef);

  useEffect(() => {
    void openChannel(JSON.parse(refKey) as ChannelRef);
  }, [refKey]);

  if (state.status === 'loading') {
    return (
      <p role="status" className="py-10 text-center text-muted">
        {t('channelPage.loading')}
      </p>
    );
  }
  if (state.status === 'not-found' || state.status === 'error') {
    const missing = state.status === 'not-found';
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-xl border border-line bg-surface p-8 text-center">
        <h1 className="mb-2 text-xl font-bold">{missing ? t('channelPage.notFound') : t('common.somethingWrong')}</h1>
        <p className="mb-4 text-muted">{missing ? t('channelPage.notFoundText') : state.message}</p>
        <a href="/home/posts" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
          {t('channelPage.toFeed')}
        </a>
      </div>
    );
  }

  const { circle } = state;
  return (
    <div className="space-y-4">
      <ChannelHeader circle={circle} />
      <div className="flex flex-col gap-4 lg:flex-row">
        <div className="min-w-0 flex-1 space-y-4">
          {/* The owner's tools behind one button, so on a phone the posts are not pushed below the fold. */}
          {circle.is_owner && (
            <details className="rounded-xl border border-line bg-surface p-4" data-testid="manage-channel">
              <summary className="cursor-pointer font-semibold">
                {t('channelPage.manage')}
                {requests.items.length > 0 && (
                  <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">
                    {t('channelPage.pendingCount', { count: requests.items.length })}
                  </span>
                )}
              </summary>
              <div className="mt-3 space-y-4">
                <ChannelSettings circle={circle} />
                <ChannelRulesEditor circleId={circle.id} />
                <ChannelTagsEditor circleId={circle.id} />
                <ModeratorsEditor circleId={circle.id} />
                <RemovalReasonsEditor circleId={circle.id} />
                {circle.channel_type === 'private' && <JoinRequests />}
                <ChannelReports circleId={circle.id} />
              </div>
            </details>
          )}
          {/* A moderator the owner appointed: the channel's queue, its removal reasons and tags; settings stay the owner's. */}
          {circle.is_moderator && (
            <details className="rounded-xl border border-line bg-surface p-4" data-testid="moderate-channel">
              <summary className="cursor-pointer font-semibold">{t('channelPage.moderate')}</summary>
              <div className="mt-3 space-y-4">
                <ChannelReports circleId={circle.id} />
                <RemovalReasonsEditor circleId={circle.id} />
                <ChannelTagsEditor circleId={circle.id} />
                <StepDownButton
                  circleId={circle.id}
                  username={user.username}
                  onDone={() => void openChannel(JSON.parse(refKey) as ChannelRef)}
                />
              </div>
            </details>
          )}
          {canReadPosts(circle) ? <ChannelPosts /> : <PrivateNotice circle={circle} />}
        </div>
        <div className="w-full shrink-0 lg:w-80">
          <About circle={circle} />
          <div className="mt-3">
            <RulesPanel circleId={circle.id} name={circle.name} />
          </div>
          <p className="mt-3 px-1">
            <ChannelModlogLink circleName={circle.name} />
          </p>
        </div>
      </div>
    </div>
  );
}

export default withLang(ChannelPage);
