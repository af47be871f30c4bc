import { Link } from 'react-router';
import type { User } from '@/api/schemas/user';
import { paths } from '@/config/paths';
import { DateTime } from './date-time';
import { valueColumn, type PagedColumn } from './paged-table-columns';
import { cellClasses as c } from './paged-table-styles';

/** The columns a list of users starts with: the name (a link to the user's page), the uid and the role. */
export const userIdentityColumns: PagedColumn<User>[] = [
  valueColumn('name', 'Name', (user) => (
    <Link className={c.link} to={paths.user.href(user.uid)}>
      {user.name}
    </Link>
  )),
  valueColumn('uid', 'Uid', (user) => user.uid, { className: c.mono }),
  valueColumn('role', 'Role', (user) => user.role ?? '—'),
];

export const lastActiveColumn = valueColumn<User>(
  'lastActive',
  'Last active',
  (user) => <DateTime seconds={user.lastActiveAt} />,
  { className: c.noWrap },
);

export const userRowId = (user: User) => user.uid;
