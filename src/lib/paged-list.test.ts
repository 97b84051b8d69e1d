import { describe, expect, it } from 'vitest';
import { map } from 'nanostores';
import type { Paged } from './api-types.ts';
import { appendNew, emptyPagedList, loadNextPage, pageQuery, type PagedList } from './paged-list.ts';

type Row = { id: number; name: string };
const row = (id: number): Row => ({ id, name: `row ${id}` });
const page = (ids: number[], next: string | null): Paged<Row> => ({ count: 10, next, previous: null, results: ids.map(row) });

describe('appendNew', () => {
  it('appends the rows not shown yet, in order, once each', () => {
    expect(appendNew([row(1), row(2)], [row(2), row(3), row(3), row(4)]).map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the rows already shown as they are', () => {
    const shown = { id: 1, name: 'shown' };
    expect(appendNew([shown], [{ id: 1, name: 'newer' }])).toEqual([shown]);
  });
});

describe('loadNextPage', () => {
  it('asks for the next page each time and stops after the last', async () => {
    const $list = map<PagedList<Row>>(emptyPagedList());
    const asked: number[] = [];
    const pages = [page([1, 2], 'http://localhost/api/posts/public/feed/?page=2&cursor=YXwy'), page([2, 3], null)];
    const queries: unknown[] = [];
    const fetchPage = async (state: PagedList<Row>) => (asked.push(state.page), queries.push(pageQuery(state)), pages[state.page - 1]);
    await loadNextPage($list, fetchPage);
    await loadNextPage($list, fetchPage);
    await loadNextPage($list, fetchPage);
    expect(asked).toEqual([1, 2]);
    // The next page is asked for with the cursor its link carried (a deep list's next page is found by it).
    expect(queries).toEqual([{ page: 1 }, { page: 2, cursor: 'YXwy' }]);
    expect($list.get()).toEqual({ items: [row(1), row(2), row(3)], page: 3, hasMore: false, loading: false, cursor: null });
  });

  it('loads one page at a time', async () => {
    const $list = map<PagedList<Row>>(emptyPagedList());
    let calls = 0;
    const fetchPage = async () => (calls++, page([1], '?page=2'));
    await Promise.all([loadNextPage($list, fetchPage), loadNextPage($list, fetchPage)]);
    expect(calls).toBe(1);
  });

  it('keeps the fields a screen adds beside the list', async () => {
    const $list = map({ ...emptyPagedList<Row>(), error: null as string | null, source: 'public' });
    await loadNextPage($list, async () => page([7], null));
    expect($list.get()).toMatchObject({ error: null, source: 'public', items: [row(7)] });
  });

  it('stops paging on a failure and hands the error back', async () => {
    const $list = map<PagedList<Row>>({ ...emptyPagedList(), items: [row(1)], page: 2 });
    await expect(loadNextPage($list, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect($list.get()).toEqual({ items: [row(1)], page: 2, hasMore: false, loading: false, cursor: null });
  });
});
