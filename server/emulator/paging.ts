import type { Affix } from '../../src/api/schemas/query';

/** Builds the SQL tail of a cursor page on an integer id column: newest first unless `affix=append`. */
export function cursorClause(
  column: string,
  affix: Affix | undefined,
  id: string | undefined,
  defaultAffix: Affix,
) {
  const direction = affix ?? defaultAffix;
  const condition =
    id === undefined ? undefined : direction === 'append' ? `${column} > ?` : `${column} < ?`;
  return {
    direction,
    condition,
    params: id === undefined ? [] : [Number(id)],
    order: `${column} ${direction === 'append' ? 'ASC' : 'DESC'}`,
  };
}

/**
 * `meta` of a cursor page. The caller fetched `limit + 1` rows: the extra row only says more remain,
 * and `next` is given only then.
 */
export function cursorMeta(
  limit: number,
  count: number,
  hasMore: boolean,
  direction: Affix,
  last?: { id: string; sentAt?: number },
) {
  const meta: {
    current: { limit: number; count: number };
    next?: { affix: Affix; id: string; sentAt?: number };
  } = {
    current: { limit, count },
  };
  if (hasMore && last) meta.next = { affix: direction, ...last };
  return meta;
}

/** `meta.pagination` of a page-style list. */
export function pageMeta(total: number, count: number, perPage: number, page: number) {
  return {
    pagination: {
      total,
      count,
      per_page: perPage,
      current_page: page,
      total_pages: Math.ceil(total / perPage),
    },
  };
}

/**
 * Where to read page `page` of `perPage` rows out of `total` (the exact count of the same query).
 * SQLite reaches an OFFSET by stepping over every skipped index entry, so a page in the second half
 * is read from the far end, with the order reversed (`reversed`: reverse the rows read), and the
 * deepest walk is half the list. With a total order (a unique tie-break), the rows are exactly
 * those of a forward read. `limit` 0: the page is past the end.
 */
export function pageWindow(
  total: number,
  perPage: number,
  page: number,
): { limit: number; offset: number; reversed: boolean } {
  const start = (page - 1) * perPage;
  const end = Math.min(total, start + perPage);
  if (start >= end) return { limit: 0, offset: 0, reversed: false };
  const fromEnd = total - end;
  return fromEnd < start
    ? { limit: end - start, offset: fromEnd, reversed: true }
    : { limit: end - start, offset: start, reversed: false };
}
