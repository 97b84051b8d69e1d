import { beforeEach, describe, expect, it, vi } from 'vitest';

// Only the network call is replaced (tests/helpers/api-client-mock.ts).
vi.mock('../lib/browser/api-client.ts', () => import('../../tests/helpers/api-client-mock.ts'));

const { apiMock, ApiError } = await import('../../tests/helpers/api-client-mock.ts');
const { $readingLanguages, chooseReadingLanguages, loadReadingLanguages } = await import('./reading-languages.store.ts');

// The page's address, as the store reads and writes it (a URL stands in for window.location).
const location = new URL('http://localhost/home/posts');
vi.stubGlobal('window', {
  location,
  history: { replaceState: (_: unknown, __: string, url: URL | string) => (location.href = String(url)) },
});
const address = (search: string) => (location.search = search);

beforeEach(() => {
  apiMock.mockReset();
  address('');
});

describe('reading languages', () => {
  it('a visitor’s live in the address: every language without ?languages=, and a choice goes there', async () => {
    await loadReadingLanguages(false);
    expect($readingLanguages.get()).toMatchObject({ languages: null, member: false, loaded: true });
    expect(await chooseReadingLanguages(['ta', 'en'])).toBe(true);
    expect(location.search).toBe('?languages=en%2Cta');
    expect($readingLanguages.get().languages).toEqual(['ta', 'en']);
    expect(apiMock).not.toHaveBeenCalled();
  });

  it('a member’s are read from the server once and saved there; a failure keeps the choice shown and says so', async () => {
    apiMock.mockResolvedValueOnce({ reading_languages: ['en'], reading_languages_saved: false });
    await loadReadingLanguages(true);
    await loadReadingLanguages(true);
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect($readingLanguages.get()).toMatchObject({ languages: ['en'], saved: false, member: true, loaded: true });

    apiMock.mockResolvedValueOnce({ reading_languages: ['hi'], reading_languages_saved: true });
    expect(await chooseReadingLanguages(['hi'])).toBe(true);
    expect(apiMock).toHaveBeenLastCalledWith('/api/users/me/preferences/', { method: 'PUT', body: { reading_languages: ['hi'] } });
    expect($readingLanguages.get()).toMatchObject({ languages: ['hi'], saved: true, saving: false, error: false });

    apiMock.mockRejectedValueOnce(new ApiError('Server error', 500, {}));
    expect(await chooseReadingLanguages(['bn'])).toBe(false);
    expect($readingLanguages.get()).toMatchObject({ languages: ['hi'], error: true, saving: false });
  });
});
