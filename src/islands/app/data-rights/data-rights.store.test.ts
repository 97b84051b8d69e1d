import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCookieJar } from '../../../../tests/helpers/cookie-jar.ts';
import type { DataExport } from '../../../lib/api-types.ts';

vi.mock('../../../lib/browser/api-client.ts', () => import('../../../../tests/helpers/api-client-mock.ts'));

const { apiMock, ApiError } = await import('../../../../tests/helpers/api-client-mock.ts');
const store = await import('./data-rights.store.ts');

const exportOf = (status: DataExport['status']): DataExport => ({
  id: 'e1',
  status,
  download_url: status === 'ready' ? 'http://x/api/users/me/export/e1/download/?expires=1&signature=ab' : null,
  created_at: '2026-11-23T00:00:00Z',
  ready_at: null,
  expires_at: null,
});

let jar: Map<string, string>;
beforeEach(() => {
  vi.useFakeTimers();
  jar = installCookieJar();
  jar.set('access_token', 't');
  apiMock.mockReset();
  store.$dataExport.set({ current: null, busy: false, error: null });
  store.$deletion.set({ step: 'closed', busy: false, error: null });
});
afterEach(() => {
  store.stopFollowingExport();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Download my data', () => {
  it('starts an export and follows it until it is ready', async () => {
    apiMock.mockResolvedValueOnce(exportOf('pending')).mockResolvedValueOnce(exportOf('pending')).mockResolvedValueOnce(exportOf('ready'));
    await store.requestExport();
    expect(apiMock).toHaveBeenCalledWith('/api/users/me/export/', { method: 'POST' });
    expect(store.$dataExport.get().current?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(store.EXPORT_POLL_MS);
    expect(store.$dataExport.get().current?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(store.EXPORT_POLL_MS);
    expect(store.$dataExport.get().current).toMatchObject({ status: 'ready', download_url: expect.stringContaining('/download/') });
    await vi.advanceTimersByTimeAsync(store.EXPORT_POLL_MS * 3);
    expect(apiMock).toHaveBeenCalledTimes(3);
  });

  it('after a reload, picks up the export in progress', async () => {
    apiMock.mockResolvedValueOnce({ latest: exportOf('pending') }).mockResolvedValueOnce(exportOf('ready'));
    await store.loadLatestExport();
    expect(store.$dataExport.get().current?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(store.EXPORT_POLL_MS);
    expect(apiMock).toHaveBeenLastCalledWith('/api/users/me/export/e1/');
    expect(store.$dataExport.get().current?.status).toBe('ready');
  });

  it('a second request while one is prepared shows the server’s message and the one in progress', async () => {
    apiMock
      .mockRejectedValueOnce(new ApiError('busy', 409, { detail: 'Your data is already being prepared.' }))
      .mockResolvedValueOnce({ latest: exportOf('pending') });
    await store.requestExport();
    expect(store.$dataExport.get()).toMatchObject({ error: 'Your data is already being prepared.', current: { status: 'pending' } });
  });
});

describe('Delete my account', () => {
  it('sends the code, then deletes and signs out', async () => {
    apiMock.mockResolvedValueOnce({ detail: 'sent' }).mockResolvedValueOnce({ status: 'pending' });
    store.startDeletion();
    await store.sendDeletionCode('  me@example.com ');
    expect(apiMock).toHaveBeenLastCalledWith('/api/users/me/delete/send-otp/', { method: 'POST', body: { email: 'me@example.com' } });
    expect(store.$deletion.get().step).toBe('code');
    expect(await store.confirmDeletion('123456', false)).toBe(true);
    expect(apiMock).toHaveBeenLastCalledWith('/api/users/me/delete/', { method: 'POST', body: { otp: '123456', erase_content: false } });
    expect(store.$deletion.get().step).toBe('done');
    expect(jar.has('access_token')).toBe(false);
  });

  it('shows why an address or a code was refused and keeps the member signed in', async () => {
    apiMock.mockRejectedValueOnce(new ApiError('x', 400, { detail: 'This is not the address you sign in with.' }));
    store.startDeletion();
    await store.sendDeletionCode('other@example.com');
    expect(store.$deletion.get()).toMatchObject({ step: 'address', error: 'This is not the address you sign in with.' });
    apiMock.mockRejectedValueOnce(new ApiError('x', 400, { detail: 'Invalid or expired OTP.' }));
    expect(await store.confirmDeletion('000000', true)).toBe(false);
    expect(store.$deletion.get().error).toBe('Invalid or expired OTP.');
    expect(jar.get('access_token')).toBe('t');
  });
});
