import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import type { Poll } from '../lib/api-types.ts';

vi.mock('../lib/browser/api-client.ts', () => import('../../tests/helpers/api-client-mock.ts'));
const { apiMock, ApiError } = await import('../../tests/helpers/api-client-mock.ts');
vi.mock('./session.store.ts', () => ({ hasToken: () => true }));
const { $pollChanges, $pollErrors, currentPoll, votePoll } = await import('./polls.store.ts');

const poll = (over: Partial<Poll> = {}): Poll => ({
  options: [
    { id: 1, text: 'Tea', votes: null },
    { id: 2, text: 'Coffee', votes: null },
  ],
  multiple: false,
  closes_at: '2030-05-01T13:00:00.000Z',
  closed: false,
  verified_only: false,
  total_votes: null,
  my_votes: [],
  ...over,
});

beforeEach(() => {
  cleanStores($pollChanges, $pollErrors);
  $pollChanges.set({});
  $pollErrors.set({});
  apiMock.mockReset();
});

describe('votePoll', () => {
  it('posts the chosen options and shows the poll the server answers, with its counts', async () => {
    const voted = poll({
      options: [
        { id: 1, text: 'Tea', votes: 1 },
        { id: 2, text: 'Coffee', votes: 0 },
      ],
      total_votes: 1,
      my_votes: [1],
    });
    apiMock.mockResolvedValueOnce(voted);
    await votePoll(7, [1]);
    expect(apiMock).toHaveBeenCalledWith('/api/posts/7/poll/votes/', { method: 'POST', body: { options: [1] } });
    expect(currentPoll(7, poll())).toEqual(voted);
    expect(currentPoll(8, poll())).toEqual(poll());
  });

  it('keeps the server’s words when the vote is refused', async () => {
    apiMock.mockRejectedValueOnce(new ApiError('This poll has closed: votes can no longer be given or changed.', 400, {}));
    await votePoll(7, [1]);
    expect($pollErrors.get()[7]).toBe('This poll has closed: votes can no longer be given or changed.');
    expect($pollChanges.get()[7]).toBeUndefined();
  });
});
