import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { UnsupportedItem } from '@/api/schemas/common';
import { PagePagination, type PagePaginationProps } from './page-pagination';
import type { PagedTableSpec } from './paged-table-columns';
import { PagedTableGrid } from './paged-table-grid';
import { InvalidFiltersState } from './invalid-filters';
import { LoadingState } from './loading-state';
import { ErrorState } from './states';
import { UnsupportedItems } from './unsupported-items';
import { usePagedTable, type PagedTableSelection } from './use-paged-table';

/** A list as it is answered: the items, or the items and those the console could not read. */
export type ListAnswer<TData> =
  readonly TData[] | { data: readonly TData[]; unsupported?: readonly UnsupportedItem[] };

/** What the table needs of the list's query (a TanStack Query result fits). */
export interface PagedTableQuery<TData> {
  data: ListAnswer<TData> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The server's pages: 1-based, as the chat API and the URL count them. */
export type PagedTablePagination = PagePaginationProps;

export interface PagedTableProps<TData extends RowData> {
  spec: PagedTableSpec<TData>;
  query: PagedTableQuery<TData>;
  /** Shown when the page has no row at all; null shows the empty table (and its pager) instead. */
  empty: ReactNode;
  /** The name of the bar shown while a shown page is fetched again. */
  updatingLabel?: string;
  /** The error's headline, "This could not be loaded" unless said otherwise. */
  errorTitle?: string;
  pagination?: PagedTablePagination | undefined;
  selection?: PagedTableSelection<TData> | undefined;
  /** For rows that hold no state: a page change then rewrites them in place instead of remounting them. */
  keyRowsByPosition?: boolean;
  /** The list's filters cannot be used: nothing was asked, and the table says so instead of listing. */
  invalidFilters?: boolean;
}

const noRows: readonly never[] = [];

/**
 * A list as a table, one page at a time: the loading, error, empty and refetching states, the rows, the
 * items the console could not read, and the pager. The service pages; the table draws the page given.
 */
export function PagedTable<TData extends RowData>(props: PagedTableProps<TData>) {
  const { spec, query, pagination } = props;
  const answer = query.data;
  const rows = answer === undefined ? noRows : 'data' in answer ? answer.data : answer;
  const unsupported = answer !== undefined && 'data' in answer ? answer.unsupported : undefined;
  const table = usePagedTable({
    columns: spec.columns,
    rows,
    getRowId: spec.rowId,
    pagination,
    selection: props.selection,
  });
  const showEmpty = rows.length === 0 && (unsupported?.length ?? 0) === 0 && props.empty !== null;
  if (props.invalidFilters) return <InvalidFiltersState />;
  return (
    <>
      {query.isFetching && !query.isPending ? (
        <LinearProgress aria-label={props.updatingLabel ?? 'Updating the list'} sx={{ mb: -0.5 }} />
      ) : null}
      {query.isPending ? (
        <LoadingState label={spec.loadingLabel ?? `Loading ${spec.noun}s`} />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          {...(props.errorTitle ? { title: props.errorTitle } : {})}
        />
      ) : showEmpty ? (
        props.empty
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <PagedTableGrid
              table={table}
              label={spec.label}
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
      {unsupported ? <UnsupportedItems items={unsupported} noun={spec.noun} /> : null}
    </>
  );
}
