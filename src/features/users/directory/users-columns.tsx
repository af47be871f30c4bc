import type { User } from '@/api/schemas/user';
import { valueColumn, type PagedTableSpec } from '@/components/paged-table-columns';
import { cellClasses as c } from '@/components/paged-table-styles';
import { lastActiveColumn, userIdentityColumns, userRowId } from '@/components/user-columns';
import { userState, userStateLabels } from '../status-chip';

const statusClass = {
  deactivated: `${c.chip} ${c.chipAlert}`,
  available: `${c.chip} ${c.chipSuccess}`,
  offline: c.chip,
};

/** The directory, in plain elements (router links, styled spans) rather than MUI components per cell. */
export const usersTable: PagedTableSpec<User> = {
  label: 'Users',
  noun: 'user',
  rowId: userRowId,
  columns: [
    ...userIdentityColumns,
    valueColumn('status', 'Status', (user) => {
      const state = userState(user);
      return <span className={statusClass[state]}>{userStateLabels[state]}</span>;
    }),
    lastActiveColumn,
  ],
};
