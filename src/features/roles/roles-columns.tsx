import CircularProgress from '@mui/material/CircularProgress';
import { Link } from 'react-router';
import { describeError } from '@/api/errors';
import type { Role } from '@/api/schemas/role';
import { DateTime } from '@/components/date-time';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { cellClasses as c } from '@/components/paged-table-styles';
import { paths } from '@/config/paths';
import { reportedDate } from './reported-model';
import type { RoleDifferences } from './use-role-differences';

const keys = (n: number) => `${n} ${n === 1 ? 'key' : 'keys'}`;

function DifferencesCell({
  differences,
  role,
}: {
  differences: RoleDifferences | undefined;
  role: string;
}) {
  if (!differences || differences.status === 'pending') {
    return <CircularProgress size={16} aria-label={`Counting the differences of ${role}`} />;
  }
  if (differences.status === 'error') return <>Not available: {describeError(differences.error)}</>;
  if (differences.status === 'unknown') {
    return <span className={c.muted}>Unknown: not reported yet</span>;
  }
  const { differing, other, reportedAt } = differences;
  return (
    <>
      {differing === 0 ? 'None (all defaults)' : keys(differing)}
      {other > 0 ? (
        <span className={c.muted}>{` + ${other} other ${other === 1 ? 'key' : 'keys'}`}</span>
      ) : null}
      <span className={c.note}>as reported on {reportedDate(reportedAt)}</span>
    </>
  );
}

/** The app's roles; `differencesOf` tells how a role's reported map differs from the defaults. */
export function rolesTable(
  differencesOf: (role: Role) => RoleDifferences | undefined,
): PagedTableSpec<Role> {
  return {
    label: 'Roles',
    noun: 'role',
    rowId: (role) => role.role,
    columns: [
      valueColumn(
        'role',
        'Role',
        (role) => (
          <Link className={c.link} to={paths.role.href(role.role)}>
            {role.role}
          </Link>
        ),
        { className: c.mono },
      ),
      valueColumn('name', 'Name', (role) => role.name),
      valueColumn('description', 'Description', (role) => role.description?.trim() || '—', {
        className: c.muted,
      }),
      valueColumn('differences', 'Differs from defaults', (role) => (
        <DifferencesCell differences={differencesOf(role)} role={role.role} />
      )),
      valueColumn(
        'updated',
        'Updated',
        (role) => <DateTime seconds={role.updatedAt ?? role.createdAt} />,
        { className: c.noWrap },
      ),
    ],
  };
}
