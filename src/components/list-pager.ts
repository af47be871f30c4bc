import { listedTotal, type PagePagination } from '@/api/schemas/common';
import { pageSizes as defaultPageSizes } from '@/utils/list-state';
import type { PagedTablePagination } from './paged-table';

/** A page-style answer of the service or the console server. */
interface PageAnswer {
  data: readonly unknown[];
  unsupported?: readonly unknown[];
  meta: { pagination: PagePagination };
}

/**
 * The pager of a list whose page and page size live in its URL state: the total of the answer shown,
 * and page changes written back through `update` (a new page size goes back to page 1).
 */
export function listPager(
  state: { page: number; perPage: number },
  update: (change: { page?: number; perPage?: number }) => void,
  perPageLabel: string,
  answer: PageAnswer | undefined,
  pageSizes: readonly number[] = defaultPageSizes,
): PagedTablePagination {
  const { page, perPage } = state;
  return {
    page,
    perPage,
    total: answer ? listedTotal({ unsupported: [], ...answer }, page, perPage) : 0,
    pageSizes,
    perPageLabel,
    onPageChange: (next) => update({ page: next }),
    onPerPageChange: (size) => update({ perPage: size }),
  };
}
