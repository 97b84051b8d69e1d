import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { Member } from './app-fixtures.ts';

/**
 * Accounts signed in once per run by tests/e2e/roles.setup.ts (through the mailed code, as signInByApi does), whose
 * saved sign-in journeys take instead of signing in again:
 * - member: agreed to the privacy notice, has a profile;
 * - moderator: a member granted the moderator role (`npm run admin grant moderator`).
 * Only for journeys that need someone signed in and read nothing of the account's own history: its feed, profile,
 * counts, notifications, blocks and verifications are shared with every journey that takes it, two at a time. A
 * journey that logs out, refreshes the tokens, erases, suspends or changes the account, whose account is reported or
 * judged by staff, or that reads what only its own account shows, signs in a fresh account (signInMember, signInByApi).
 */
export type Role = 'member' | 'moderator';

/** Where the setup saves a role's storageState (under test-results/, which each run empties before the setup). */
export const roleState = (role: Role) => path.resolve('test-results', '.roles', `${role}.json`);

/**
 * Gives `page`'s browser context the role's saved sign-in, as `storageState` would (it holds the two token cookies and
 * nothing else), and answers the role's account as signInMember does.
 */
export async function signedInAs(page: Page, role: Role): Promise<Member> {
  const state = JSON.parse(readFileSync(roleState(role), 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await page.context().addCookies(state.cookies);
  const access = state.cookies.find((cookie) => cookie.name === 'access_token')!.value;
  return { page, access, auth: { Authorization: `Bearer ${access}` } };
}
