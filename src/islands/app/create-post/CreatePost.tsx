import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import FieldError from '../shell/FieldError.tsx';
import { UploadCancelled } from '../../../lib/browser/api-client.ts';
import { showVerificationNeeded } from '../../../stores/verification-gate.store.ts';
import { useStore } from '@nanostores/react';
import {
  TITLE_COUNTER_DISPLAY,
  TITLE_MAX_LENGTH,
  fromLocalInputValue,
  localInputValue,
  publishAtProblem,
  SCHEDULE_MAX_DAYS,
  SCHEDULE_MIN_SECONDS,
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  POLL_OPTION_MAX_LENGTH,
} from '../../../lib/validation-rules.ts';
import CommunityPicker from './CommunityPicker.tsx';
import TagChooser from './TagChooser.tsx';
import MediaPicker from './MediaPicker.tsx';
import RichTextEditor from './RichTextEditor.tsx';
import SignInPrompt, { useHasToken } from './SignInPrompt.tsx';
import ProcessingOverlay from './ProcessingOverlay.tsx';
import { $posting, POLL_DURATIONS, pollOf, postFailureMessage, submitPost, undescribedImages, type PostTab } from './create-post.store.ts';
import { deleteDraft, isBlankDraft, loadDraft, saveDraft } from './drafts.ts';
import { channelHref } from '../common/post-card/media.ts';
import { goBack } from './navigation.ts';
import type { PostEditor } from './quill-editor.ts';
import { useT, withLang } from '../../i18n/use-t.tsx';

const TABS: { id: PostTab; label: string }[] = [
  { id: 'text', label: 'createPost.tabText' },
  { id: 'images', label: 'createPost.tabMedia' },
  { id: 'link', label: 'createPost.link' },
  { id: 'poll', label: 'createPost.tabPoll' },
];

function CreatePost() {
  const t = useT();
  const signedIn = useHasToken();
  const posting = useStore($posting);
  const id = useId();
  const editorRef = useRef<PostEditor | null>(null);
  const [community, setCommunity] = useState('');
  const [title, setTitle] = useState('');
  const [tab, setTab] = useState<PostTab>('text');
  const [files, setFiles] = useState<File[]>([]);
  const [tags, setTags] = useState<number[]>([]);
  const [alts, setAlts] = useState<ReadonlyMap<File, string>>(new Map());
  // The reminder before posting images without descriptions; "Post anyway" sends them as they are.
  const [reminder, setReminder] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // "Schedule": the post waits until this time (a datetime-local value, in the member's own time zone).
  const [scheduling, setScheduling] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const [publishAtError, setPublishAtError] = useState<string | null>(null);
  // The Poll tab: its options (two to start with), one or several choices, and how long it stays open.
  const [pollOptions, setPollOptions] = useState<string[]>(['', '']);
  const [pollMultiple, setPollMultiple] = useState(false);
  const [pollHours, setPollHours] = useState<number>(24);
  // The Link tab: the page the post links to.
  const [link, setLink] = useState('');
  // The draft on the server this form is saved to as the member types (null until something is written).
  const draftId = useRef<number | null>(null);
  const draftText = useRef<string | null>(null);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const [changes, setChanges] = useState(0);
  const [draftState, setDraftState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const preset = params.get('channelName');
    if (preset) setCommunity(preset);
    const id = Number(params.get('draft'));
    if (!Number.isSafeInteger(id) || id <= 0) return;
    loadDraft(id).then(
      (draft) => {
        draftId.current = draft.id;
        setCommunity(draft.circle?.name ?? '');
        setTitle(draft.title);
        if (editorRef.current) editorRef.current.setHtml(draft.description);
        else draftText.current = draft.description;
        setDraftState('saved');
      },
      () => setError(t('createPost.draftMissing')),
    );
  }, [t]);

  // Saves a draft 1.5 s after the member stops typing (title, channel or text), one save at a time.
  useEffect(() => {
    if (changes === 0) return;
    const timer = setTimeout(() => {
      const fields = { circle: community, title, description: editorRef.current?.html() ?? '' };
      if (draftId.current === null && isBlankDraft(fields)) return;
      setDraftState('saving');
      saving.current = saving.current.then(() =>
        saveDraft(draftId.current, fields).then(
          (draft) => {
            draftId.current = draft.id;
            history.replaceState(history.state, '', `${location.pathname}?draft=${draft.id}`);
            setDraftState('saved');
          },
          () => setDraftState('failed'),
        ),
      );
    }, 1500);
    return () => clearTimeout(timer);
  }, [changes, community, title]);
  const changed = () => setChanges((count) => count + 1);

  if (signedIn === false) return <SignInPrompt message={t('createPost.signInToPost')} />;

  const onSubmit = async (event: FormEvent | null, anyway = false) => {
    event?.preventDefault();
    if (posting) return;
    setError(null);
    setPublishAtError(null);
    const when = scheduling ? fromLocalInputValue(publishAt) : '';
    if (scheduling) {
      const problem = publishAtProblem(when, new Date());
      if (problem) return setPublishAtError(t(problem.key, problem.params));
    }
    const poll = tab === 'poll' ? pollOf(pollOptions, pollMultiple, pollHours, when ? new Date(when) : new Date()) : undefined;
    const draft = {
      circle: community,
      title,
      description: editorRef.current?.html() ?? '',
      tab,
      files,
      tags,
      alts,
      publishAt: when,
      poll,
      ...(tab === 'link' ? { link } : {}),
    };
    if (!anyway && undescribedImages(draft).length > 0) return setReminder(true);
    setReminder(false);
    try {
      const post = await submitPost(draft);
      // The draft became this post: it goes (a failure to delete it leaves it on the profile, nothing worse).
      await saving.current;
      if (draftId.current !== null) await deleteDraft(draftId.current).catch(() => undefined);
      // A scheduled post is seen on the profile's Scheduled tab until it is published.
      location.assign(post.status === 'scheduled' ? '/profile?tab=scheduled' : `${channelHref(post.circle.name)}&new=${post.id}`);
    } catch (error) {
      // Cancelled by the member: the form stays as it was, nothing to say.
      if (error instanceof UploadCancelled) return;
      // A channel that checks a verification: the notice says what is needed and offers "Verify now".
      showVerificationNeeded(error);
      // Beside the Post button, in the reader's language; everything typed stays (offline included).
      setError(postFailureMessage(error, t));
    }
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = TABS[(TABS.findIndex((t) => t.id === tab) + 1) % TABS.length];
    setTab(next.id);
    document.getElementById(`${id}-tab-${next.id}`)?.focus();
  };

  return (
    <form onSubmit={onSubmit} aria-busy={posting}>
      {/* Disabled until hydrated, so nothing typed or clicked before the island runs is lost. */}
      <fieldset disabled={signedIn === null} className="min-w-0 space-y-4">
        <CommunityPicker
          value={community}
          onChange={(value) => {
            setCommunity(value);
            changed();
          }}
        />
        <TagChooser community={community} value={tags} onChange={setTags} />
        <div className="rounded-lg border border-line bg-surface">
          <div role="tablist" aria-label={t('createPost.postType')} className="flex border-b border-line">
            {TABS.map((tabItem) => (
              <button
                key={tabItem.id}
                id={`${id}-tab-${tabItem.id}`}
                type="button"
                role="tab"
                aria-selected={tab === tabItem.id}
                aria-controls={`${id}-panel-${tabItem.id}`}
                tabIndex={tab === tabItem.id ? 0 : -1}
                onClick={() => setTab(tabItem.id)}
                onKeyDown={onTabKey}
                className={`flex-1 px-4 py-3 text-sm font-semibold ${tab === tabItem.id ? 'border-b-2 border-brand-600 text-brand-700' : 'text-muted hover:bg-canvas'}`}
              >
                {t(tabItem.label)}
              </button>
            ))}
          </div>
          <div className="space-y-4 p-4">
            <div>
              <label htmlFor={`${id}-title`} className="mb-1 block text-sm font-semibold">
                {t('createPost.title')}
              </label>
              <div className="relative">
                <input
                  id={`${id}-title`}
                  value={title}
                  maxLength={TITLE_MAX_LENGTH}
                  onChange={(event) => {
                    setTitle(event.target.value);
                    changed();
                  }}
                  aria-describedby={`${id}-count`}
                  className="w-full rounded-lg border border-line px-3 py-2 pr-20"
                />
                <span id={`${id}-count`} className="absolute top-1/2 right-3 -translate-y-1/2 text-xs text-muted">
                  {title.length}/{TITLE_COUNTER_DISPLAY}
                </span>
              </div>
            </div>
            <div id={`${id}-panel-text`} role="tabpanel" aria-labelledby={`${id}-tab-text`} hidden={tab !== 'text'}>
              <span id={`${id}-body`} className="sr-only">
                {t('createPost.body')}
              </span>
              <RichTextEditor
                editorRef={editorRef}
                labelId={`${id}-body`}
                onReady={(editor) => {
                  if (draftText.current !== null) editor.setHtml(draftText.current);
                  draftText.current = null;
                  editor.onChange(changed);
                }}
              />
            </div>
            <div id={`${id}-panel-link`} role="tabpanel" aria-labelledby={`${id}-tab-link`} hidden={tab !== 'link'} className="space-y-2">
              <label htmlFor={`${id}-link`} className="block text-sm font-semibold">
                {t('createPost.linkUrl')}
              </label>
              <input
                id={`${id}-link`}
                type="url"
                inputMode="url"
                value={link}
                maxLength={2000}
                onChange={(event) => setLink(event.target.value)}
                aria-describedby={`${id}-link-hint`}
                className="field-input"
              />
              <p id={`${id}-link-hint`} className="text-sm text-muted">
                {t('createPost.linkHint')}
              </p>
            </div>
            <div id={`${id}-panel-poll`} role="tabpanel" aria-labelledby={`${id}-tab-poll`} hidden={tab !== 'poll'} className="space-y-2">
              {pollOptions.map((option, index) => (
                <div key={index} className="flex items-center gap-2">
                  <label htmlFor={`${id}-option-${index}`} className="w-24 shrink-0 text-sm font-semibold">
                    {t('createPost.pollOption', { number: index + 1 })}
                  </label>
                  <input
                    id={`${id}-option-${index}`}
                    value={option}
                    maxLength={POLL_OPTION_MAX_LENGTH}
                    onChange={(event) => setPollOptions(pollOptions.map((text, i) => (i === index ? event.target.value : text)))}
                    className="min-w-0 flex-1 rounded-lg border border-line px-3 py-2"
                  />
                  {pollOptions.length > POLL_MIN_OPTIONS && (
                    <button
                      type="button"
                      onClick={() => setPollOptions(pollOptions.filter((_, i) => i !== index))}
                      aria-label={t('createPost.pollRemoveOption', { number: index + 1 })}
                      className="rounded-full border border-line px-3 py-1 text-sm hover:bg-canvas"
                    >
                      ×
                    </button>
                  )}
                </div>
              ))}
              {pollOptions.length < POLL_MAX_OPTIONS && (
                <button
                  type="button"
                  onClick={() => setPollOptions([...pollOptions, ''])}
                  className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold hover:bg-canvas"
                >
                  {t('createPost.pollAddOption')}
                </button>
              )}
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={pollMultiple} onChange={(event) => setPollMultiple(event.target.checked)} />
                {t('createPost.pollMultiple')}
              </label>
              <label className="flex items-center gap-2 text-sm font-semibold">
                {t('createPost.pollCloses')}
                <select
                  value={pollHours}
                  onChange={(event) => setPollHours(Number(event.target.value))}
                  className="rounded-lg border border-line px-2 py-1 font-normal"
                >
                  {POLL_DURATIONS.map((duration) => (
                    <option key={duration.hours} value={duration.hours}>
                      {t(duration.label)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <div id={`${id}-panel-images`} role="tabpanel" aria-labelledby={`${id}-tab-images`} hidden={tab !== 'images'}>
              <MediaPicker
                files={files}
                onChange={setFiles}
                alts={alts}
                onAltChange={(file, alt) => {
                  setAlts(new Map(alts).set(file, alt));
                  if (reminder && undescribedImages({ tab, files, alts: new Map(alts).set(file, alt) }).length === 0) setReminder(false);
                }}
              />
            </div>
          </div>
          {reminder && (
            <div
              role="alert"
              className="mx-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900"
            >
              <span>{t('createPost.altReminder')}</span>
              <button
                type="button"
                onClick={() => void onSubmit(null, true)}
                className="rounded-full border border-amber-900 px-4 py-1 font-semibold hover:bg-amber-100"
              >
                {t('createPost.postAnyway')}
              </button>
            </div>
          )}
          <div className="space-y-2 px-4">
            <label className="flex items-center gap-2 text-sm font-semibold">
              <input
                type="checkbox"
                checked={scheduling}
                onChange={(event) => {
                  setScheduling(event.target.checked);
                  setPublishAtError(null);
                  if (event.target.checked && !publishAt) setPublishAt(localInputValue(new Date(Date.now() + 60 * 60_000)));
                }}
              />
              {t('createPost.schedule')}
            </label>
            {scheduling && (
              <div>
                <label htmlFor={`${id}-publish-at`} className="mb-1 block text-sm font-semibold">
                  {t('createPost.publishAt')}
                </label>
                <input
                  id={`${id}-publish-at`}
                  type="datetime-local"
                  value={publishAt}
                  min={localInputValue(new Date(Date.now() + SCHEDULE_MIN_SECONDS * 1000))}
                  max={localInputValue(new Date(Date.now() + SCHEDULE_MAX_DAYS * 86_400_000))}
                  onChange={(event) => setPublishAt(event.target.value)}
                  aria-describedby={`${id}-publish-at-hint ${id}-publish-at-error`}
                  aria-invalid={publishAtError ? true : undefined}
                  className="rounded-lg border border-line px-3 py-2"
                />
                <p id={`${id}-publish-at-hint`} className="mt-1 text-xs text-muted">
                  {t('createPost.publishAtHint', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, days: SCHEDULE_MAX_DAYS })}
                </p>
                <FieldError id={`${id}-publish-at-error`} message={publishAtError} />
              </div>
            )}
            <FieldError id={`${id}-error`} message={error} />
          </div>
          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line p-4">
            <p role="status" className="mr-auto text-xs text-muted">
              {draftState === 'saving' && t('createPost.draftSaving')}
              {draftState === 'saved' && t('createPost.draftSaved')}
              {draftState === 'failed' && t('createPost.draftFailed')}
            </p>
            <button
              type="button"
              onClick={() => goBack()}
              className="rounded-full border border-line px-5 py-2 font-semibold hover:bg-canvas"
            >
              {t('common.back')}
            </button>
            <button
              type="submit"
              disabled={posting}
              className="rounded-full bg-brand-600 px-6 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {t(scheduling ? 'createPost.schedulePost' : 'createPost.post')}
            </button>
          </div>
        </div>
      </fieldset>
      {posting && <ProcessingOverlay />}
    </form>
  );
}

export default withLang(CreatePost);
