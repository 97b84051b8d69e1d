/**
 * The public moderation log: what was decided, why, about which item, by which role and when. It never names
 * who reported, and an item's title is kept as it was when the decision was taken.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { relativeTime } from '../../../lib/format.ts';
import { $modlog, loadModlog } from './modlog.store.ts';
import { withLang } from '../../i18n/use-t.tsx';

const endsIn = (iso: string | null) =>
  iso ? `until ${new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' })}` : 'permanently';

function ModLog() {
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
        <h1 id="modlog-title" className="text-2xl font-bold">{circle ? `Moderation log of b/${circle}` : 'Moderation log'}</h1>
        <p className="mt-1 text-sm text-muted">Every decision by our moderators and channel owners, with its reason. Who reported is never shown.</p>
      </header>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {!error && !loading && entries.length === 0 && <p className="rounded-xl border border-line bg-surface p-6 text-center text-sm text-muted">No decisions yet.</p>}
      <ol className="grid gap-2">
        {entries.map((e) => (
          <li key={e.id} className="rounded-xl border border-line bg-surface p-3 text-sm" data-testid="modlog-entry">
            <p>
              <strong>{e.action_label}</strong>
              {e.action === 'suspend' && <> {endsIn(e.ends_at)}</>}
              {e.excerpt && (
                <>
                  {' · '}
                  {e.post_id ? <a href={`/home/comments/${e.post_id}`} className="font-semibold hover:underline">{e.excerpt}</a> : <span className="font-semibold">{e.excerpt}</span>}
                </>
              )}
              {e.circle && <> in <a href={`/home/channel-page?key=${encodeURIComponent(e.circle.name)}`} className="hover:underline">b/{e.circle.name}</a></>}
            </p>
            {e.reason && <p className="mt-1 break-words">Reason: {e.reason}</p>}
            <p className="mt-1 text-muted">
              {e.actor} · <time dateTime={e.created_at}>{relativeTime(e.created_at)}</time>
            </p>
          </li>
        ))}
      </ol>
      {hasMore && entries.length > 0 && (
        <button type="button" className="btn self-start" disabled={loading} onClick={() => void loadModlog(circle)}>{loading ? 'Loading...' : 'Show more'}</button>
      )}
    </section>
  );
}

export default withLang(ModLog);
