import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { User } from '@/api/schemas/user';
import { pageSizes } from './directory-params';
import type { UidSelection } from './use-uid-selection';
import { UserRow } from './user-row';
import { PagePagination } from '@/components/page-pagination';

interface Props {
  users: User[];
  total: number;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /** Absent when the operator may not act on accounts: no checkboxes then. */
  selection?: UidSelection | undefined;
}

export function UsersTable({
  users,
  total,
  page,
  perPage,
  onPageChange,
  onPerPageChange,
  selection,
}: Props) {
  const onPage = users.map((user) => user.uid);
  const selectedHere = selection ? onPage.filter((uid) => selection.has(uid)).length : 0;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Users" size="small">
          <TableHead>
            <TableRow>
              {selection ? (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={onPage.length > 0 && selectedHere === onPage.length}
                    indeterminate={selectedHere > 0 && selectedHere < onPage.length}
                    onChange={(event) => selection.setMany(onPage, event.target.checked)}
                    slotProps={{ input: { 'aria-label': 'Select all users on this page' } }}
                  />
                </TableCell>
              ) : null}
              <TableCell>Name</TableCell>
              <TableCell>Uid</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Last active</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map((user) => (
              <UserRow key={user.uid} user={user} selected={selection?.has(user.uid) ?? false} onToggle={selection?.toggle} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PagePagination
        total={total}
        page={page}
        perPage={perPage}
        pageSizes={pageSizes}
        perPageLabel="Users per page"
        onPageChange={onPageChange}
        onPerPageChange={onPerPageChange}
      />
    </Paper>
  );
}
