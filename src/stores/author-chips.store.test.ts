import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../lib/browser/api-client.ts', () => import('../../tests/helpers/api-client-mock.ts'));
const { apiMock } = await import('../../tests/helpers/api-client-mock.ts');
const { $authorChips, isHandle, wantChips } = await import('./author-chips.store.ts');

beforeEach(() => apiMock.mockReset());

describe('chips beside every handle', () => {
  it('asks once for the handles a screen shows at the same moment, and never again for a handle it has', async () => {
    apiMock.mockResolvedValueOnce({ chips: { Asha_Tiger: [{ kind: 'academic', label: 'Academic' }] } });
    wantChips('Asha_Tiger', 0);
    wantChips('Ravi_Otter', 0);
    wantChips('Asha_Tiger', 0);
    wantChips('[deleted account]', 0);
    await vi.waitFor(() => expect($authorChips.get().Ravi_Otter).toEqual([]));
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect(apiMock).toHaveBeenCalledWith('/api/users/chips/', { query: { handles: 'Asha_Tiger,Ravi_Otter' } });
    expect($authorChips.get().Asha_Tiger).toEqual([{ kind: 'academic', label: 'Academic' }]);
    wantChips('Asha_Tiger', 0);
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect(isHandle('[deleted account]')).toBe(false);
  });
});
