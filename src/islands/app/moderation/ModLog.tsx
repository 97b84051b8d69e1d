/**
 * The public moderation log: what was decided, why, about which item, by which role and when. It never names
 * who reported, and an item's title is kept as it was when the decision was taken.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { relativeTime } from '../../../lib/format.ts';
import { formatDate, type Translate } from '../../../lib/i18n.ts';
import { $modlog, loadModlog } from './modlog.store.ts';
import { useLang, useT, withLang } from '../../i18n/use-t.tsx';

const OWNER_OF = 'Owner of b/';
const MODERATOR_OF = 'Moderator of b/';

/** Who decided, in the screen's language: the API words it 'Moderator', 'Owner of b/<channel>' or 'Moderator of b/<channel>'. */
const actorText = (actor: string, t: Translate) =>
  actor.startsWith(OWNER_OF)
    ? t('moderation.ownerOf', { channel: actor.slice(OWNER_OF.length) })
    : actor.startsWith(MODERATOR_OF)
      ? t('moderation.moderatorOf', { channel: actor.slice(MODERATOR_OF.length) })
      : actor === 'Moderator'
        ? t('moderation.moderator')
        : actor;

function ModLog() {
  const t = useT();
  const lang = useLang();
  const { items: entries, hasMore, loading, error } = useStore($modlog);
  const [circle, setCircle] = useState<string | null>(null);
  useEffect(() => {
    const name = new URLSearchParams(location.search).get('circle');
    setCircle(name);
    void loadModlog(name, true);
  }, []);

  return (
    <section aria-labelledby="modlog-title" className="flex flex-col gap-4">
      <header>
        <h1 id="modlog-title" className="text-2xl font-bold">
          {circle ? t('moderation.logOf', { channel: circle }) : t('moderation.log')}
        </h1>
        <p className="mt-1 text-sm text-muted">{t('moderation.logIntro')}</p>
      </header>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {!error && !loading && entries.length === 0 && (
        <p className="rounded-xl border border-line bg-surface p-6 text-center text-sm text-muted">{t('moderation.noDecisions')}</p>
      )}
      <ol className="grid gap-2">
        {entries.map((e) => (
          <li key={e.id} className="rounded-xl border border-line bg-surface p-3 text-sm" data-testid="modlog-entry">
            <p>
              <strong>{t(`moderation.actions.${e.action}`)}</strong>
              {e.action === 'suspend' && (
                <> {e.ends_at ? t('moderation.until', { date: formatDate(e.ends_at, lang) }) : t('moderation.permanently')}</>
              )}
              {e.excerpt && (
                <>
                  {' · '}
                  {e.post_id ? (
                    <a href={`/home/comments/${e.post_id}`} className="font-semibold hover:underline">
                      {e.excerpt}
                    </a>
                  ) : (
                    <span className="font-semibold">{e.excerpt}</span>
                  )}
                </>
              )}
              {e.circle && (
                <>
                  {' '}
                  {t('moderation.in')}{' '}
                  <a href={`/home/channel-page?key=${encodeURIComponent(e.circle.name)}`} className="hover:underline">
                    b/{e.circle.name}
                  </a>
                </>
              )}
            </p>
            {e.reason && <p className="mt-1 break-words">{t('moderation.reason', { reason: e.reason })}</p>}
            <p className="mt-1 text-muted">
              {actorText(e.actor, t)} · <time dateTime={e.created_at}>{relativeTime(e.created_at, new Date(), lang)}</time>
            </p>
          </li>
        ))}
      </ol>
      {hasMore && entries.length > 0 && (
        <button type="button" className="btn self-start" disabled={loading} onClick={() => void loadModlog(circle)}>
          {loading ? t('common.loading') : t('moderation.showMore')}
        </button>
      )}
    </section>
  );
}

export default withLang(ModLog);
