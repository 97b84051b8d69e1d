import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, errorMessage, getAccessToken, API_BASE } from '../../lib/browser/api-client.ts';
import type { Paged, StaffCredentialRequest } from '../../lib/api-types.ts';
import { formatDateTime } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { useLang, useT } from '../i18n/use-t.tsx';

/**
 * Credential requests waiting for review, oldest first: the document inline, a reason, Approve or Reject. Everything
 * is a native control in reading order, so the queue is worked with Tab, Enter and Space; after a decision the focus
 * moves to the next request.
 */
export default function CredentialQueue() {
  const t = useT();
  const [items, setItems] = useState<StaffCredentialRequest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setItems((await api<Paged<StaffCredentialRequest>>('/api/staff/verifications/', { query: { status: 'pending' } })).results);
    } catch (failure) {
      setError(failure instanceof ApiError ? errorMessage(failure.data, t('staff.queueFailed')) : t('staff.queueFailed'));
    }
  }, [t]);
  useEffect(() => void load(), [load]);

  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    );
  if (!items) return <p className="text-sm text-muted">{t('common.loading')}</p>;
  if (!items.length)
    return <p className="rounded-xl border border-line bg-surface p-6 text-center text-sm text-muted">{t('staff.noRequests')}</p>;
  return (
    <ol className="flex flex-col gap-4" aria-label={t('staff.queues.credentials.title')}>
      {items.map((item) => (
        <RequestCard key={item.id} item={item} onDecided={() => setItems((list) => (list ?? []).filter((other) => other.id !== item.id))} />
      ))}
    </ol>
  );
}

/** The document through the staff API (the bearer token rides in a header, so it is fetched and shown from memory). */
function useDocument(url: string | null) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    let live = true;
    void fetch(`${API_BASE}${url}`, { headers: { Authorization: `Bearer ${getAccessToken() ?? ''}` } })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}

function RequestCard({ item, onDecided }: { item: StaffCredentialRequest; onDecided: () => void }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const src = useDocument(item.document_url);
  const card = useRef<HTMLLIElement>(null);
  const title =
    item.kind === 'other'
      ? (item.name ?? t('verifications.credentials.other'))
      : t(`verifications.credentials.${item.kind}`, { defaultValue: item.kind });

  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    setError(null);
    try {
      await api(`/api/staff/verifications/${item.id}/decision/`, { method: 'POST', body: { decision, reason: reason.trim() } });
      void toast(t(decision === 'approve' ? 'staff.approved' : 'staff.rejected', { title }), 'success');
      const next = card.current?.nextElementSibling?.querySelector<HTMLElement>('h3');
      onDecided();
      next?.focus();
    } catch (failure) {
      setError(failure instanceof ApiError ? errorMessage(failure.data, t('staff.decideFailed')) : t('staff.decideFailed'));
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void decide('approve');
  };

  return (
    <li ref={card} className="rounded-xl border border-line bg-surface p-4">
      <h3 tabIndex={-1} id={`${id}-title`} className="font-semibold">
        {title} <span className="text-sm font-normal text-muted">· {t('staff.sent', { date: formatDateTime(item.created_at, lang) })}</span>
      </h3>
      <div className="mt-3 overflow-hidden rounded-lg border border-line bg-canvas">
        {!src ? (
          <p className="p-4 text-sm text-muted">{t('staff.loadingDocument')}</p>
        ) : item.document_type === 'application/pdf' ? (
          <iframe src={src} title={t('staff.document', { title })} className="h-[28rem] w-full" />
        ) : (
          <img src={src} alt={t('staff.document', { title })} className="max-h-[28rem] w-full object-contain" />
        )}
      </div>
      <form onSubmit={onSubmit} className="mt-3 space-y-2" aria-labelledby={`${id}-title`}>
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold">
          {t('staff.reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={2}
          maxLength={500}
          className="w-full rounded-lg border border-line px-3 py-2 text-sm"
        />
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-green-700 px-5 py-2 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-60"
          >
            {t('staff.approve')}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void decide('reject')}
            className="rounded-full bg-red-700 px-5 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {t('staff.reject')}
          </button>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}
