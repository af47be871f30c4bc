import type { Affix } from '../../src/api/schemas/query';

/** Builds the SQL tail of a cursor page on an integer id column: newest first unless `affix=append`. */
export function cursorClause(column: string, affix: Affix | undefined, id: string | undefined, defaultAffix: Affix) {
  const direction = affix ?? defaultAffix;
  const condition = id === undefined ? undefined : direction === 'append' ? `${column} > ?` : `${column} < ?`;
  return { direction, condition, params: id === undefined ? [] : [Number(id)], order: `${column} ${direction === 'append' ? 'ASC' : 'DESC'}` };
}

/**
 * `meta` of a cursor page. The caller fetched `limit + 1` rows: the extra row only says more remain,
 * and `next` is given only then.
 */
export function cursorMeta(limit: number, count: number, hasMore: boolean, direction: Affix, last?: { id: string; sentAt?: number }) {
  const meta: { current: { limit: number; count: number }; next?: { affix: Affix; id: string; sentAt?: number } } = {
    current: { limit, count },
  };
  if (hasMore && last) meta.next = { affix: direction, ...last };
  return meta;
}

/** `meta.pagination` of a page-style list. */
export function pageMeta(total: number, count: number, perPage: number, page: number) {
  return { pagination: { total, count, per_page: perPage, current_page: page, total_pages: Math.ceil(total / perPage) } };
}
