import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { describeError } from '@/api/errors';
import type { Role } from '@/api/schemas/role';
import { DateTime } from '@/components/date-time';
import { paths } from '@/config/paths';
import { reportedDate } from './reported-model';
import type { RoleDifferences } from './use-role-differences';

function DifferencesCell({ differences, role }: { differences: RoleDifferences | undefined; role: string }) {
  if (!differences || differences.status === 'pending') {
    return <CircularProgress size={16} aria-label={`Counting the differences of ${role}`} />;
  }
  if (differences.status === 'error') {
    return <Typography variant="body2">Not available: {describeError(differences.error)}</Typography>;
  }
  if (differences.status === 'unknown') {
    return (
      <Typography variant="body2" color="textSecondary">
        Unknown: not reported yet
      </Typography>
    );
  }
  const { differing, other, reportedAt } = differences;
  return (
    <>
      {differing === 0 ? 'None (all defaults)' : `${differing} ${differing === 1 ? 'key' : 'keys'}`}
      {other > 0 ? (
        <Typography component="span" variant="body2" color="textSecondary">
          {` + ${other} other ${other === 1 ? 'key' : 'keys'}`}
        </Typography>
      ) : null}
      <Typography variant="body2" color="textSecondary">
        as reported on {reportedDate(reportedAt)}
      </Typography>
    </>
  );
}

export function RolesTable({ roles, differences }: { roles: readonly Role[]; differences: readonly RoleDifferences[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Roles">
        <TableHead>
          <TableRow>
            <TableCell>Role</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Differs from defaults</TableCell>
            <TableCell>Updated</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {roles.map((role, index) => (
            <TableRow key={role.role} hover>
              <TableCell sx={{ fontFamily: 'monospace' }}>
                <Link component={RouterLink} to={paths.role.href(role.role)}>
                  {role.role}
                </Link>
              </TableCell>
              <TableCell>{role.name}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{role.description?.trim() || '—'}</TableCell>
              <TableCell>
                <DifferencesCell differences={differences[index]} role={role.role} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <DateTime seconds={role.updatedAt ?? role.createdAt} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
