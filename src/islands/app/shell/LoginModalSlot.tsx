import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { $loginOpen } from '../../../stores/login.store.ts';

// The sign-in island's modal, loaded the first time someone asks to log in (a glob, so the shell
// still builds in a checkout without the sign-in island).
const loaders = import.meta.glob<{ default: ComponentType }>('../../login/LoginModal.tsx');
const loadModal = Object.values(loaders)[0];
const LoginModal = loadModal ? lazy(loadModal) : null;

/** Mounts the shared login modal on first use; it follows $loginOpen itself. */
export function LoginModalSlot() {
  const open = useStore($loginOpen);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted || !LoginModal) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}
