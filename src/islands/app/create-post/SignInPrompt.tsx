import { useEffect, useState } from 'react';
import { hasToken } from '../../../stores/session.store.ts';
import { openLogin } from '../../../stores/login.store.ts';
import { useT } from '../../i18n/use-t.tsx';

/** Whether an access token is present; null until hydrated (the static HTML cannot know). */
export function useHasToken(): boolean | null {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => setSignedIn(hasToken()), []);
  return signedIn;
}

/** Shown instead of a signed-in-only form. */
export default function SignInPrompt({ message }: { message: string }) {
  const t = useT();
  return (
    <div className="rounded-lg border border-line bg-surface p-6 text-center">
      <p className="mb-4">{message}</p>
      <button type="button" onClick={openLogin} className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
        {t('common.login')}
      </button>
    </div>
  );
}
