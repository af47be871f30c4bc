import {
  functionalUpdate,
  useTable,
  type PaginationState,
  type RowData,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { pagedTableFeatures, type PagedColumn } from './paged-table-columns';

/** A selection the page keeps (across pages and filters, say), of which the table shows its rows' part. */
export interface PagedTableSelection<TData> {
  /** Whether a row is selected; a new function whenever the selection changes. */
  isSelected: (row: TData) => boolean;
  onChange: (rows: TData[], selected: boolean) => void;
  /** The name of a row's checkbox: "Select amelia-hart". */
  rowLabel: (row: TData) => string;
  /** The name of the header's checkbox: "Select all users on this page". */
  pageLabel: string;
}

export interface PagedTableModelOptions<TData extends RowData> {
  columns: readonly PagedColumn<TData>[];
  rows: readonly TData[];
  getRowId: (row: TData) => string;
  /** 1-based page, page size, total and what to do on a change; absent for a list shown whole. */
  pagination:
    | {
        page: number;
        perPage: number;
        total: number;
        onPageChange: (page: number) => void;
        onPerPageChange: (perPage: number) => void;
      }
    | undefined;
  selection: PagedTableSelection<TData> | undefined;
}

/**
 * The headless table of one page: the service pages (manual pagination, the page and total given), and
 * a selection kept by the page is shown as the table's row selection, changes going back to the page.
 */
export function usePagedTable<TData extends RowData>({
  columns,
  rows,
  getRowId,
  pagination,
  selection,
}: PagedTableModelOptions<TData>) {
  const isSelected = selection?.isSelected;
  const rowSelection = useMemo(() => {
    const selected: RowSelectionState = {};
    if (isSelected) for (const row of rows) if (isSelected(row)) selected[getRowId(row)] = true;
    return selected;
  }, [rows, getRowId, isSelected]);
  const paging: PaginationState = {
    pageIndex: (pagination?.page ?? 1) - 1,
    pageSize: pagination?.perPage ?? Math.max(1, rows.length),
  };

  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    if (!selection) return;
    const next = functionalUpdate(updater, rowSelection);
    const was = (row: TData) => rowSelection[getRowId(row)] === true;
    const now = (row: TData) => next[getRowId(row)] === true;
    const added = rows.filter((row) => now(row) && !was(row));
    const removed = rows.filter((row) => was(row) && !now(row));
    if (added.length > 0) selection.onChange(added, true);
    if (removed.length > 0) selection.onChange(removed, false);
  };
  const onPaginationChange = (updater: Updater<PaginationState>) => {
    if (!pagination) return;
    const next = functionalUpdate(updater, paging);
    // A new page size starts again at the first page, whatever the table works out for it.
    if (next.pageSize !== paging.pageSize) pagination.onPerPageChange(next.pageSize);
    else if (next.pageIndex !== paging.pageIndex) pagination.onPageChange(next.pageIndex + 1);
  };

  return useTable({
    features: pagedTableFeatures,
    columns,
    data: rows,
    getRowId,
    manualPagination: true,
    rowCount: pagination?.total ?? rows.length,
    enableRowSelection: selection !== undefined,
    // Shift-click selects one box, as it always has; no ranges.
    enableRowRangeSelection: false,
    state: { pagination: paging, rowSelection },
    onPaginationChange,
    onRowSelectionChange,
  });
}
export type PagedTableInstance<TData extends RowData> = ReturnType<typeof usePagedTable<TData>>;
