import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CredentialKind, ProfileResponse } from '../../../lib/api-types.ts';
import { formatDate } from '../../../lib/i18n.ts';
import { chipLabel } from '../../../lib/identity-words.ts';
import { useLang, useT } from '../../i18n/use-t.tsx';
import { safeReturnPath } from '../../../stores/verification-gate.store.ts';
import {
  $credentials,
  $emailVerification,
  changeAddress,
  confirmVerificationCode,
  CREDENTIAL_KINDS,
  loadCredentialRequests,
  sendCredential,
  sendVerificationCode,
} from './verifications.store.ts';

const field = 'w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm';
const primary = 'rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60';
const DOCUMENT_ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf';

/** The profile's Verifications section (#verifications): what the account proved, and ways to prove more. */
export default function VerificationsSection({ data, onChange }: { data: ProfileResponse; onChange: (profile: ProfileResponse) => void }) {
  const t = useT();
  const lang = useLang();
  const [back, setBack] = useState<string | null>(null);
  useEffect(() => {
    setBack(safeReturnPath(window.location.search));
    void loadCredentialRequests();
    if (window.location.hash === '#verifications') document.getElementById('verifications')?.scrollIntoView();
  }, []);

  return (
    <section
      id="verifications"
      aria-labelledby="verifications-heading"
      className="scroll-mt-20 rounded-xl border border-line bg-surface p-5"
    >
      <h2 id="verifications-heading" className="text-lg font-bold">
        {t('verifications.heading')}
      </h2>
      <ul className="mt-3 flex flex-col gap-1 text-sm" aria-label={t('verifications.proven')}>
        {data.verifications.map((v) => (
          <li key={`${v.kind}-${v.label}`} className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">{chipLabel(v, t)}</span>
            <span className="text-muted">{t('verifications.since', { date: formatDate(v.verified_at, lang, 'short') })}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted">{t('verifications.privacy')}</p>
      {back && (
        <p className="mt-3">
          <a href={back} className="font-semibold text-brand-700 underline">
            {t('verifications.back')}
          </a>
        </p>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <EmailForm onVerified={onChange} />
        <CredentialForm />
      </div>
    </section>
  );
}

function EmailForm({ onVerified }: { onVerified: (profile: ProfileResponse) => void }) {
  const t = useT();
  const id = useId();
  const { step, email, busy, error, done } = useStore($emailVerification);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step === 'address') return void sendVerificationCode(address);
    const profile = await confirmVerificationCode(code);
    if (profile) {
      setCode('');
      setAddress('');
      onVerified(profile);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2 rounded-lg border border-line p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t('verifications.emailTitle')}
      </h3>
      {step === 'address' ? (
        <>
          <label htmlFor={`${id}-email`} className="block text-sm">
            {t('verifications.emailLabel')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            required
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder={t('verifications.emailPlaceholder')}
            className={field}
          />
          <button type="submit" disabled={busy || !address.trim()} className={primary}>
            {t('verifications.sendCode')}
          </button>
        </>
      ) : (
        <>
          <p className="text-sm text-muted">{t('verifications.codeSent', { email })}</p>
          <label htmlFor={`${id}-code`} className="block text-sm">
            {t('verifications.codeLabel')}
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
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy || !code.trim()} className={primary}>
              {t('verifications.verify')}
            </button>
            <button type="button" onClick={changeAddress} className="rounded-full border border-line px-4 py-2 text-sm font-semibold">
              {t('verifications.otherAddress')}
            </button>
          </div>
        </>
      )}
      <FormOutcome error={error} done={done} />
    </form>
  );
}

/** What a form's last submission came to: an error to fix, or what was done. */
function FormOutcome({ error, done }: { error: string | null; done: string | null }) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      )}
    </>
  );
}

function CredentialForm() {
  const t = useT();
  const id = useId();
  const { requests, busy, error, done } = useStore($credentials);
  const [kind, setKind] = useState<CredentialKind>('ca');
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (file && (await sendCredential(kind, name, file))) {
      setFile(null);
      form.reset();
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2 rounded-lg border border-line p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t('verifications.credentialTitle')}
      </h3>
      <label htmlFor={`${id}-kind`} className="block text-sm">
        {t('verifications.credential')}
      </label>
      <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as CredentialKind)} className={field}>
        {CREDENTIAL_KINDS.map((value) => (
          <option key={value} value={value}>
            {t(`verifications.credentials.${value}`)}
          </option>
        ))}
      </select>
      {kind === 'other' && (
        <>
          <label htmlFor={`${id}-name`} className="block text-sm">
            {t('verifications.credentialName')}
          </label>
          <input
            id={`${id}-name`}
            required
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
            className={field}
          />
        </>
      )}
      <label htmlFor={`${id}-document`} className="block text-sm">
        {t('verifications.documentLabel')}
      </label>
      {/* The browser words its own file button in its own language ("Choose File"): ours comes from the catalogs. */}
      <input
        ref={fileInput}
        id={`${id}-document`}
        type="file"
        required
        accept={DOCUMENT_ACCEPT}
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        className="sr-only"
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          className="rounded-full border border-brand-600 px-4 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('verifications.chooseDocument')}
        </button>
        <span className="min-w-0 truncate text-sm text-muted">{file?.name ?? t('verifications.noDocument')}</span>
      </div>
      <p className="text-xs text-muted">{t('verifications.documentHint')}</p>
      <button type="submit" disabled={busy || !file} className={primary}>
        {t('verifications.sendForReview')}
      </button>
      <FormOutcome error={error} done={done} />
      {requests.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label={t('verifications.requests')}>
          {requests.map((request) => (
            <li key={request.id}>
              <span className="font-semibold">
                {request.kind === 'other' ? request.name : t(`verifications.credentials.${request.kind}`)}
              </span>
              : {t(`verifications.status.${request.status}`)}
              {request.reason && request.status !== 'approved' && <span className="text-muted"> ({request.reason})</span>}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
