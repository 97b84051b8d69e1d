import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { openLogin } from '../../../stores/login.store.ts';
import { $searchOpen, openSearch } from '../search/search.store.ts';
import { SearchIcon } from './icons.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import NotificationBell from '../notifications/NotificationBell.tsx';
import { ProfileDropdown } from './ProfileDropdown.tsx';
import { LoginModalSlot } from './LoginModalSlot.tsx';
import { $authStatus, fetchViewer } from './viewer.store.ts';
import { useSearchModal } from './use-search-modal.ts';
import { useT, withLang } from '../../i18n/use-t.tsx';

/** The app header: logo, the read-only search box, and the signed-in or signed-out controls. */
function AppHeader() {
  const t = useT();
  const status = useStore($authStatus);
  const searchOpen = useStore($searchOpen);
  const SearchModal = useSearchModal(searchOpen);
  const hasOpened = useRef(false);
  const boxRef = useRef<HTMLInputElement>(null);
  // Closing the modal hands the focus back to the box; that focus must not reopen it.
  const ignoreNextFocus = useRef(false);

  // The box is in the server's HTML: a focus (or a tap, which focuses it) before this island ran had no handler
  // yet. Still focused now means the visitor is waiting for the search.
  useEffect(() => {
    if (document.activeElement === boxRef.current) openSearch();
  }, []);

  useEffect(() => {
    fetchViewer().catch((error: unknown) => {
      if ($authStatus.get() !== 'signed-out') console.error('Failed to load profile', error);
    });
  }, []);

  useEffect(() => {
    if (searchOpen) hasOpened.current = true;
    else if (hasOpened.current) ignoreNextFocus.current = true;
  }, [searchOpen]);

  const onSearchFocus = () => {
    if (ignoreNextFocus.current) {
      ignoreNextFocus.current = false;
      return;
    }
    openSearch();
  };

  return (
    <header className="sticky top-0 z-20 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-3 sm:px-4">
        <a href="/home" className="flex shrink-0 items-center gap-2 rounded-lg font-bold text-ink" aria-label={t('app.home')}>
          <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
          <span className="hidden text-lg sm:inline">{t('site.productName')}</span>
        </a>
        <div className="relative min-w-0 flex-1 md:mx-auto md:max-w-xl">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted">
            <SearchIcon />
          </span>
          <input
            ref={boxRef}
            type="search"
            readOnly
            aria-label={t('app.search')}
            aria-haspopup="dialog"
            placeholder={t('app.search')}
            onFocus={onSearchFocus}
            onClick={openSearch}
            onBlur={() => (ignoreNextFocus.current = false)}
            className="h-10 w-full cursor-pointer rounded-full border border-line bg-canvas pl-10 pr-4 text-sm text-ink placeholder:text-muted"
          />
        </div>
        {/* One bell with its live count at every width; Create + and the profile menu from md up (the phone menu has them). */}
        <div className="flex items-center justify-end gap-2 md:min-w-[9.5rem]">
          {status === 'signed-out' && (
            <button
              type="button"
              onClick={openLogin}
              className="hidden rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 md:block"
            >
              {t('common.login')}
            </button>
          )}
          {status === 'signed-in' && (
            <>
              <a
                href="/home/create"
                className="hidden rounded-full border border-line px-4 py-2 text-sm font-semibold text-ink hover:bg-brand-50 md:block"
              >
                {t('app.create')}
              </a>
              <NotificationBell />
              <div className="hidden md:block">
                <ProfileDropdown />
              </div>
            </>
          )}
        </div>
        {status !== 'unknown' && <MobileMenu status={status} />}
        {status === 'unknown' && <span className="size-10 md:hidden" aria-hidden="true" />}
      </div>
      {/* Mounted from its first opening on (it must stay to close), so a page never opened holds none of its text. */}
      {SearchModal && (searchOpen || hasOpened.current) && <SearchModal />}
      <LoginModalSlot />
    </header>
  );
}

export default withLang(AppHeader);
