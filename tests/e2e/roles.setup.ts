import { expect, test as setup } from '@playwright/test';
import { adminCommand, signInByApi } from './helpers.ts';
import { roleState } from './roles.ts';

/** Signs each shared role in once per run and saves its storageState (tests/e2e/roles.ts). */
setup('a member signs in', async ({ page }) => {
  await signInByApi(page);
  await page.context().storageState({ path: roleState('member') });
});

setup('a moderator signs in', async ({ page }) => {
  const { access } = await signInByApi(page);
  const me = await page.request.get('/api/users/me/profile/', { headers: { Authorization: `Bearer ${access}` } });
  const handle = ((await me.json()) as { profile: { username: string } }).profile.username;
  expect(await adminCommand('grant', 'moderator', handle)).toBe(`${handle} is now a moderator.`);
  await page.context().storageState({ path: roleState('moderator') });
});
