/**
 * A channel's moderator team on its page: the owner appoints and dismisses moderators; the owner and moderators keep
 * the removal reasons the review queue offers; a moderator may step down.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { LANGUAGE_LIST, type Lang } from '../../../lib/i18n.ts';
import FieldError from '../shell/FieldError.tsx';
import { useLang, useT } from '../../i18n/use-t.tsx';
import {
  $moderators,
  $removalReasons,
  addRemovalReason,
  appointModerator,
  deleteRemovalReason,
  dismissModerator,
  loadModerators,
  loadRemovalReasons,
} from './team.store.ts';

const ADD_BUTTON = 'rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60';
const REMOVE_BUTTON = 'rounded-full px-2 text-xs font-semibold text-muted hover:bg-brand-50 hover:text-ink';

/** The owner's moderators: the list with Remove, and a form to appoint a member by handle. */
export function ModeratorsEditor({ circleId }: { circleId: number }) {
  const t = useT();
  const id = useId();
  const moderators = useStore($moderators);
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => void loadModerators(circleId), [circleId]);

  const appoint = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const failure = await appointModerator(circleId, username.trim(), t('channelPage.teamFailed'));
    setBusy(false);
    setError(failure);
    if (!failure) setUsername('');
  };

  return (
    <details className="rounded-xl border border-line bg-surface p-4" data-testid="channel-moderators">
      <summary className="cursor-pointer font-semibold">{t('channelPage.moderators')}</summary>
      <div className="mt-3 space-y-3">
        <p className="text-sm text-muted">{t('channelPage.moderatorsHint')}</p>
        {moderators.length === 0 ? (
          <p className="text-sm text-muted">{t('channelPage.noModerators')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={t('channelPage.moderators')}>
            {moderators.map((moderator) => (
              <li
                key={moderator.username}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-3 text-sm font-semibold"
              >
                {moderator.username}
                <button
                  type="button"
                  className={REMOVE_BUTTON}
                  aria-label={t('channelPage.dismissModerator', { user: moderator.username })}
                  onClick={() => void dismissModerator(circleId, moderator.username, t('channelPage.teamFailed')).then(setError)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={(event) => void appoint(event)} className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-handle`} className="mb-1 block text-sm font-semibold">
              {t('channelPage.moderatorHandle')}
            </label>
            <input
              id={`${id}-handle`}
              value={username}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setUsername(event.target.value)}
              aria-describedby={error ? `${id}-error` : undefined}
              className="rounded-lg border border-line px-3 py-1.5"
            />
          </div>
          <button type="submit" disabled={busy || !username.trim()} className={ADD_BUTTON}>
            {t('channelPage.appoint')}
          </button>
        </form>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </details>
  );
}

/** The removal reasons, for the owner and the moderators: the list with Delete, and a form to add one in a language. */
export function RemovalReasonsEditor({ circleId }: { circleId: number }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const reasons = useStore($removalReasons);
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<Lang>(lang);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => void loadRemovalReasons(circleId), [circleId]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const failure = await addRemovalReason(circleId, text.trim(), language, t('channelPage.removalReasonsFailed'));
    setBusy(false);
    setError(failure);
    if (!failure) setText('');
  };

  return (
    <details className="rounded-xl border border-line bg-surface p-4" data-testid="removal-reasons">
      <summary className="cursor-pointer font-semibold">{t('channelPage.removalReasons')}</summary>
      <div className="mt-3 space-y-3">
        <p className="text-sm text-muted">{t('channelPage.removalReasonsHint')}</p>
        {reasons.length === 0 ? (
          <p className="text-sm text-muted">{t('channelPage.noRemovalReasons')}</p>
        ) : (
          <ul className="grid gap-1" aria-label={t('channelPage.removalReasons')}>
            {reasons.map((reason) => (
              <li key={reason.id} className="flex items-start justify-between gap-2 border-l-2 border-line pl-2 text-sm">
                <span lang={reason.language} className="break-words">
                  {reason.text}
                </span>
                <button
                  type="button"
                  className={REMOVE_BUTTON}
                  aria-label={t('channelPage.deleteRemovalReason', { text: reason.text })}
                  onClick={() => void deleteRemovalReason(circleId, reason.id, t('channelPage.removalReasonsFailed')).then(setError)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={(event) => void add(event)} className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-semibold">
              {t('channelPage.removalReasonText')}
            </label>
            <input
              id={`${id}-text`}
              value={text}
              maxLength={300}
              onChange={(event) => setText(event.target.value)}
              aria-describedby={error ? `${id}-error` : undefined}
              className="w-full rounded-lg border border-line px-3 py-1.5"
            />
          </div>
          <select
            aria-label={t('site.language')}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Lang)}
            className="rounded-lg border border-line px-2 py-1.5"
          >
            {LANGUAGE_LIST.map((each) => (
              <option key={each.code} value={each.code} lang={each.code}>
                {each.name}
              </option>
            ))}
          </select>
          <button type="submit" disabled={busy || !text.trim()} className={ADD_BUTTON}>
            {t('channelPage.addRemovalReason')}
          </button>
        </form>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </details>
  );
}

/** A moderator's own way out: they stay a member of the channel. */
export function StepDownButton({ circleId, username, onDone }: { circleId: number; username: string; onDone: () => void }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const stepDown = async () => {
    const failure = await dismissModerator(circleId, username, t('channelPage.teamFailed'));
    setError(failure);
    if (!failure) onDone();
  };
  return (
    <div>
      <button type="button" className="btn" onClick={() => void stepDown()}>
        {t('channelPage.stepDown')}
      </button>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
