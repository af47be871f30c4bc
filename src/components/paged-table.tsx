import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { UnsupportedItem } from '@/api/schemas/common';
import { PagePagination } from './page-pagination';
import type { PagedColumn } from './paged-table-columns';
import { PagedTableGrid } from './paged-table-grid';
import { ErrorState, LoadingState } from './states';
import { UnsupportedItems } from './unsupported-items';
import { usePagedTable, type PagedTableSelection } from './use-paged-table';

/** What the table needs of the list's query (a TanStack Query result fits). */
export interface PagedTableQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The server's pages: 1-based, as the chat API and the URL count them. */
export interface PagedTablePagination {
  page: number;
  perPage: number;
  total: number;
  pageSizes: readonly number[];
  /** "Users per page"; also names the control for screen readers. */
  perPageLabel: string;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

export interface PagedTableProps<TData extends RowData> {
  /** The table's accessible name: "Users", "Audit log". */
  label: string;
  /** Stable (module level or memoised): a new array re-renders every row. */
  columns: readonly PagedColumn<TData>[];
  /** Stable, like the columns. */
  getRowId: (row: TData) => string;
  query: PagedTableQuery;
  /** The page's rows; undefined until the first answer. */
  rows: readonly TData[] | undefined;
  /** Items of the answer the console could not read, listed below the table. */
  unsupported?: { items: readonly UnsupportedItem[]; noun: string } | undefined;
  loadingLabel: string;
  /** Shown when the page has no row at all; null shows the empty table (and its pager) instead. */
  empty: ReactNode;
  /** The name of the bar shown while a shown page is fetched again. */
  updatingLabel?: string;
  pagination?: PagedTablePagination | undefined;
  selection?: PagedTableSelection<TData> | undefined;
  /** For rows that hold no state: a page change then rewrites them in place instead of remounting them. */
  keyRowsByPosition?: boolean;
}

const noRows: readonly never[] = [];

/**
 * A list as a table, one page at a time: the loading, error, empty and refetching states, the rows, the
 * items the console could not read, and the pager. The service pages; the table draws the page given.
 */
export function PagedTable<TData extends RowData>(props: PagedTableProps<TData>) {
  const { query, rows = noRows, pagination, unsupported } = props;
  const table = usePagedTable({
    columns: props.columns,
    rows,
    getRowId: props.getRowId,
    pagination,
    selection: props.selection,
  });
  const showEmpty =
    rows.length === 0 && (unsupported?.items.length ?? 0) === 0 && props.empty !== null;
  return (
    <>
      {query.isFetching && !query.isPending ? (
        <LinearProgress aria-label={props.updatingLabel ?? 'Updating the list'} sx={{ mb: -0.5 }} />
      ) : null}
      {query.isPending ? (
        <LoadingState label={props.loadingLabel} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : showEmpty ? (
        props.empty
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <PagedTableGrid
              table={table}
              label={props.label}
              selection={props.selection}
              keyRowsByPosition={props.keyRowsByPosition ?? false}
            />
          </TableContainer>
          {pagination ? (
            <PagePagination
              {...pagination}
              onPageChange={(page) => table.setPageIndex(page - 1)}
              onPerPageChange={(perPage) => table.setPageSize(perPage)}
            />
          ) : null}
        </Paper>
      )}
      {unsupported ? <UnsupportedItems items={unsupported.items} noun={unsupported.noun} /> : null}
    </>
  );
}
