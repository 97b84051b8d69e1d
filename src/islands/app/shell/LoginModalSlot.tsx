import { useEffect, type ComponentType } from 'react';
import { CONSENT_REQUIRED_EVENT } from '../../../lib/browser/api-client.ts';
import { useStore } from '@nanostores/react';
import { $loginOpen } from '../../../stores/login.store.ts';
import { useDeferredComponent } from './use-deferred-component.ts';

// The sign-in island's modal, loaded the first time someone asks to log in.
const loadLoginModal = (): Promise<ComponentType> => import('../../login/LoginModal.tsx').then((module) => module.default);

/**
 * Mounts the shared login modal on first use; it follows $loginOpen itself. A call refused with `consent_required`
 * opens it on the privacy notice.
 */
export function LoginModalSlot() {
  const open = useStore($loginOpen);
  useEffect(() => {
    const onConsentRequired = () => void import('../../login/login.store.ts').then((login) => login.showNotice());
    window.addEventListener(CONSENT_REQUIRED_EVENT, onConsentRequired);
    return () => window.removeEventListener(CONSENT_REQUIRED_EVENT, onConsentRequired);
  }, []);
  const LoginModal = useDeferredComponent(loadLoginModal, open);
  return LoginModal ? <LoginModal /> : null;
}
