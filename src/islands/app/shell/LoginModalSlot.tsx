import type { ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { $loginOpen } from '../../../stores/login.store.ts';
import { useDeferredComponent } from './use-deferred-component.ts';

// The sign-in island's modal, loaded the first time someone asks to log in.
const loadLoginModal = (): Promise<ComponentType> => import('../../login/LoginModal.tsx').then((module) => module.default);

/** Mounts the shared login modal on first use; it follows $loginOpen itself. */
export function LoginModalSlot() {
  const open = useStore($loginOpen);
  const LoginModal = useDeferredComponent(loadLoginModal, open);
  return LoginModal ? <LoginModal /> : null;
}
