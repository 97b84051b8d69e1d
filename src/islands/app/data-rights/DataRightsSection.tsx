import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  $dataExport,
  $deletion,
  $uploads,
  deleteUpload,
  loadUploads,
  ACCOUNT_DELETED,
  cancelDeletion,
  confirmDeletion,
  loadLatestExport,
  requestExport,
  sendDeletionCode,
  startDeletion,
  stopFollowingExport,
} from './data-rights.store.ts';

const field = 'w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm';
const primary = 'rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60';
const danger = 'rounded-full bg-red-700 px-5 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60';
const secondary = 'rounded-full border border-line px-4 py-2 text-sm font-semibold';

/** The profile's "Your data" section: download everything, or delete the account. */
export default function DataRightsSection() {
  const id = useId();
  useEffect(() => {
    void loadLatestExport();
    void loadUploads();
    return stopFollowingExport;
  }, []);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-line bg-surface p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">Your data</h2>
      <p className="text-sm text-muted">
        What we keep about you, and for how long, is listed field by field in our <a href="/privacy" className="text-brand-700 underline">Privacy Policy</a>.
      </p>
      <ExportPanel />
      <UploadsPanel />
      <DeletionPanel />
    </section>
  );
}

function ExportPanel() {
  const { current, busy, error } = useStore($dataExport);
  const pending = current?.status === 'pending';
  return (
    <div className="space-y-2 rounded-lg border border-line p-4">
      <h3 className="font-semibold">Download my data</h3>
      <p className="text-sm text-muted">
        A zip with your profile, verifications, channels, posts, comments, reactions, reports and consent records (data.json), and every photo and video you uploaded.
      </p>
      {pending && (
        <div role="status" className="space-y-1 text-sm">
          <p>Preparing your data… You can leave this page; it keeps going.</p>
          <progress className="w-full" aria-label="Preparing your data" />
        </div>
      )}
      {current?.status === 'ready' && current.download_url && (
        <p className="text-sm">
          Your data is ready.{' '}
          <a href={current.download_url} download className="font-semibold text-brand-700 underline">
            Download the zip
          </a>{' '}
          <span className="text-muted">(available until {new Date(current.expires_at!).toLocaleString()})</span>
        </p>
      )}
      {current?.status === 'failed' && <p role="alert" className="text-sm text-red-700">Your data could not be prepared. Please try again.</p>}
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {!pending && (
        <button type="button" disabled={busy} onClick={() => void requestExport()} className={primary}>
          Download my data
        </button>
      )}
    </div>
  );
}

const isVideo = (url: string) => url.toLowerCase().endsWith('.mp4');

/** Each photo and video the member uploaded, each deletable on its own. */
function UploadsPanel() {
  const { items, busy, error } = useStore($uploads);
  return (
    <div className="space-y-2 rounded-lg border border-line p-4">
      <h3 className="font-semibold">Your uploads</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted">No photos or videos.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Your uploads">
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
                aria-label={`Delete ${upload.name}`}
                className="w-full rounded-full border border-line px-3 py-1 text-xs font-semibold hover:bg-red-50"
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
    </div>
  );
}

function DeletionPanel() {
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
        <p role="status" className="text-sm">{ACCOUNT_DELETED}</p>
        <a href="/home" className={`${secondary} inline-block`}>Go to the home page</a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-2 rounded-lg border border-red-200 p-4">
      <h3 id={`${id}-title`} className="font-semibold">Delete my account</h3>
      <p className="text-sm text-muted">
        Your account, your reactions, memberships and everything else we keep about you are deleted within minutes, and you are signed out everywhere.
        This cannot be undone.
      </p>
      {step === 'closed' && (
        <button type="button" onClick={startDeletion} className={danger}>
          Delete my account
        </button>
      )}
      {step === 'address' && (
        <>
          <label htmlFor={`${id}-email`} className="block text-sm">
            Your sign-in e-mail address (we do not store it, so you type it to prove it is you)
          </label>
          <input id={`${id}-email`} type="email" autoComplete="email" required value={address} onChange={(event) => setAddress(event.target.value)} className={field} />
          <DeletionButtons label="Send deletion code" disabled={busy || !address.trim()} />
        </>
      )}
      {step === 'code' && (
        <>
          <p className="text-sm text-muted">We mailed a 6-digit code to {address.trim()}.</p>
          <label htmlFor={`${id}-code`} className="block text-sm">
            Deletion code
          </label>
          <input id={`${id}-code`} inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(event) => setCode(event.target.value)} className={field} />
          <fieldset className="space-y-1 text-sm">
            <legend className="font-semibold">Your posts and comments</legend>
            <label className="flex items-start gap-2">
              <input type="radio" name={`${id}-content`} checked={eraseContent} onChange={() => setEraseContent(true)} className="mt-1" />
              Erase them too, with their photos and videos
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name={`${id}-content`} checked={!eraseContent} onChange={() => setEraseContent(false)} className="mt-1" />
              Leave them, shown as “[deleted account]”
            </label>
          </fieldset>
          <DeletionButtons label="Delete my account for good" disabled={busy || !code.trim()} />
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
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" disabled={disabled} className={danger}>
        {label}
      </button>
      <button type="button" onClick={cancelDeletion} className={secondary}>
        Cancel
      </button>
    </div>
  );
}
