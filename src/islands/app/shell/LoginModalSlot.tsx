import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $loginOpen } from '../../../stores/login.store.ts';

// The sign-in island's modal, loaded the first time someone asks to log in.
const LoginModal = lazy(() => import('../../login/LoginModal.tsx'));

/** Mounts the shared login modal on first use; it follows $loginOpen itself. */
export function LoginModalSlot() {
  const open = useStore($loginOpen);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}
