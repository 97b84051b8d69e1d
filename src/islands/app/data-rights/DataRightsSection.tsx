import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime, siteHref } from '../../../lib/i18n.ts';
import { useLang, useT } from '../../i18n/use-t.tsx';
import {
  $dataExport,
  $deletion,
  $uploads,
  deleteUpload,
  loadUploads,
  cancelDeletion,
  confirmDeletion,
  loadLatestExport,
  requestExport,
  sendDeletionCode,
  startDeletion,
  stopFollowingExport,
  $withdrawal,
  withdrawConsent,
} from './data-rights.store.ts';
import { useConfirmDialog } from '../shell/use-confirm-dialog.tsx';

const field = 'w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm';
const primary = 'rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60';
const danger = 'rounded-full bg-red-700 px-5 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60';
const secondary = 'rounded-full border border-line px-4 py-2 text-sm font-semibold';

/** The profile's "Your data" section: download everything, or delete the account. */
export default function DataRightsSection() {
  const t = useT();
  const lang = useLang();
  const id = useId();
  useEffect(() => {
    void loadLatestExport();
    void loadUploads();
    return stopFollowingExport;
  }, []);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-line bg-surface p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('dataRights.heading')}
      </h2>
      <p className="text-sm text-muted">
        {t('dataRights.privacyBefore')}{' '}
        <a href={siteHref('/privacy', lang)} className="text-brand-700 underline">
          {t('dataRights.privacyLink')}
        </a>
        {t('dataRights.privacyAfter')}
      </p>
      <ExportPanel />
      <UploadsPanel />
      <WithdrawalPanel />
      <DeletionPanel />
    </section>
  );
}

/** "Withdraw consent", as easy as giving it: what it means is said before the member confirms. */
function WithdrawalPanel() {
  const t = useT();
  const lang = useLang();
  const { busy, eraseAfter, error } = useStore($withdrawal);
  const [ask, confirmDialog] = useConfirmDialog();
  const withdraw = async () => {
    if (await ask(t('dataRights.withdrawConfirm'), t('dataRights.withdrawButton'))) await withdrawConsent();
  };
  if (eraseAfter) {
    return (
      <div className="space-y-2 rounded-lg border border-line p-4">
        <p role="status" className="text-sm">
          {t('dataRights.withdrawn', { date: formatDateTime(eraseAfter, lang) })}
        </p>
        <a href="/home" className={`${secondary} inline-block`}>
          {t('dataRights.goHome')}
        </a>
      </div>
    );
  }
  return (
    <div className="space-y-2 rounded-lg border border-line p-4">
      <h3 className="font-semibold">{t('dataRights.withdrawHeading')}</h3>
      <p className="text-sm text-muted">{t('dataRights.withdrawHint')}</p>
      <button type="button" onClick={() => void withdraw()} disabled={busy} className={secondary}>
        {t('dataRights.withdrawButton')}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {confirmDialog}
    </div>
  );
}

function ExportPanel() {
  const t = useT();
  const lang = useLang();
  const { current, busy, error } = useStore($dataExport);
  const pending = current?.status === 'pending';
  return (
    <div className="space-y-2 rounded-lg border border-line p-4">
      <h3 className="font-semibold">{t('dataRights.download')}</h3>
      <p className="text-sm text-muted">{t('dataRights.downloadHint')}</p>
      {pending && (
        <div role="status" className="space-y-1 text-sm">
          <p>{t('dataRights.preparing')}</p>
          <progress className="w-full" aria-label={t('dataRights.preparingLabel')} />
        </div>
      )}
      {current?.status === 'ready' && current.download_url && (
        <p className="text-sm">
          {t('dataRights.ready')}{' '}
          <a href={current.download_url} download className="font-semibold text-brand-700 underline">
            {t('dataRights.downloadZip')}
          </a>{' '}
          <span className="text-muted">{t('dataRights.availableUntil', { date: formatDateTime(current.expires_at!, lang) })}</span>
        </p>
      )}
      {current?.status === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {t('dataRights.exportFailed')}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {!pending && (
        <button type="button" disabled={busy} onClick={() => void requestExport()} className={primary}>
          {t('dataRights.download')}
        </button>
      )}
    </div>
  );
}

const isVideo = (url: string) => url.toLowerCase().endsWith('.mp4');

/** Each photo and video the member uploaded, each deletable on its own. */
function UploadsPanel() {
  const t = useT();
  const { items, busy, error } = useStore($uploads);
  return (
    <div className="space-y-2 rounded-lg border border-line p-4">
      <h3 className="font-semibold">{t('dataRights.uploads')}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{t('dataRights.noUploads')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={t('dataRights.uploads')}>
          {items.map((upload) => (
            <li key={upload.name} className="space-y-1">
              {isVideo(upload.url) ? (
                <video src={upload.url} className="aspect-square w-full rounded object-cover" muted aria-label={upload.name} />
              ) : (
                <img src={upload.url} alt={upload.name} loading="lazy" className="aspect-square w-full rounded object-cover" />
              )}
              <button
                type="button"
                disabled={busy}
                onClick={() => void deleteUpload(upload.name)}
                aria-label={t('dataRights.deleteUpload', { name: upload.name })}
                className="w-full rounded-full border border-line px-3 py-1 text-xs font-semibold hover:bg-red-50"
              >
                {t('dataRights.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function DeletionPanel() {
  const t = useT();
  const id = useId();
  const { step, busy, error } = useStore($deletion);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [eraseContent, setEraseContent] = useState(true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'address') return void sendDeletionCode(address);
    void confirmDeletion(code, eraseContent);
  };

  if (step === 'done') {
    return (
      <div className="space-y-2 rounded-lg border border-line p-4">
        <p role="status" className="text-sm">
          {t('dataRights.accountDeleted')}
        </p>
        <a href="/home" className={`${secondary} inline-block`}>
          {t('dataRights.goHome')}
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-2 rounded-lg border border-red-200 p-4">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('dataRights.deleteAccount')}
      </h3>
      <p className="text-sm text-muted">{t('dataRights.deleteHint')}</p>
      {step === 'closed' && (
        <button type="button" onClick={startDeletion} className={danger}>
          {t('dataRights.deleteAccount')}
        </button>
      )}
      {step === 'address' && (
        <>
          <label htmlFor={`${id}-email`} className="block text-sm">
            {t('dataRights.emailLabel')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            className={field}
          />
          <DeletionButtons label={t('dataRights.sendCode')} disabled={busy || !address.trim()} />
        </>
      )}
      {step === 'code' && (
        <>
          <p className="text-sm text-muted">{t('dataRights.codeSent', { email: address.trim() })}</p>
          <label htmlFor={`${id}-code`} className="block text-sm">
            {t('dataRights.codeLabel')}
          </label>
          <input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            className={field}
          />
          <fieldset className="space-y-1 text-sm">
            <legend className="font-semibold">{t('dataRights.content')}</legend>
            <label className="flex items-start gap-2">
              <input type="radio" name={`${id}-content`} checked={eraseContent} onChange={() => setEraseContent(true)} className="mt-1" />
              {t('dataRights.erase')}
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name={`${id}-content`} checked={!eraseContent} onChange={() => setEraseContent(false)} className="mt-1" />
              {t('dataRights.leave')}
            </label>
          </fieldset>
          <DeletionButtons label={t('dataRights.deleteForGood')} disabled={busy || !code.trim()} />
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** A deletion step's buttons: go on (submits the form), or cancel the deletion. */
function DeletionButtons({ label, disabled }: { label: string; disabled: boolean }) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" disabled={disabled} className={danger}>
        {label}
      </button>
      <button type="button" onClick={cancelDeletion} className={secondary}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
