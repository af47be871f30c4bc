import { flexRender, type Cell, type Row, type RowData } from '@tanstack/react-table';
import { memo } from 'react';
import type { PagedTableFeatures } from './paged-table-columns';
import { cellClasses as c } from './paged-table-styles';

/** A native checkbox drawn like MUI's (see paged-table-styles.ts), mixed when `indeterminate`. */
export function CheckBox(props: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { indeterminate = false } = props;
  return (
    <span className={c.check}>
      <input
        type="checkbox"
        ref={(input) => {
          if (input) input.indeterminate = indeterminate;
        }}
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-label={props.label}
      />
      <span className={c.checkIcon} />
    </span>
  );
}

interface BodyRowProps<TData extends RowData> {
  row: Row<PagedTableFeatures, TData>;
  /** The row's cells: the same array until the columns change, so a row re-renders only when it must. */
  cells: Cell<PagedTableFeatures, TData>[];
  selected: boolean;
  /** The name of the row's checkbox; undefined when the list has no selection. */
  checkLabel: string | undefined;
}

function BodyRowView<TData extends RowData>({
  row,
  cells,
  selected,
  checkLabel,
}: BodyRowProps<TData>) {
  return (
    <tr className={selected ? c.selected : undefined}>
      {checkLabel === undefined ? null : (
        <td className={c.checkCell}>
          <CheckBox
            label={checkLabel}
            checked={selected}
            onChange={(on) => row.toggleSelected(on)}
          />
        </td>
      )}
      {cells.map((cell) => {
        const meta = cell.column.columnDef.meta;
        const className = [meta?.className, meta?.align === 'right' ? c.right : undefined]
          .filter(Boolean)
          .join(' ');
        return (
          <td key={cell.column.id} className={className || undefined}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
  );
}

/**
 * One body row, in plain table elements styled once by the table (paged-table-styles.ts): MUI's styled
 * cells, checkbox and chip cost several times the request for a page of 100. Memoised, so a selection
 * change re-renders only the row whose box changed.
 */
// memo() drops the type parameter; the cast gives it back.
export const BodyRow = memo(BodyRowView) as typeof BodyRowView;
