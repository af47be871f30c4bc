import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { flexRender, type RowData } from '@tanstack/react-table';
import { BodyRow, CheckBox } from './paged-table-rows';
import { PagedTableRoot } from './paged-table-styles';
import type { PagedTableInstance, PagedTableSelection } from './use-paged-table';

/** The table element of a page: a header row of column names, then one row per item. */
export function PagedTableGrid<TData extends RowData>({
  table,
  label,
  selection,
  keyRowsByPosition,
}: {
  table: PagedTableInstance<TData>;
  label: string;
  selection: PagedTableSelection<TData> | undefined;
  keyRowsByPosition: boolean;
}) {
  const rows = table.getRowModel().rows;
  const allSelected = rows.length > 0 && table.getIsAllPageRowsSelected();
  return (
    <PagedTableRoot aria-label={label} size="small">
      <TableHead>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {selection ? (
              <TableCell padding="checkbox">
                <CheckBox
                  label={selection.pageLabel}
                  checked={allSelected}
                  indeterminate={!allSelected && table.getIsSomePageRowsSelected()}
                  onChange={(on) => table.toggleAllPageRowsSelected(on)}
                />
              </TableCell>
            ) : null}
            {group.headers.map((header) => (
              <TableCell key={header.id} align={header.column.columnDef.meta?.align}>
                {header.isPlaceholder
                  ? null
                  : flexRender(header.column.columnDef.header, header.getContext())}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableHead>
      <TableBody>
        {/* Keyed by position where rows hold no state: a page change rewrites the rows in place (text
            and attributes) instead of removing 100 rows and building 100 new ones. */}
        {rows.map((row, index) => (
          <BodyRow
            key={keyRowsByPosition ? index : row.id}
            row={row}
            cells={row.getAllCells()}
            selected={selection ? row.getIsSelected() : false}
            checkLabel={selection?.rowLabel(row.original)}
          />
        ))}
      </TableBody>
    </PagedTableRoot>
  );
}
