import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/browser/api-client.ts';
import { CONNECTION_ERROR, checkStoredSession, type StartupDeps } from './startup.ts';

/** Browser effects recorded in order; the calls answer as the given server would. */
function browser(
  server: { verify?: () => Promise<unknown>; refresh?: () => Promise<{ access: string; refresh?: string }> },
  cookies: { access?: string; refresh?: string },
) {
  const effects: string[] = [];
  const deps: StartupDeps = {
    accessToken: () => cookies.access,
    refreshToken: () => cookies.refresh,
    verify: async (token) => {
      effects.push(`verify ${token}`);
      return (server.verify ?? (async () => ({})))();
    },
    refresh: async (refresh) => {
      effects.push(`refresh ${refresh}`);
      return (server.refresh ?? (async () => ({ access: 'new-access' })))();
    },
    storeAccess: (access, refresh) => effects.push(refresh ? `store ${access} ${refresh}` : `store ${access}`),
    clear: () => effects.push('clear'),
    goHome: () => effects.push('home'),
    tell: (message) => effects.push(`tell ${message}`),
  };
  return { deps, effects };
}

const unauthorised = () => Promise.reject(new ApiError('Token is invalid or expired', 401, { code: 'token_not_valid' }));

describe('start-up token check (spec section 4)', () => {
  it('does nothing without a stored token', async () => {
    const { deps, effects } = browser({}, {});
    expect(await checkStoredSession(deps)).toBe('no-token');
    expect(effects).toEqual([]);
  });

  it('goes home when the token verifies', async () => {
    const { deps, effects } = browser({}, { access: 'a', refresh: 'r' });
    expect(await checkStoredSession(deps)).toBe('home');
    expect(effects).toEqual(['verify a', 'home']);
  });

  it('refreshes on 401, stores the new access token, then goes home', async () => {
    const { deps, effects } = browser({ verify: unauthorised }, { access: 'a', refresh: 'r' });
    expect(await checkStoredSession(deps)).toBe('refreshed');
    expect(effects).toEqual(['verify a', 'refresh r', 'store new-access', 'home']);
  });

  it('stores the rotated refresh token with the new access token (the old refresh token is spent)', async () => {
    const { deps, effects } = browser(
      { verify: unauthorised, refresh: async () => ({ access: 'new-access', refresh: 'new-refresh' }) },
      { access: 'a', refresh: 'r' },
    );
    expect(await checkStoredSession(deps)).toBe('refreshed');
    expect(effects).toEqual(['verify a', 'refresh r', 'store new-access new-refresh', 'home']);
  });

  it('clears both tokens and stays when the refresh fails or is missing', async () => {
    const failing = browser({ verify: unauthorised, refresh: unauthorised }, { access: 'a', refresh: 'r' });
    expect(await checkStoredSession(failing.deps)).toBe('cleared');
    expect(failing.effects).toEqual(['verify a', 'refresh r', 'clear']);

    const missing = browser({ verify: unauthorised }, { access: 'a' });
    expect(await checkStoredSession(missing.deps)).toBe('cleared');
    expect(missing.effects).toEqual(['verify a', 'clear']);
  });

  it('tells of the connection failure on any other failure and keeps the tokens', async () => {
    for (const failure of [new ApiError('fetch failed', 0, undefined), new ApiError('Internal Server Error', 500, {})]) {
      const { deps, effects } = browser({ verify: () => Promise.reject(failure) }, { access: 'a', refresh: 'r' });
      expect(await checkStoredSession(deps)).toBe('connection-error');
      expect(effects).toEqual(['verify a', `tell ${CONNECTION_ERROR}`]);
    }
  });
});
