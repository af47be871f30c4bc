import {
  metaHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** How a column's cells are drawn: classes of `cellClasses` for its body cells, and its alignment. */
export interface PagedColumnMeta {
  className?: string;
  align?: 'right';
}

/** What every paged table can do: the server's pages, and a selection where a list needs one. */
export const pagedTableFeatures = tableFeatures({
  rowPaginationFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<PagedColumnMeta>(),
});
export type PagedTableFeatures = typeof pagedTableFeatures;

/**
 * One column of a paged table: an `id`, the `header` text (also the column header's accessible name)
 * and a `cell` rendering `row.original`.
 */
export type PagedColumn<TData extends RowData> = ColumnDef<PagedTableFeatures, TData>;

/** A column whose cells show one value of their row. */
export function valueColumn<TData extends RowData>(
  id: string,
  header: string,
  value: (row: TData) => ReactNode,
  meta?: PagedColumnMeta,
): PagedColumn<TData> {
  return { id, header, meta, cell: ({ row }) => value(row.original) };
}

/** What a list is, for its table: its name, what one item is called, its rows' ids, its columns. */
export interface PagedTableSpec<TData extends RowData> {
  /** The table's accessible name: "Users", "Audit log". */
  label: string;
  /** One item: "user", "banned user"; names the items the console could not read. */
  noun: string;
  /** "Loading users" unless said otherwise. */
  loadingLabel?: string;
  /** A row's id; stable, like the columns. */
  rowId: (row: TData) => string;
  /** Stable (module level or memoised): new columns re-render every row. */
  columns: readonly PagedColumn<TData>[];
}
