import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { User } from '@/api/schemas/user';
import { DateTime } from '@/components/date-time';
import { paths } from '@/config/paths';
import { StatusChip } from './status-chip';

/**
 * One row of the directory. Memoised: a page change first re-renders the table with the rows it has,
 * and with 100 rows of MUI cells that re-render alone costs more than the request.
 */
export const UserRow = memo(function UserRow({
  user,
  selected,
  onToggle,
}: {
  user: User;
  selected: boolean;
  /** Absent when the operator may not act on accounts: no checkbox then. */
  onToggle: ((uid: string) => void) | undefined;
}) {
  return (
    <TableRow hover selected={selected}>
      {onToggle ? (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selected}
            onChange={() => onToggle(user.uid)}
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
  );
});
