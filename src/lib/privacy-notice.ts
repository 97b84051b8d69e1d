/**
 * The notice a member reads and agrees to at the first sign-in (DPDP Act 2023, section 5): what is processed and
 * why, their rights, and where to complain. Shared by the server (the consent it records names this version) and
 * the app (which shows it). Change NOTICE_VERSION whenever the text changes: every member is asked again at their
 * next sign-in.
 */
export const NOTICE_VERSION = '2026-11-23';

export const NOTICE_TITLE = 'Before you start: your data on Bharat Square';

/** What is processed, and why, one line each. */
export const NOTICE_ITEMS: { what: string; why: string }[] = [
  { what: 'A keyed fingerprint (hash) of your sign-in address, never the address itself', why: 'to recognise you at your next sign-in' },
  { what: 'Your anonymous handle, colour and animal', why: 'to show you to others without revealing who you are' },
  { what: 'What you post and comment, with the photos and videos you upload (their metadata removed)', why: 'to publish them in the channels you choose' },
  { what: 'Your likes and dislikes, channel memberships, join requests, blocks and reports', why: 'to run the features you use' },
  { what: 'The outcomes of your verifications (such as "Verified academic"), never the address or document', why: 'to show your identity chips and admit you to verified channels' },
  { what: 'This consent: the notice version, that you are 18 or older, and when you agreed', why: 'to show that you agreed' },
];

export const NOTICE_RIGHTS = [
  'Download all your data from your profile at any time ("Download my data").',
  'Delete your account from your profile ("Delete my account"), with or without your posts and comments.',
  'Withdraw consent at any time by deleting your account.',
  'Complain to our Grievance Officer (grievance@bharatsquare.in, or the form at /grievance), and then to the Data Protection Board of India.',
];

export const NOTICE_ADULT_ONLY =
  'Bharat Square is for adults. If you are under 18 we do not create your account: we do not take children’s data.';

/** What the server answers when someone says they are under 18; the app shows it as is. */
export const UNDER_18_MESSAGE =
  'Bharat Square is only for people aged 18 or older, so we cannot create your account. We have deleted what the sign-in created; nothing about you is kept.';

export const CONSENT_REQUIRED_MESSAGE = 'Please read and accept the privacy notice to continue.';
