import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Circle } from '../../../lib/api-types.ts';
import { createPostUrl } from '../create-post/navigation.ts';
import ChannelHeader, { createPostButton } from './ChannelHeader.tsx';
import ChannelPosts from './ChannelPosts.tsx';
import JoinRequests from './JoinRequests.tsx';
import ChannelSettings from './ChannelSettings.tsx';
import { ChannelModlogLink, ChannelReports } from '../moderation/ChannelModeration.tsx';
import { $channel, canReadPosts, openChannel, type ChannelRef } from './channel.store.ts';
import { membersLabel } from '../../../stores/membership.store.ts';
import { useLang, withLang } from '../../i18n/use-t.tsx';

function About({ circle }: { circle: Circle }) {
  const lang = useLang();
  return (
    <aside aria-label="About the channel" className="space-y-3 rounded-xl border border-line bg-surface p-4">
      <h2 className="font-bold wrap-anywhere">About b/{circle.name}</h2>
      <p className="text-sm whitespace-pre-wrap wrap-anywhere">{circle.description}</p>
      <p className="text-sm">
        <span className="font-semibold">{membersLabel(circle.members_count, lang)}</span>
        <span className="text-muted"> · {circle.channel_type === 'private' ? 'Private' : 'Public'}</span>
      </p>
      <p className="text-sm text-muted">Created {new Date(circle.created_at).toLocaleDateString()}</p>
      {canReadPosts(circle) && (
        <a href={createPostUrl(circle.name)} className={createPostButton}>
          Create Post
        </a>
      )}
    </aside>
  );
}

function PrivateNotice({ circle }: { circle: Circle }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-6 text-center">
      <h2 className="mb-1 font-bold">This channel is private</h2>
      <p className="text-sm text-muted">
        {circle.membership_status === 'pending' ? 'Your request is waiting for the owner. You will see the posts once it is approved.' : 'Only approved members can see its posts. Ask to join to take part.'}
      </p>
    </div>
  );
}

/** A channel by id (/home/channel-page/{id}) or by name (?key=): banner, join, owner's requests, posts. */
function ChannelPage({ channelRef }: { channelRef: ChannelRef }) {
  const state = useStore($channel);
  const refKey = JSON.stringify(channelRef);

  useEffect(() => {
    void openChannel(JSON.parse(refKey) as ChannelRef);
  }, [refKey]);

  if (state.status === 'loading') {
    return (
      <p role="status" className="py-10 text-center text-muted">
        Loading channel...
      </p>
    );
  }
  if (state.status === 'not-found' || state.status === 'error') {
    const missing = state.status === 'not-found';
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-xl border border-line bg-surface p-8 text-center">
        <h1 className="mb-2 text-xl font-bold">{missing ? 'Channel not found' : 'Something went wrong'}</h1>
        <p className="mb-4 text-muted">{missing ? 'There is no channel at this address. It may have been renamed or removed.' : state.message}</p>
        <a href="/home/posts" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
          Go to the feed
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
          {circle.is_owner && <ChannelSettings circle={circle} />}
          {circle.is_owner && circle.channel_type === 'private' && <JoinRequests />}
          {circle.is_owner && <ChannelReports circleId={circle.id} />}
          <p className="text-sm text-muted">
            Sort by: <span className="font-semibold text-ink">Best</span>
          </p>
          {canReadPosts(circle) ? <ChannelPosts /> : <PrivateNotice circle={circle} />}
        </div>
        <div className="w-full shrink-0 lg:w-80">
          <About circle={circle} />
          <p className="mt-3 px-1"><ChannelModlogLink circleName={circle.name} /></p>
        </div>
      </div>
    </div>
  );
}

export default withLang(ChannelPage);
