import type { FastifyRequest } from 'fastify';
import type { Paged } from '../lib/api-types.ts';
import { detail } from './http-errors.ts';

export const DEFAULT_PAGE_SIZE = 10;

/** What a service answers for a paged list: the total, and how to load one slice of it. Routes page it with `paginate()`. */
export type PageSource<T> = { count: number; load: (limit: number, offset: number) => Promise<T[]> };

/** Reads a 1-based page number the way DRF does: anything that is not a positive integer is 'Invalid page.' (404). */
export function readPageNumber(value: unknown): number {
  if (value === undefined || value === '') return 1;
  const text = String(value);
  if (text === 'last') return Number.POSITIVE_INFINITY;
  if (!/^\d+$/.test(text)) throw detail(404, 'Invalid page.');
  const page = Number(text);
  if (page < 1 || page > 1_000_000) throw detail(404, 'Invalid page.');
  return page;
}

/**
 * A page link. Never built from the request's Host header (anyone can send `Host: evil.example` and have it
 * echoed to every reader of a cached answer): absolute on PUBLIC_SITE_URL when configured, else relative.
 */
function pageUrl(request: FastifyRequest, param: string, page: number | null): string {
  const publicSiteUrl = request.server.ctx?.config.publicSiteUrl;
  const url = new URL(request.url, 'http://relative.invalid');
  if (page === null || page === 1) url.searchParams.delete(param);
  else url.searchParams.set(param, String(page));
  if (!publicSiteUrl) return `${url.pathname}${url.search}`;
  return new URL(`${url.pathname}${url.search}`, `${publicSiteUrl.replace(/\/+$/, '')}/`).toString();
}

/**
 * Page-number pagination in the shape of DRF's PageNumberPagination.
 * `load(limit, offset)` is called only for a page that exists; a page past the end answers 404.
 */
export async function paginate<T>(
  request: FastifyRequest,
  options: PageSource<T> & { param?: string; pageSize?: number },
): Promise<Paged<T>> {
  const param = options.param ?? 'page';
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const query = request.query as Record<string, unknown>;
  const lastPage = Math.max(1, Math.ceil(options.count / pageSize));
  let page = readPageNumber(query?.[param]);
  if (page === Number.POSITIVE_INFINITY) page = lastPage;
  if (page > lastPage) throw detail(404, 'Invalid page.');
  const results = options.count === 0 ? [] : await options.load(pageSize, (page - 1) * pageSize);
  return {
    count: options.count,
    next: page < lastPage ? pageUrl(request, param, page + 1) : null,
    previous: page > 1 ? pageUrl(request, param, page - 1) : null,
    results,
  };
}
