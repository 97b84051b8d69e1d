import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Draft, Post, ProfileResponse } from '../../../lib/api-types.ts';
import { openLogin } from '../../../stores/login.store.ts';
import { logout } from '../../../stores/session.store.ts';
import { PostCard } from '../common/post-card/PostCard.tsx';
import { channelHref } from '../common/post-card/media.ts';
import DataRightsSection from '../data-rights/DataRightsSection.tsx';
import SafetySettings from '../safety/SafetySettings.tsx';
import ReadingLanguages from './ReadingLanguages.tsx';
import PushSettings from '../push/PushSettings.tsx';
import { Avatar } from '../shell/Avatar.tsx';
import VerificationsSection from '../verifications/VerificationsSection.tsx';
import { $savedList, loadSavedPage } from '../../../stores/saved.store.ts';
import { deleteDraft, listDrafts } from '../create-post/drafts.ts';
import { $profilePage, loadMore, loadProfilePage, openTabOfLink, PROFILE_ERROR, setProfileTab, type ProfileTab } from './profile.store.ts';
import { $scheduledList, cancelScheduled, editScheduled, loadScheduledPage } from './scheduled.store.ts';
import { useLang, useT, withLang } from '../../i18n/use-t.tsx';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/i18n.ts';
import { fromLocalInputValue, localInputValue, publishAtProblem, TITLE_MAX_LENGTH } from '../../../lib/validation-rules.ts';
import { ApiError } from '../../../lib/browser/api-client.ts';
import FieldError from '../shell/FieldError.tsx';
import { animalName, chipLabel } from '../../../lib/identity-words.ts';

const TABS: { key: ProfileTab; label: string }[] = [
  { key: 'posts', label: 'profile.posts' },
  { key: 'circles', label: 'profile.circles' },
  { key: 'activity', label: 'profile.activity' },
  { key: 'saved', label: 'profile.saved' },
  { key: 'drafts', label: 'profile.drafts' },
  { key: 'scheduled', label: 'profile.scheduled' },
];

const note = 'py-10 text-center text-sm text-muted';

/** /profile: the signed-in user's handle, colour, animal, identity, counts, and the Posts / Circles / Activity tabs. */
function ProfilePage() {
  const t = useT();
  const { status, data } = useStore($profilePage);
  useEffect(() => {
    openTabOfLink(location.search);
    void loadProfilePage();
  }, []);

  if (status === 'loading')
    return (
      <p className={note} role="status">
        {t('profile.loading')}
      </p>
    );
  if (status === 'error')
    return (
      <p className="rounded-lg bg-red-50 px-4 py-3 text-center text-sm text-red-800" role="alert">
        {t(PROFILE_ERROR)}
      </p>
    );
  if (status === 'signed-out' || !data) {
    return (
      <section className="flex flex-col items-center gap-4 rounded-xl border border-line bg-surface px-6 py-12 text-center">
        <h1 className="text-xl font-bold">{t('profile.yourProfile')}</h1>
        <p className="text-sm text-muted">{t('profile.signInLead')}</p>
        <button
          type="button"
          onClick={openLogin}
          className="rounded-full bg-brand-600 px-6 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t('common.login')}
        </button>
      </section>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ProfileHeader data={data} />
      <VerificationsSection data={data} onChange={(profile) => $profilePage.setKey('data', profile)} />
      <ProfileTabs data={data} />
      <ReadingLanguages />
      <SafetySettings />
      <PushSettings />
      <DataRightsSection />
      {/* On a shared phone this is how the next person does not inherit the account (the offline caches go too). */}
      <section className="rounded-xl border border-line bg-surface p-5">
        <h2 className="font-bold">{t('profile.signOutTitle')}</h2>
        <p className="mt-1 text-sm text-muted">{t('profile.signOutLead')}</p>
        <button
          type="button"
          onClick={() => void logout()}
          className="mt-3 rounded-full border border-line px-5 py-2 text-sm font-semibold text-ink hover:bg-brand-50"
        >
          {t('app.logout')}
        </button>
      </section>
    </div>
  );
}

function ProfileHeader({ data }: { data: ProfileResponse }) {
  const t = useT();
  const lang = useLang();
  const { profile, color, animal, identity, is_verified } = data;
  const counts = [
    { label: t('profile.circles'), value: data.circles.count },
    { label: t('profile.posts'), value: data.posts.count },
    { label: t('profile.following'), value: 0 },
  ];
  return (
    <section className="rounded-xl border border-line bg-surface p-5" aria-labelledby="profile-name">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={profile.username} color={color} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="profile-name" className="break-all text-xl font-bold sm:text-2xl">
              {profile.username}
            </h1>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${is_verified ? 'bg-green-100 text-green-800' : 'bg-stone-200 text-stone-700'}`}
            >
              {is_verified ? t('profile.verified') : t('profile.unverified')}
            </span>
          </div>
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            <div className="flex items-center gap-1.5">
              <dt>{t('profile.colour')}</dt>
              <dd className="flex items-center gap-1.5 text-ink">
                <span className="inline-block size-3.5 rounded-full border border-line" style={{ background: color }} aria-hidden="true" />
                {color}
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt>{t('profile.animal')}</dt>
              <dd className="text-ink">{animalName(animal, t)}</dd>
            </div>
          </dl>
          {identity.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('profile.identity')}>
              {identity.map((chip) => (
                <li
                  key={`${chip.kind}-${chip.label}`}
                  className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700"
                >
                  {chipLabel(chip, t)}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <ul className="mt-4 grid grid-cols-3 gap-2 text-center" aria-label={t('profile.counts')}>
        {counts.map((c) => (
          <li key={c.label} className="rounded-lg bg-canvas py-2">
            <span className="block text-lg font-bold text-ink">{formatNumber(c.value, lang)}</span>
            <span className="block text-xs text-muted">{c.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProfileTabs({ data }: { data: ProfileResponse }) {
  const t = useT();
  const lang = useLang();
  const { tab, loadingMore } = useStore($profilePage);
  const baseId = useId();
  const onKey = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    setProfileTab(next.key);
    document.getElementById(`${baseId}-${next.key}`)?.focus();
  };
  const more = (list: 'posts' | 'circles') =>
    data[list].next && (
      <button
        type="button"
        disabled={loadingMore}
        onClick={() => void loadMore(list)}
        className="mx-auto rounded-full border border-line bg-surface px-6 py-2 text-sm font-semibold text-ink hover:bg-brand-50"
      >
        {t('profile.showMore')}
      </button>
    );

  return (
    <section className="flex flex-col gap-3">
      <div role="tablist" aria-label={t('profile.tabs')} className="flex gap-1 overflow-x-auto border-b border-line">
        {TABS.map((item, index) => (
          <button
            key={item.key}
            id={`${baseId}-${item.key}`}
            type="button"
            role="tab"
            aria-selected={tab === item.key}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === item.key ? 0 : -1}
            onClick={() => setProfileTab(item.key)}
            onKeyDown={(event) => onKey(event, index)}
            className={`shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold sm:px-4 ${tab === item.key ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink'}`}
          >
            {t(item.label)}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}`} className="flex flex-col gap-4">
        {tab === 'posts' &&
          (data.posts.results.length === 0 ? (
            <p className={note}>{t('profile.noPosts')}</p>
          ) : (
            <>
              {data.posts.results.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
              {more('posts')}
            </>
          ))}
        {tab === 'circles' &&
          (data.circles.results.length === 0 ? (
            <p className={note}>{t('profile.noCircles')}</p>
          ) : (
            <>
              <ul className="flex flex-col gap-2">
                {data.circles.results.map((circle) => (
                  <li key={circle.circle_id}>
                    <a
                      href={channelHref(circle.circle_name)}
                      className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface px-4 py-3 hover:bg-brand-50"
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-semibold text-ink">b/{circle.circle_name}</span>
                        <span className="block text-xs text-muted">
                          {t('profile.joined', {
                            type: circle.channel_type === 'private' ? t('profile.private') : t('profile.public'),
                            date: formatDate(circle.joined_at, lang, 'short'),
                          })}
                        </span>
                      </span>
                      <span className="shrink-0 rounded-full bg-canvas px-2.5 py-0.5 text-xs font-semibold capitalize text-muted">
                        {t(`profile.role.${circle.role}`)}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
              {more('circles')}
            </>
          ))}
        {tab === 'saved' && <SavedPosts />}
        {tab === 'drafts' && <Drafts />}
        {tab === 'scheduled' && <ScheduledPosts />}
        {tab === 'activity' && <p className={note}>{t('profile.activitySoon')}</p>}
      </div>
    </section>
  );
}

/** The Saved tab: the member's saved posts, newest saved first, with Show More while there are more. */
function SavedPosts() {
  const t = useT();
  const { items, hasMore, loading, failed, started } = useStore($savedList);
  useEffect(() => {
    if (!$savedList.get().started) void loadSavedPage();
  }, []);
  if (failed) return <p className={note}>{t('profile.savedFailed')}</p>;
  if (!started || (loading && items.length === 0)) return <p className={note}>{t('profile.loading')}</p>;
  if (items.length === 0) return <p className={note}>{t('profile.noSaved')}</p>;
  return (
    <>
      {items.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      {hasMore && (
        <button
          type="button"
          disabled={loading}
          onClick={() => void loadSavedPage()}
          className="mx-auto rounded-full border border-line bg-surface px-6 py-2 text-sm font-semibold text-ink hover:bg-brand-50"
        >
          {t('profile.showMore')}
        </button>
      )}
    </>
  );
}

/** The Drafts tab: what the member started writing, most recently changed first; Continue opens it in the create-post screen. */
function Drafts() {
  const t = useT();
  const lang = useLang();
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    listDrafts().then(
      (page) => setDrafts(page.results),
      () => setFailed(true),
    );
  }, []);
  if (failed) return <p className={note}>{t('profile.draftsFailed')}</p>;
  if (drafts === null) return <p className={note}>{t('profile.loading')}</p>;
  if (drafts.length === 0) return <p className={note}>{t('profile.noDrafts')}</p>;
  const remove = async (id: number) => {
    try {
      await deleteDraft(id);
      setDrafts((list) => (list ?? []).filter((draft) => draft.id !== id));
    } catch {
      setFailed(true);
    }
  };
  return (
    <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
      {drafts.map((draft) => (
        <li key={draft.id} className="flex flex-wrap items-center gap-3 p-3">
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-ink">{draft.title || t('profile.untitledDraft')}</p>
            <p className="text-xs text-muted">
              {draft.circle ? `b/${draft.circle.name} · ` : ''}
              {t('profile.draftChanged', { date: formatDate(draft.updated_at, lang) })}
            </p>
          </div>
          <a
            href={`/home/create?draft=${draft.id}`}
            className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t('profile.continueDraft')}
          </a>
          <button
            type="button"
            onClick={() => void remove(draft.id)}
            aria-label={t('profile.deleteDraftOf', { title: draft.title || t('profile.untitledDraft') })}
            className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-ink hover:bg-canvas"
          >
            {t('profile.deleteDraft')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The Scheduled tab: posts waiting for their time, each with Edit (title and time) and Cancel. */
function ScheduledPosts() {
  const t = useT();
  const { items, hasMore, loading, failed, started } = useStore($scheduledList);
  useEffect(() => {
    if (!$scheduledList.get().started) void loadScheduledPage();
  }, []);
  if (failed) return <p className={note}>{t('profile.scheduledFailed')}</p>;
  if (!started || (loading && items.length === 0)) return <p className={note}>{t('profile.loading')}</p>;
  if (items.length === 0) return <p className={note}>{t('profile.noScheduled')}</p>;
  return (
    <>
      <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
        {items.map((post) => (
          <ScheduledItem key={post.id} post={post} />
        ))}
      </ul>
      {hasMore && (
        <button
          type="button"
          disabled={loading}
          onClick={() => void loadScheduledPage()}
          className="mx-auto rounded-full border border-line bg-surface px-6 py-2 text-sm font-semibold text-ink hover:bg-brand-50"
        >
          {t('profile.showMore')}
        </button>
      )}
    </>
  );
}

function ScheduledItem({ post }: { post: Post }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(post.title);
  const [when, setWhen] = useState(localInputValue(new Date(post.publish_at ?? Date.now())));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const button = 'rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-ink hover:bg-canvas';
  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setEditing(false);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('common.unexpectedError'));
    } finally {
      setBusy(false);
    }
  };
  const save = () => {
    const publishAt = fromLocalInputValue(when);
    const problem = publishAtProblem(publishAt, new Date());
    if (problem) return setError(t(problem.key, problem.params));
    void act(() => editScheduled(post.id, { title, publish_at: publishAt }));
  };
  return (
    <li className="flex flex-col gap-2 p-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-ink">{post.title}</p>
          <p className="text-xs text-muted">
            {`b/${post.circle.name} · `}
            {t('profile.publishesAt', { date: formatDateTime(post.publish_at ?? '', lang) })}
          </p>
          {post.publish_refused && <p className="text-xs text-red-700">{t('profile.publishRefused')}</p>}
        </div>
        <button type="button" className={button} aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {t('profile.editScheduled')}
        </button>
        <button
          type="button"
          className={button}
          disabled={busy}
          aria-label={t('profile.cancelScheduledOf', { title: post.title })}
          onClick={() => void act(() => cancelScheduled(post.id))}
        >
          {t('profile.cancelScheduled')}
        </button>
      </div>
      {editing && (
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm font-semibold" htmlFor={`${id}-title`}>
            {t('createPost.title')}
            <input
              id={`${id}-title`}
              value={title}
              maxLength={TITLE_MAX_LENGTH}
              onChange={(event) => setTitle(event.target.value)}
              className="rounded-lg border border-line px-3 py-1.5 font-normal"
            />
          </label>
          <label className="flex flex-col text-sm font-semibold" htmlFor={`${id}-when`}>
            {t('createPost.publishAt')}
            <input
              id={`${id}-when`}
              type="datetime-local"
              value={when}
              onChange={(event) => setWhen(event.target.value)}
              className="rounded-lg border border-line px-3 py-1.5 font-normal"
            />
          </label>
          <button
            type="button"
            disabled={busy}
            onClick={save}
            className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t('profile.saveScheduled')}
          </button>
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </li>
  );
}

export default withLang(ProfilePage);
