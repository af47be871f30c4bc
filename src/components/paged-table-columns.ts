import {
  metaHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

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
