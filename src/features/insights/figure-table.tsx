import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

export interface FigureColumn {
  header: string;
  numeric?: boolean;
}

/** The figures of a chart as a plain table with a caption: what a screen reader or a copy reads. */
export function FigureTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly FigureColumn[];
  /** One entry per row: its key and its cells, in the columns' order (the first is the row header). */
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  return (
    // Scrolls past 360 px: focusable, so a keyboard can scroll it too.
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader>
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.numeric ? 'right' : 'left'}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <TableCell key={i} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={i} align={columns[i]?.numeric ? 'right' : 'left'}>
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
