import { atom } from 'nanostores';

/**
 * Data saver: on a metered or slow connection, images load only when tapped and videos never load by themselves.
 * A choice of this device (localStorage), not of the account: the same member may read on Wi-Fi elsewhere.
 */
export const DATA_SAVER_KEY = 'bsq:data-saver';

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

export function setDataSaver(on: boolean): void {
  $dataSaver.set(on);
  const store = storage();
  if (!store) return;
  try {
    if (on) store.setItem(DATA_SAVER_KEY, 'on');
    else store.removeItem(DATA_SAVER_KEY);
  } catch {
    // A full or refused storage keeps the choice for this page only.
  }
}
