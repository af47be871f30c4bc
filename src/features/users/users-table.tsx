import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import type { User } from '@/api/schemas/user';
import { DateTime } from '@/components/date-time';
import { paths } from '@/config/paths';
import { pageSizes } from './directory-params';
import { StatusChip } from './status-chip';
import type { UidSelection } from './use-uid-selection';
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
              <TableRow key={user.uid} hover selected={selection?.has(user.uid) ?? false}>
                {selection ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selection.has(user.uid)}
                      onChange={() => selection.toggle(user.uid)}
                      slotProps={{ input: { 'aria-label': `Select ${user.uid}` } }}
                    />
                  </TableCell>
                ) : null}
                <TableCell>
                  <Link component={RouterLink} to={paths.user.href(user.uid)}>
                    {user.name}
                  </Link>
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{user.uid}</TableCell>
                <TableCell>{user.role ?? '—'}</TableCell>
                <TableCell>
                  <StatusChip user={user} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DateTime seconds={user.lastActiveAt} />
                </TableCell>
              </TableRow>
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
