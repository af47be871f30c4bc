import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
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
 * A previous or next page button named by its own title. MUI's default wraps each in a tooltip, and a
 * tooltip, as MUI's menu select, keeps a node in state set while the page is first committed: that
 * re-renders the page at once and runs every effect of the page in the same task.
 */
function PageButton(props: IconButtonProps) {
  return <IconButton aria-label={props.title} {...props} />;
}

/**
 * Page-style paging under a table, with 1-based pages as the chat API and the URL count them. A page past
 * the end (an old link, a shrunk list) shows as the last page rather than an empty one. Its page size is
 * the browser's own select, for the same reason as `PageButton`.
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
      slots={{ actions: { previousButton: PageButton, nextButton: PageButton } }}
      slotProps={{ select: { native: true, inputProps: { 'aria-label': props.perPageLabel } } }}
    />
  );
}
