import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { $mutedWords } from '../../../stores/muted-words.store.ts';
import { useT } from '../../i18n/use-t.tsx';
import { Avatar } from '../shell/Avatar.tsx';
import { $safety, addMutedWord, blockMember, loadMoreBlocks, loadSafety, removeMutedWord, unblockMember } from './safety.store.ts';

const field = 'min-w-0 flex-1 rounded-full border border-line bg-surface px-4 py-2 text-sm';
const button = 'rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60';

/** The profile's safety settings: muted words (posts containing one collapse) and blocked members. */
export default function SafetySettings() {
  const t = useT();
  const { loaded, error } = useStore($safety);
  useEffect(() => {
    void loadSafety();
  }, []);
  return (
    <section className="flex flex-col gap-5 rounded-xl border border-line bg-surface p-5" aria-labelledby="safety-heading">
      <h2 id="safety-heading" className="text-lg font-bold">
        {t('safety.heading')}
      </h2>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {loaded && (
        <>
          <MutedWords />
          <BlockedMembers />
        </>
      )}
    </section>
  );
}

/** One line to add something to a list: the store's `add` answers the problem to show, or null when added. */
function AddForm(props: {
  label: string;
  placeholder: string;
  action: string;
  maxLength?: number;
  add: (value: string) => Promise<string | null>;
}) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    const failure = await props.add(draft);
    setProblem(failure);
    if (!failure) setDraft('');
  };
  return (
    <>
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {props.label}
        </label>
        <input
          id={inputId}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          className={field}
        />
        <button type="submit" className={button}>
          {props.action}
        </button>
      </form>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </>
  );
}

function MutedWords() {
  const t = useT();
  const words = useStore($mutedWords);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('safety.mutedHeading')}</h3>
      <p className="text-sm text-muted">{t('safety.mutedHint')}</p>
      <AddForm
        label={t('safety.wordLabel')}
        placeholder={t('safety.wordPlaceholder')}
        maxLength={50}
        action={t('safety.mute')}
        add={addMutedWord}
      />
      {words.length === 0 ? (
        <p className="text-sm text-muted">{t('safety.noMuted')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t('safety.mutedHeading')}>
          {words.map((word) => (
            <li key={word} className="flex items-center gap-1 rounded-full bg-canvas py-1 pl-3 pr-1 text-sm">
              {word}
              <button
                type="button"
                onClick={() => void removeMutedWord(word)}
                aria-label={t('safety.unmute', { word })}
                className="rounded-full px-2 text-muted hover:bg-brand-50 hover:text-ink"
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function BlockedMembers() {
  const t = useT();
  const { blocks, next } = useStore($safety);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('safety.blockedHeading')}</h3>
      <p className="text-sm text-muted">{t('safety.blockedHint')}</p>
      <AddForm
        label={t('safety.memberLabel')}
        placeholder={t('safety.memberPlaceholder')}
        action={t('safety.block')}
        add={(handle) => blockMember(handle.trim())}
      />
      {blocks.length === 0 ? (
        <p className="text-sm text-muted">{t('safety.noBlocked')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" aria-label={t('safety.blockedHeading')}>
          {blocks.map((member) => (
            <li key={member.username} className="flex items-center gap-3 py-2">
              <Avatar name={member.username} color={member.color} />
              <span className="min-w-0 flex-1 truncate font-medium">{member.username}</span>
              <button
                type="button"
                onClick={() => void unblockMember(member.username)}
                className="rounded-full border border-line px-3 py-1 text-sm font-semibold hover:bg-canvas"
              >
                {t('safety.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button
          type="button"
          onClick={() => void loadMoreBlocks()}
          className="mx-auto rounded-full border border-line px-4 py-1.5 text-sm font-semibold hover:bg-canvas"
        >
          {t('safety.showMore')}
        </button>
      )}
    </div>
  );
}
