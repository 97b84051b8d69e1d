import { atom } from 'nanostores';
import Cookies from 'js-cookie';

/**
 * Data saver: on a metered or slow connection, images load only when tapped and videos never load by themselves.
 * A choice of this device (localStorage), not of the account: the same member may read on Wi-Fi elsewhere.
 */
export const DATA_SAVER_KEY = 'bsq:data-saver';
/**
 * The same choice told to the server, which renders the feed's first page with its images only when it is off
 * (the server cannot read localStorage). It says nothing about the person: every data-saving device sends it.
 */
export const DATA_SAVER_COOKIE = 'data_saver';

function tellServer(on: boolean): void {
  if (typeof document === 'undefined') return;
  if (on) Cookies.set(DATA_SAVER_COOKIE, 'on', { path: '/', expires: 365, sameSite: 'lax' });
  else Cookies.remove(DATA_SAVER_COOKIE, { path: '/' });
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be refused (private modes, blocked cookies): the setting then lasts for the page.
    return null;
  }
};

function saved(): boolean {
  try {
    return storage()?.getItem(DATA_SAVER_KEY) === 'on';
  } catch {
    return false;
  }
}

export const $dataSaver = atom<boolean>(saved());
// A choice made before the cookie existed is told to the server too.
if ($dataSaver.get() && typeof document !== 'undefined' && Cookies.get(DATA_SAVER_COOKIE) !== 'on') tellServer(true);

export function setDataSaver(on: boolean): void {
  $dataSaver.set(on);
  tellServer(on);
  const store = storage();
  if (!store) return;
  try {
    if (on) store.setItem(DATA_SAVER_KEY, 'on');
    else store.removeItem(DATA_SAVER_KEY);
  } catch {
    // A full or refused storage keeps the choice for this page only.
  }
}
