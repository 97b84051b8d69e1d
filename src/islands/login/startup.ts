/**
 * What the landing page does on start when a token is stored (spec section 4): verify it; valid → /home
 * (replacing history); 401 → refresh, store the new access token and the rotated refresh token and go to /home; refresh failure → clear both
 * tokens and stay; any other failure → the connection message (a toast, not the browser's alert). No React: it runs before any island.
 */
import { ApiError, api, clearTokens, getAccessToken, getRefreshToken, storeTokens } from '../../lib/browser/api-client.ts';

export const CONNECTION_ERROR = 'Connection Error: Cannot connect to the server. Please try again.';

export type StartupDeps = {
  accessToken: () => string | undefined;
  refreshToken: () => string | undefined;
  verify: (token: string) => Promise<unknown>;
  refresh: (refresh: string) => Promise<{ access: string; refresh?: string }>;
  /** Stores the new access token and, when the server rotated it, the new refresh token (the old one is spent). */
  storeAccess: (access: string, refresh?: string) => void;
  clear: () => void;
  goHome: () => void;
  tell: (message: string) => void;
};

export type StartupOutcome = 'no-token' | 'home' | 'refreshed' | 'cleared' | 'connection-error';

const post = <T>(path: string, body: unknown) => api<T>(path, { method: 'POST', body });

export const browserDeps = (): StartupDeps => ({
  accessToken: getAccessToken,
  refreshToken: getRefreshToken,
  verify: (token) => post('/api/token/verify/', { token }),
  refresh: (refresh) => post<{ access: string; refresh?: string }>('/api/token/refresh/', { refresh }),
  storeAccess: (access, refresh) => storeTokens({ access, refresh }),
  clear: clearTokens,
  goHome: () => window.location.replace('/home'),
  tell: (message) => void import('../../lib/toast.ts').then(({ toast }) => toast(message, 'error')),
});

const isUnauthorised = (error: unknown) => error instanceof ApiError && error.status === 401;

export async function checkStoredSession(deps: StartupDeps = browserDeps()): Promise<StartupOutcome> {
  const token = deps.accessToken();
  if (!token) return 'no-token';
  try {
    await deps.verify(token);
    deps.goHome();
    return 'home';
  } catch (error) {
    if (!isUnauthorised(error)) {
      deps.tell(CONNECTION_ERROR);
      return 'connection-error';
    }
  }
  const refresh = deps.refreshToken();
  try {
    if (!refresh) throw new Error('no refresh token');
    const rotated = await deps.refresh(refresh);
    deps.storeAccess(rotated.access, rotated.refresh);
    deps.goHome();
    return 'refreshed';
  } catch {
    deps.clear();
    return 'cleared';
  }
}
