import type { User } from '@/api/schemas/user';
import { DateTime } from './date-time';
import { valueColumn, type PagedColumn } from './paged-table-columns';
import { cellClasses as c } from './paged-table-styles';
import { UserLink } from './user-link';

/** The columns a list of users starts with: the name and the uid (links to the user's page) and the role. */
export const userIdentityColumns: PagedColumn<User>[] = [
  valueColumn('name', 'Name', (user) => (
    <UserLink className={c.link} uid={user.uid}>
      {user.name}
    </UserLink>
  )),
  valueColumn('uid', 'Uid', (user) => <UserLink className={c.link} uid={user.uid} />, {
    className: c.mono,
  }),
  valueColumn('role', 'Role', (user) => user.role ?? '—'),
];

export const lastActiveColumn = valueColumn<User>(
  'lastActive',
  'Last active',
  (user) => <DateTime seconds={user.lastActiveAt} />,
  { className: c.noWrap },
);

export const userRowId = (user: User) => user.uid;
