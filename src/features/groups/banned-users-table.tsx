import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';
import type { User } from '@/api/schemas/user';
import { DateTime } from '@/components/date-time';
import { deniedReason } from '@/config/capabilities';
import { paths } from '@/config/paths';
import { pageSizes } from './list-params';
import { PagePagination } from '@/components/page-pagination';

interface Props {
  users: User[];
  total: number;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /** Undefined when the operator may not unban. */
  onUnban: ((user: User) => void) | undefined;
}

export function BannedUsersTable({
  users,
  total,
  page,
  perPage,
  onPageChange,
  onPerPageChange,
  onUnban,
}: Props) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Banned users" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Uid</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Last active</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.uid} hover>
                <TableCell>
                  <Link component={RouterLink} to={paths.user.href(user.uid)}>
                    {user.name}
                  </Link>
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{user.uid}</TableCell>
                <TableCell>{user.role ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <DateTime seconds={user.lastActiveAt} />
                </TableCell>
                <TableCell align="right">
                  <Tooltip title={onUnban ? '' : deniedReason('manageBans')}>
                    <span>
                      <Button
                        size="small"
                        disabled={!onUnban}
                        onClick={() => onUnban?.(user)}
                        aria-label={`Unban ${user.uid}`}
                      >
                        Unban
                      </Button>
                    </span>
                  </Tooltip>
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
        perPageLabel="Banned users per page"
        onPageChange={onPageChange}
        onPerPageChange={onPerPageChange}
      />
    </Paper>
  );
}
