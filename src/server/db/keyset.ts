import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Keyset paging ("seek"): a deep page starts right after the last row of the page before it, found on the list's
 * index, instead of OFFSET walking every row before it. A list's order is always `key desc, id desc` (the id breaks
 * ties), and each such order has an index of that shape; the cursor is the (key, id) of a page's edge row.
 */
export type SortKey = {
  /** The ordering value, e.g. created_at or hot_rank; read back as text so the cursor holds it exactly (microseconds, every float digit). */
  value: SQL | AnyColumn;
  /** Its SQL type, to cast the cursor's text back for the comparison. */
  type: 'timestamptz' | 'float8' | 'int4';
  id: AnyColumn;
};

/** Where a page starts: after the last row of the page before (going forward), or before the first row of the page after. */
export type Cursor = { direction: 'after' | 'before'; value: string; id: number };

/** A row's position in its list: the (key, id) a cursor is made of. */
export type RowKey = { value: string; id: number };

const DIRECTION_CODES = { after: 'a', before: 'b' } as const;

/** An opaque, URL-safe cursor text (clients carry it back from `next`/`previous` links, never build it). */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${DIRECTION_CODES[cursor.direction]}|${cursor.id}|${cursor.value}`, 'utf8').toString('base64url');
}

const CURSOR_VALUE = {
  timestamptz: /^\d{4,}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2}$/,
  float8: /^-?(\d+(\.\d+)?(e[+-]?\d+)?|Infinity)$/,
  int4: /^-?\d{1,10}$/,
};

/** The cursor a text names, checked against the list's key type so nothing but a value of that type reaches SQL; null when it names none. */
export function decodeCursor(text: string, type: SortKey['type']): Cursor | null {
  if (text.length > 200 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const match = /^([ab])\|(\d{1,10})\|(.+)$/s.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match || !CURSOR_VALUE[type].test(match[3])) return null;
  const id = Number(match[2]);
  if (id > 2_147_483_647) return null;
  return { direction: match[1] === 'a' ? 'after' : 'before', id, value: match[3] };
}

/** The columns that read a row's key, to add to a list's select. */
export const keyColumns = (key: SortKey) => ({ keyValue: sql<string>`(${key.value})::text`, keyId: sql<number>`${key.id}` });

/** ORDER BY for the list's own order (`desc`), or its reverse (`asc`) to read the rows just before a `before` cursor. */
export function keysetOrder(key: SortKey, direction: 'desc' | 'asc' = 'desc'): SQL[] {
  // DESC NULLS LAST / ASC NULLS FIRST: the shape of the (… desc, id desc) indexes drizzle creates, read either way.
  if (direction === 'desc') return [sql`${key.value} desc nulls last`, sql`${key.id} desc nulls last`];
  return [sql`${key.value} asc nulls first`, sql`${key.id} asc nulls first`];
}

/** The rows past a cursor, as one row comparison the (key desc, id desc) index can seek to; the cursor comes in as placeholders. */
export function keysetWhere(key: SortKey, direction: Cursor['direction']): SQL {
  const bound = sql`(${sql.placeholder('cursor_value')}::${sql.raw(key.type)}, ${sql.placeholder('cursor_id')}::int4)`;
  return direction === 'after' ? sql`(${key.value}, ${key.id}) < ${bound}` : sql`(${key.value}, ${key.id}) > ${bound}`;
}

/** Where a slice of a list starts: `offset` rows in (shallow pages by number) or at a cursor. */
export type Slice = { offset: number } | { cursor: Cursor };

/** A slice's statement shape: from an offset, or after or before a cursor. Each is its own prepared statement. */
export type SliceShape = 'offset' | Cursor['direction'];

/** The values of a slice statement's placeholders: `limit`, `offset`, `cursor_value`, `cursor_id`. */
export type SliceValues = { limit: number; offset: number; cursor_value: string; cursor_id: number };

/**
 * Loads one slice of a keyset list: `query(shape, where, order, values)` runs the list's select with the extra
 * condition and the order to read in (both fixed by `shape`, so the caller can prepare one statement per shape), its
 * limit and offset as the placeholders `limit` and `offset`, and answers rows carrying `keyValue`/`keyId`. Rows come
 * back in the list's order.
 */
export async function loadSlice<R extends { keyValue: string; keyId: number }>(
  key: SortKey,
  slice: Slice,
  limit: number,
  query: (shape: SliceShape, where: () => SQL | undefined, order: () => SQL[], values: SliceValues) => Promise<R[]>,
): Promise<R[]> {
  if ('offset' in slice) {
    return query(
      'offset',
      () => undefined,
      () => keysetOrder(key),
      { limit, offset: slice.offset, cursor_value: '', cursor_id: 0 },
    );
  }
  const { direction, value, id } = slice.cursor;
  const backwards = direction === 'before';
  const rows = await query(
    direction,
    () => keysetWhere(key, direction),
    () => keysetOrder(key, backwards ? 'asc' : 'desc'),
    {
      limit,
      offset: 0,
      cursor_value: value,
      cursor_id: id,
    },
  );
  return backwards ? rows.reverse() : rows;
}

export const rowKey = (row: { keyValue: string; keyId: number }): RowKey => ({ value: row.keyValue, id: Number(row.keyId) });

/** A short list paged by number: the total, and how to load one slice of it. Routes page it with `paginate()`. */
export type OffsetPageSource<T> = { count: number; load: (limit: number, offset: number) => Promise<T[]> };

/**
 * A list that can grow deep (feeds, a channel's or an author's posts, comments): the total, the type of its sort
 * key, and how to load a slice from an offset or a cursor, each item with its row key.
 */
export type KeysetPageSource<T> = {
  /** The list's total on its own: for `last`, a page number past the pages served by number, or an empty slice. */
  count: () => Promise<number>;
  keyType: SortKey['type'];
  /**
   * One slice, each item with its row key, and the list's total read by the same statement (one round trip per
   * page); `total` is null when the slice is empty (no row carried it).
   */
  loadSlice: (slice: Slice, limit: number) => Promise<{ total: number | null; rows: { item: T; key: RowKey }[] }>;
};

/**
 * A keyset list whose total is kept by no counter and never counted per request (a feed filtered by language): its
 * slices carry no total (`total` null) and its pages say whether there is more by reading one row past the page.
 */
export type UncountedPageSource<T> = Omit<KeysetPageSource<T>, 'count'> & { count: null };

/** What a service answers for a paged list. */
export type PageSource<T> = OffsetPageSource<T> | KeysetPageSource<T>;
