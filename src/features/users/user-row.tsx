import { memo } from 'react';
import { Link } from 'react-router';
import type { User } from '@/api/schemas/user';
import { DateTime } from '@/components/date-time';
import { paths } from '@/config/paths';
import { userState, userStateLabels } from './status-chip';
import { rowClasses as c } from './users-table-styles';

const statusClass = {
  deactivated: `${c.status} ${c.deactivated}`,
  available: `${c.status} ${c.available}`,
  offline: c.status,
};

/**
 * One row of the directory, in plain table elements styled once by the table (users-table-styles.ts):
 * MUI's styled cells, checkbox and chip cost several times the request for a page of 100. Memoised, so
 * a selection change re-renders only the row whose box changed.
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
  const state = userState(user);
  return (
    <tr className={selected ? c.selected : undefined}>
      {onToggle ? (
        <td className={c.checkCell}>
          <span className={c.check}>
            <input
              type="checkbox"
              checked={selected}
              onChange={() => onToggle(user.uid)}
              aria-label={`Select ${user.uid}`}
            />
            <span className={c.checkIcon} />
          </span>
        </td>
      ) : null}
      <td>
        <Link className={c.link} to={paths.user.href(user.uid)}>
          {user.name}
        </Link>
      </td>
      <td className={c.uid}>{user.uid}</td>
      <td>{user.role ?? '—'}</td>
      <td>
        <span className={statusClass[state]}>{userStateLabels[state]}</span>
      </td>
      <td className={c.noWrap}>
        <DateTime seconds={user.lastActiveAt} />
      </td>
    </tr>
  );
});
