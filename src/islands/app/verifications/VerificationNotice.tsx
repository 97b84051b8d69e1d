import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/use-t.tsx';
import { $verificationNeeded, dismissVerificationNeeded, verifyNowHref } from '../../../stores/verification-gate.store.ts';

/** The app frame's notice when a channel asks for a verification the person lacks: what is needed and "Verify now". */
export default function VerificationNotice() {
  const t = useT();
  const needed = useStore($verificationNeeded);
  const verifyLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (needed) verifyLink.current?.focus();
  }, [needed]);
  if (!needed) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="min-w-0 flex-1 basis-60">{needed.detail}</p>
      <a
        ref={verifyLink}
        href={verifyNowHref(window.location)}
        className="rounded-full bg-brand-600 px-4 py-1.5 font-semibold text-white hover:bg-brand-700"
      >
        {t('verifications.verifyNow')}
      </a>
      <button
        type="button"
        onClick={dismissVerificationNeeded}
        className="rounded-full border border-amber-400 px-3 py-1.5 font-semibold hover:bg-amber-100"
      >
        {t('verifications.dismiss')}
      </button>
    </div>
  );
}
