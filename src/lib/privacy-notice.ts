/**
 * The notice a member reads and agrees to at the first sign-in (DPDP Act 2023, section 5): what is processed and
 * why, their rights, and where to complain. Its version is not kept here: it is derived from the privacy page
 * (src/content/pages/privacy.mdx, its highest material version), and a material change there asks every member
 * again at their next visit with the changes listed.
 */
import { translator, type Translate } from './i18n.ts';

/**
 * The notice's text lives in the message catalogs (`notice.*` in src/locales); these functions give it in one
 * language. The English constants below are the same text, for the server and the tests.
 */
export function noticeText(t: Translate) {
  return {
    title: t('notice.title'),
    /** What is processed, and why, one line each. */
    items: [1, 2, 3, 4, 5, 6].map((n) => ({ what: t(`notice.item${n}.what`), why: t(`notice.item${n}.why`) })),
    rights: [1, 2, 3, 4].map((n) => t(`notice.right${n}`)),
    adultOnly: t('notice.adultOnly'),
  };
}

const english = noticeText(translator('en'));
export const NOTICE_TITLE = english.title;
export const NOTICE_ITEMS: { what: string; why: string }[] = english.items;
export const NOTICE_RIGHTS = english.rights;
export const NOTICE_ADULT_ONLY = english.adultOnly;

/** What the server answers when someone says they are under 18; the app shows it as is. */
export const UNDER_18_MESSAGE = translator('en')('notice.under18');

export const CONSENT_REQUIRED_MESSAGE = 'Please read and accept the privacy notice to continue.';
