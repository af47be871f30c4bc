import TablePagination from '@mui/material/TablePagination';

export interface PagePaginationProps {
  total: number;
  page: number;
  perPage: number;
  pageSizes: readonly number[];
  /** "Users per page"; also names the control for screen readers. */
  perPageLabel: string;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

/**
 * Page-style paging under a table, with 1-based pages as the chat API and the URL count them. A page past
 * the end (an old link, a shrunk list) shows as the last page rather than an empty one.
 */
export function PagePagination(props: PagePaginationProps) {
  const lastIndex = Math.max(0, Math.ceil(props.total / props.perPage) - 1);
  return (
    <TablePagination
      component="div"
      count={props.total}
      page={Math.min(Math.max(0, props.page - 1), lastIndex)}
      rowsPerPage={props.perPage}
      rowsPerPageOptions={[...props.pageSizes]}
      labelRowsPerPage={props.perPageLabel}
      onPageChange={(_event, next) => props.onPageChange(next + 1)}
      onRowsPerPageChange={(event) => props.onPerPageChange(Number(event.target.value))}
    />
  );
}
