import { describe, expect, it } from 'vitest';
import { currentFeedSort, feedSortQuery } from './feed-sort.ts';

describe('feed sort in the address', () => {
  it('reads ?sort=, New by default or when unknown, and adds nothing to the request for New', () => {
    expect(currentFeedSort('?sort=hot')).toBe('hot');
    expect(currentFeedSort('?sort=top_week&page=2')).toBe('top_week');
    expect(currentFeedSort('')).toBe('new');
    expect(currentFeedSort('?sort=loud')).toBe('new');
    expect(feedSortQuery('?sort=new')).toEqual({});
    expect(feedSortQuery('?sort=top_all')).toEqual({ sort: 'top_all' });
  });
});
