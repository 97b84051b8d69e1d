import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/browser/api-client.ts', () => import('../../../../tests/helpers/api-client-mock.ts'));
const { apiMock, ApiError } = await import('../../../../tests/helpers/api-client-mock.ts');
const { $rules, loadRules, saveRules } = await import('./rules.store.ts');
const { rulesPanel, DEFAULT_RULE_KEYS } = await import('./rules-panel.ts');

beforeEach(() => {
  apiMock.mockReset();
  $rules.set({});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('channel rules', () => {
  it("loads a channel's rules once, and shows the site's rules for a channel without any or when loading fails", async () => {
    apiMock.mockResolvedValueOnce({ rules: [{ title: 'Be kind', body: 'No attacks.' }] });
    await loadRules(4);
    await loadRules(4);
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect(rulesPanel($rules.get()[4])).toEqual({ own: true, rules: [{ title: 'Be kind', body: 'No attacks.' }] });
    apiMock.mockRejectedValueOnce(new ApiError('x', 500, null));
    await loadRules(5);
    expect(rulesPanel($rules.get()[5])).toEqual({ own: false, keys: DEFAULT_RULE_KEYS });
  });

  it("saves the owner's rules and shows what the server kept", async () => {
    apiMock.mockResolvedValueOnce({ rules: [{ title: 'Stay local', body: '' }] });
    await saveRules(4, [{ title: 'Stay local', body: '' }]);
    expect(apiMock).toHaveBeenCalledWith('/api/circles/4/rules/', { method: 'PUT', body: { rules: [{ title: 'Stay local', body: '' }] } });
    expect($rules.get()[4]).toEqual([{ title: 'Stay local', body: '' }]);
  });
});
