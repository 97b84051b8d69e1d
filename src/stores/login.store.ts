import { atom } from 'nanostores';

/** Whether the login modal is open; any island (landing header, app header, mobile menu) may open it. */
export const $loginOpen = atom(false);

export const openLogin = () => $loginOpen.set(true);
export const closeLogin = () => $loginOpen.set(false);
