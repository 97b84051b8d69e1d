import { describe, expect, it } from 'vitest';
import { currentFeedLanguages, currentFeedSort, feedQuery, feedSortQuery } from './feed-sort.ts';

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

describe('feed languages in the address', () => {
  it('reads ?languages= as our tags in their order, dropping unknown ones; none is no choice', () => {
    expect(currentFeedLanguages('?languages=hi,EN')).toEqual(['en', 'hi']);
    expect(currentFeedLanguages('?languages=hi-latn,xx')).toEqual(['hi-Latn']);
    expect(currentFeedLanguages('?languages=xx')).toBeNull();
    expect(currentFeedLanguages('')).toBeNull();
  });

  it('adds the order and the languages to a feed request, nothing for the defaults', () => {
    expect(feedQuery('')).toEqual({});
    expect(feedQuery('?sort=hot&languages=ta,kn')).toEqual({ sort: 'hot', languages: 'ta,kn' });
  });
});
