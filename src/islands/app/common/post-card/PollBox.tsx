import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import type { Poll } from '../../../../lib/api-types.ts';
import { formatDateTime, formatNumber } from '../../../../lib/i18n.ts';
import { $pollChanges, $pollErrors, currentPoll, votePoll } from '../../../../stores/polls.store.ts';
import FieldError from '../../shell/FieldError.tsx';
import { useLang, useT } from '../../../i18n/use-t.tsx';

/**
 * A post's poll in its card: the options to vote for while it is open and the viewer has not voted (or asks to
 * change their vote), else the results: each option's votes and share of all votes, the viewer's own marked.
 */
export function PollBox({ postId, poll: loaded }: { postId: number; poll: Poll }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const poll = currentPoll(postId, loaded, useStore($pollChanges));
  const error = useStore($pollErrors)[postId] ?? '';
  const [changing, setChanging] = useState(false);
  const [chosen, setChosen] = useState<number[]>(poll.my_votes);
  const [busy, setBusy] = useState(false);
  const results = poll.total_votes !== null && !changing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return;
    setBusy(true);
    await votePoll(postId, chosen);
    setBusy(false);
    setChanging(false);
  };
  const pick = (optionId: number, on: boolean) =>
    setChosen(poll.multiple ? (on ? [...chosen, optionId] : chosen.filter((other) => other !== optionId)) : [optionId]);

  const when = poll.closed ? t('poll.closed') : t('poll.closesAt', { date: formatDateTime(poll.closes_at, lang) });
  return (
    <section aria-labelledby={`${id}-legend`} className="rounded-lg border border-line p-3">
      <p id={`${id}-legend`} className="mb-2 text-xs font-semibold text-muted">
        {t('poll.legend')} · {when}
        {poll.verified_only ? ` · ${t('poll.verifiedOnly')}` : ''}
      </p>
      {results ? (
        <>
          <ul className="flex flex-col gap-2">
            {poll.options.map((option) => {
              const votes = option.votes ?? 0;
              const percent = poll.total_votes ? Math.round((votes / poll.total_votes) * 100) : 0;
              const mine = poll.my_votes.includes(option.id);
              return (
                <li key={option.id} className="relative overflow-hidden rounded-md bg-canvas px-3 py-1.5 text-sm">
                  <span aria-hidden="true" className="absolute inset-y-0 left-0 bg-brand-100" style={{ width: `${percent}%` }} />
                  <span className="relative flex justify-between gap-3">
                    <span className={mine ? 'font-semibold' : ''}>
                      {option.text}
                      {mine ? ` (${t('poll.yourVote')})` : ''}
                    </span>
                    <span>
                      {formatNumber(votes, lang)} · {percent}%
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="mt-2 flex items-center gap-3 text-xs text-muted">
            {t('poll.total', { total: formatNumber(poll.total_votes ?? 0, lang) })}
            {!poll.closed && poll.my_votes.length > 0 && (
              <button
                type="button"
                onClick={() => setChanging(true)}
                className="rounded-full border border-line px-3 py-1 font-semibold text-ink hover:bg-canvas"
              >
                {t('poll.changeVote')}
              </button>
            )}
          </p>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <fieldset className="flex flex-col gap-1.5" disabled={busy || poll.closed}>
            <legend className="sr-only">{t(poll.multiple ? 'poll.chooseSeveral' : 'poll.chooseOne')}</legend>
            {poll.options.map((option) => (
              <label key={option.id} className="flex items-center gap-2 text-sm">
                <input
                  type={poll.multiple ? 'checkbox' : 'radio'}
                  name={`${id}-choice`}
                  checked={chosen.includes(option.id)}
                  onChange={(event) => pick(option.id, event.target.checked)}
                />
                {option.text}
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            disabled={busy || poll.closed || chosen.length === 0}
            className="mt-2 rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {t('poll.vote')}
          </button>
        </form>
      )}
      <FieldError id={`${id}-error`} message={error || null} />
    </section>
  );
}
