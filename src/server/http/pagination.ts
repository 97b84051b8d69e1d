import type { FastifyRequest } from 'fastify';
import type { FeedPage, Paged } from '../../lib/api-types.ts';
import { decodeCursor, encodeCursor, type Cursor, type RowKey } from '../db/keyset.ts';
import { detail, say } from '../platform/errors.ts';
import { remembered } from '../../lib/remembered.ts';

export const DEFAULT_PAGE_SIZE = 10;

/**
 * The deepest page a keyset list serves by its number alone (OFFSET reads every row before it, so deeper pages by
 * number would cost more with every page). Deeper pages are reached through the `next`/`previous` links, whose
 * cursor starts the page at the edge of the one before on the list's index: page 500 costs what page 1 does.
 */
export const MAX_PAGE_BY_NUMBER = 50;
export const pageTooDeep = (page: number, param: string) =>
  say('errors.paging.tooDeep', { page, max: MAX_PAGE_BY_NUMBER, param: param === 'page' ? 'cursor' : cursorParamFor(param) });
export const INVALID_CURSOR = say('errors.paging.invalidCursor');
export const INVALID_PAGE = say('errors.paging.invalidPage');

export type { OffsetPageSource, KeysetPageSource, PageSource, UncountedPageSource } from '../db/keyset.ts';
import type { KeysetPageSource, PageSource, UncountedPageSource } from '../db/keyset.ts';

/** The cursor parameter beside a page parameter: `cursor` for `page`, `posts_cursor` for `posts_page`. */
const cursorParamFor = (param: string) => (param === 'page' ? 'cursor' : param.replace(/page$/, 'cursor'));

/**
 * Reads a 1-based page number the way DRF does: no parameter is page 1; anything that is not a positive integer,
 * an empty `?page=` included, is 'Invalid page.' (404).
 */
export function readPageNumber(value: unknown): number {
  if (value === undefined) return 1;
  const text = String(value);
  if (text === 'last') return Number.POSITIVE_INFINITY;
  if (!/^\d+$/.test(text)) throw detail(404, INVALID_PAGE);
  const page = Number(text);
  if (page < 1 || page > 1_000_000) throw detail(404, INVALID_PAGE);
  return page;
}

/**
 * A page link. Never built from the request's Host header (anyone can send `Host: evil.example` and have it
 * echoed to every reader of a cached answer): absolute on PUBLIC_SITE_URL when configured, else relative.
 */
function pageUrl(request: FastifyRequest, param: string, page: number | null, cursor?: Cursor): string {
  const publicSiteUrl = request.server.ctx?.config.publicSiteUrl;
  // The path and query as sent, read without a URL object when the target is a plain path (the URL parser cost as
  // much as mapping the page's rows); any other form (`//host/…`, `http://host/…`) keeps only its path and query.
  const target = request.url.startsWith('/') && !request.url.startsWith('//') ? request.url : pathAndQuery(request.url);
  const queryAt = target.indexOf('?');
  const pathname = queryAt < 0 ? target : target.slice(0, queryAt);
  const search = new URLSearchParams(queryAt < 0 ? '' : target.slice(queryAt + 1));
  const cursorParam = cursorParamFor(param);
  search.delete(cursorParam);
  if (page === null || page === 1) search.delete(param);
  else search.set(param, String(page));
  if (cursor && page !== null && page > 1) search.set(cursorParam, encodeCursor(cursor));
  const query = search.size > 0 ? `?${search}` : '';
  return publicSiteUrl ? `${originOf(publicSiteUrl)}${pathname}${query}` : `${pathname}${query}`;
}

function pathAndQuery(target: string): string {
  const url = new URL(target, 'http://relative.invalid');
  return `${url.pathname}${url.search}`;
}

/** PUBLIC_SITE_URL's origin, read once: links are absolute on it, whatever path it carries. */
const originOf = remembered((siteUrl: string) => new URL(siteUrl).origin);

/**
 * Page-number pagination in the shape of DRF's PageNumberPagination.
 * `load(limit, offset)` is called only for a page that exists; a page past the end answers 404.
 * A keyset list's `next` link carries a cursor past the page's last row (and `previous`, past page
 * MAX_PAGE_BY_NUMBER, one before its first): the page numbers stay the labels, the cursor finds the rows.
 */
type PageOptions = { param?: string; pageSize?: number };

export async function paginate<T>(request: FastifyRequest, options: PageSource<T> & PageOptions): Promise<Paged<T>>;
/** A list without a kept total (UncountedPageSource) pages with `count: null` and a `next` link while there is more. */
export async function paginate<T>(
  request: FastifyRequest,
  options: (PageSource<T> | UncountedPageSource<T>) & PageOptions,
): Promise<FeedPage<T>>;
export async function paginate<T>(
  request: FastifyRequest,
  options: (PageSource<T> | UncountedPageSource<T>) & PageOptions,
): Promise<FeedPage<T>> {
  const param = options.param ?? 'page';
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const query = request.query as Record<string, unknown>;
  if ('loadSlice' in options && options.count === null) return paginateUncounted(request, options, { param, pageSize, query });
  if ('loadSlice' in options) return paginateKeyset(request, options as KeysetPageSource<T>, { param, pageSize, query });
  const lastPage = Math.max(1, Math.ceil(options.count / pageSize));
  let page = readPageNumber(query?.[param]);
  if (page === Number.POSITIVE_INFINITY) page = lastPage;
  if (page > lastPage) throw detail(404, INVALID_PAGE);
  const results = options.count === 0 ? [] : await options.load(pageSize, (page - 1) * pageSize);
  return {
    count: options.count,
    next: page < lastPage ? pageUrl(request, param, page + 1) : null,
    previous: page > 1 ? pageUrl(request, param, page - 1) : null,
    results,
  };
}

/** The link to the page before `page`: by number up to MAX_PAGE_BY_NUMBER + 1, else by a cursor before `first`. */
const previousLink = (request: FastifyRequest, param: string, page: number, first: RowKey | undefined) =>
  page <= 1
    ? null
    : page - 1 <= MAX_PAGE_BY_NUMBER || !first
      ? pageUrl(request, param, page - 1)
      : pageUrl(request, param, page - 1, { direction: 'before', ...first });

/**
 * A cursor's page read with one row more than a page: the rows of the page, and whether there is a page after it
 * (going back, the rows after this page are the ones the cursor came from).
 */
function cursorPage<R>(rows: R[], cursor: Cursor, pageSize: number): { rows: R[]; hasNext: boolean } {
  const more = rows.length > pageSize;
  if (more) rows = cursor.direction === 'after' ? rows.slice(0, pageSize) : rows.slice(1);
  return { rows, hasNext: cursor.direction === 'before' || more };
}

async function paginateKeyset<T>(
  request: FastifyRequest,
  source: KeysetPageSource<T>,
  { param, pageSize, query }: { param: string; pageSize: number; query: Record<string, unknown> | undefined },
): Promise<Paged<T>> {
  const cursorText = query?.[cursorParamFor(param)];
  let page = readPageNumber(query?.[param]);
  const lastPageOf = (count: number) => Math.max(1, Math.ceil(count / pageSize));

  if (cursorText === undefined || cursorText === '') {
    let count: number;
    let rows: { item: T; key: RowKey }[];
    if (page === Number.POSITIVE_INFINITY || page > MAX_PAGE_BY_NUMBER) {
      // The total first: `last` needs it to know its page, a deep number to tell past-the-end (404) from too deep (400).
      count = await source.count();
      if (page === Number.POSITIVE_INFINITY) page = lastPageOf(count);
      if (page > lastPageOf(count)) throw detail(404, INVALID_PAGE);
      if (page > MAX_PAGE_BY_NUMBER) throw detail(400, pageTooDeep(page, param));
      rows = count === 0 ? [] : (await source.loadSlice({ offset: (page - 1) * pageSize }, pageSize)).rows;
    } else {
      const slice = await source.loadSlice({ offset: (page - 1) * pageSize }, pageSize);
      rows = slice.rows;
      count = slice.total ?? (await source.count());
      if (page > lastPageOf(count)) throw detail(404, INVALID_PAGE);
    }
    const last = rows.at(-1)?.key;
    return {
      count,
      next: page < lastPageOf(count) && last ? pageUrl(request, param, page + 1, { direction: 'after', ...last }) : null,
      previous: previousLink(request, param, page, rows[0]?.key),
      results: rows.map((row) => row.item),
    };
  }

  const cursor = typeof cursorText === 'string' ? decodeCursor(cursorText, source.keyType) : null;
  if (!cursor) throw detail(404, INVALID_CURSOR);
  // A cursor belongs to a page after the first: page 1 is the list's start, which needs none.
  if (page === Number.POSITIVE_INFINITY || page < 2) throw detail(404, INVALID_PAGE);
  // One row more than a page says whether there is another page beyond it (the total moves while people post).
  const slice = await source.loadSlice({ cursor }, pageSize + 1);
  const { rows, hasNext } = cursorPage(slice.rows, cursor, pageSize);
  if (rows.length === 0 || slice.total === null) throw detail(404, INVALID_PAGE);
  const last = rows.at(-1)!.key;
  return {
    count: slice.total,
    next: hasNext ? pageUrl(request, param, page + 1, { direction: 'after', ...last }) : null,
    previous: previousLink(request, param, page, rows[0].key),
    results: rows.map((row) => row.item),
  };
}

/**
 * Pages a list without a kept total (a feed filtered by language) by "has more": each page reads one row past its end,
 * and `next` (with its cursor) is given only when that row exists; `count` is null. Pages 1 to 50 open by number as
 * elsewhere; `last`, which needs the total, is 404 Invalid page.
 */
async function paginateUncounted<T>(
  request: FastifyRequest,
  source: UncountedPageSource<T>,
  { param, pageSize, query }: { param: string; pageSize: number; query: Record<string, unknown> | undefined },
): Promise<FeedPage<T>> {
  const cursorText = query?.[cursorParamFor(param)];
  const page = readPageNumber(query?.[param]);
  if (page === Number.POSITIVE_INFINITY) throw detail(404, INVALID_PAGE);
  let rows: { item: T; key: RowKey }[];
  let hasNext: boolean;
  if (cursorText === undefined || cursorText === '') {
    if (page > MAX_PAGE_BY_NUMBER) throw detail(400, pageTooDeep(page, param));
    const read = (await source.loadSlice({ offset: (page - 1) * pageSize }, pageSize + 1)).rows;
    hasNext = read.length > pageSize;
    rows = read.slice(0, pageSize);
  } else {
    const cursor = typeof cursorText === 'string' ? decodeCursor(cursorText, source.keyType) : null;
    if (!cursor) throw detail(404, INVALID_CURSOR);
    if (page < 2) throw detail(404, INVALID_PAGE);
    ({ rows, hasNext } = cursorPage((await source.loadSlice({ cursor }, pageSize + 1)).rows, cursor, pageSize));
  }
  if (rows.length === 0 && page > 1) throw detail(404, INVALID_PAGE);
  const last = rows.at(-1)?.key;
  return {
    count: null,
    next: hasNext && last ? pageUrl(request, param, page + 1, { direction: 'after', ...last }) : null,
    previous: previousLink(request, param, page, rows[0]?.key),
    results: rows.map((row) => row.item),
  };
}
